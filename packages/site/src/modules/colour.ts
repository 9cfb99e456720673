/**
 * True for a dark colour (`#rgb` or `#rrggbb`), by its relative luminance (WCAG), so text
 * on it must be light. Anything unreadable counts as light.
 *
 * @example isDarkColour('#101820') // true
 */
export function isDarkColour(colour: string): boolean {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return false;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((start) => {
    const channel = parseInt(full.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 0.18;
}
