import { qrPath } from '@lobby/sdk';

/** The pure encoder lives in the sdk (the site draws the USDT deposit address with it too). */
export { qrPath };

/** Spec section 2: the download block's QR code is 106 pixels square. */
export const QR_CODE_SIZE = 106;

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
