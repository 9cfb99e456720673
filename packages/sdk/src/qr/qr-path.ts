import { encode } from 'uqr';

/**
 * A QR code as data for a strict-CSP page: one SVG path of the dark modules of `text`'s
 * code (error correction M, quiet zone of 2 modules) and the module count, so it draws as
 * a single `<path>` inside an SVG whose viewBox is `0 0 modules modules`, with no inline
 * style. Pure (no DOM): the widgets' download block and the site's USDT deposit address
 * both draw with it.
 *
 * @example qrPath('https://a.example').modules // 25
 */
export function qrPath(text: string): { path: string; modules: number } {
  const qr = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  qr.data.forEach((row, y) => row.forEach((dark, x) => (path += dark ? `M${x} ${y}h1v1h-1z` : '')));
  return { path, modules: qr.size };
}
