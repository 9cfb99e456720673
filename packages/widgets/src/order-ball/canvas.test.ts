import { describe, expect, it } from 'vitest';
import { BALL_COLOURS } from './canvas.js';

/** WCAG 2 relative luminance of a #rrggbb or #rgb colour. */
function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(digits.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('order ball colours', () => {
  it('keeps the canvas text readable on both balls (WCAG AA, 4.5:1), which axe cannot check on a canvas', () => {
    expect(contrast(BALL_COLOURS.text, '#f5a623')).toBeLessThan(4.5); // the old deposit orange failed
    expect(contrast(BALL_COLOURS.text, BALL_COLOURS.deposit)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(BALL_COLOURS.text, BALL_COLOURS.withdrawal)).toBeGreaterThanOrEqual(4.5);
  });
});
