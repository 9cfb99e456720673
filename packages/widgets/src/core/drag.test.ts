import { describe, expect, it } from 'vitest';
import { CLICK_THRESHOLD_MS, clampToViewport, isClickPress, keyMove, snapToEdge } from '@lobby/widgets';

const ball = { width: 102, height: 102 };
const viewport = { width: 800, height: 600 };

describe('dragging', () => {
  it('treats a press shorter than 350 ms as a click and 350 ms or more as a drag', () => {
    expect(CLICK_THRESHOLD_MS).toBe(350);
    expect(isClickPress(349)).toBe(true);
    expect(isClickPress(350)).toBe(false);
  });

  it('snaps to the nearer side edge and stays inside the viewport', () => {
    expect(snapToEdge({ x: 290, y: 100 }, ball, viewport)).toEqual({ x: 0, y: 100 });
    expect(snapToEdge({ x: 360, y: 100 }, ball, viewport)).toEqual({ x: 698, y: 100 });
    expect(snapToEdge({ x: 360, y: 900 }, ball, viewport)).toEqual({ x: 698, y: 498 });
  });

  it('clamps without snapping', () => {
    expect(clampToViewport({ x: -5, y: 300 }, ball, viewport)).toEqual({ x: 0, y: 300 });
    expect(clampToViewport({ x: 300, y: -1 }, ball, viewport)).toEqual({ x: 300, y: 0 });
  });

  it('moves by arrow keys, farther with Shift, and ignores other keys', () => {
    expect(keyMove('ArrowLeft', false)).toEqual({ x: -10, y: 0 });
    expect(keyMove('ArrowDown', true)).toEqual({ x: 0, y: 50 });
    expect(keyMove('a', false)).toBeNull();
  });
});
