import { encode } from 'uqr';

/** Spec section 2: the download block's QR code is 106 pixels square. */
export const QR_CODE_SIZE = 106;

/**
 * One SVG path of the dark modules of `text`'s QR code (quiet zone of 2 modules), and
 * the module count, so the code draws as a single element with no inline style.
 *
 * @example qrPath('https://a.example').modules // 25
 */
export function qrPath(text: string): { path: string; modules: number } {
  const qr = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  qr.data.forEach((row, y) => row.forEach((dark, x) => (path += dark ? `M${x} ${y}h1v1h-1z` : '')));
  return { path, modules: qr.size };
}

/** The QR code of `text` as an SVG of QR_CODE_SIZE pixels. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { path, modules } = qrPath(text);
  return (
    <svg class="qr" role="img" aria-label={label} width={QR_CODE_SIZE} height={QR_CODE_SIZE} viewBox={`0 0 ${modules} ${modules}`} shape-rendering="crispEdges">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
