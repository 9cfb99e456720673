/** Each studio game's picture: a small SVG drawn here, served as a data: URL (strict CSP: img-src 'self' data:). */

/**
 * A 160 x 120 tile: a coloured card, a disc and a short ASCII label.
 * @example gameImage('777', '#7b1e3a', '#f5c542')
 */
export function gameImage(label: string, background: string, accent: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120" viewBox="0 0 160 120">` +
    `<rect width="160" height="120" rx="14" fill="${background}"/>` +
    `<circle cx="80" cy="60" r="42" fill="${accent}" opacity="0.9"/>` +
    `<text x="80" y="${label.length > 3 ? 69 : 72}" font-family="Arial,sans-serif" font-size="${label.length > 3 ? 24 : 32}" font-weight="700" text-anchor="middle" fill="${background}">${label}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
