/**
 * A small picture as a data URL, so seeded brands and the built-in gifts show images
 * without asset files (and under the strict CSP: img-src 'self' data:).
 *
 * @example badge('V3', '#b8860b', 48, 48)
 */
export function badge(text: string, background: string, width = 160, height = 48): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" rx="8" fill="${background}"/>` +
    `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(height / 2.4)}" fill="#fff">${text}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
