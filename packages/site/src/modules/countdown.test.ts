import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from './countdown.js';

describe('countdown', () => {
  it('counts down from the server seconds by the time passed since the fetch, never below 0', () => {
    expect(secondsLeft(90, 1_000, 1_999)).toBe(90);
    expect(secondsLeft(90, 1_000, 31_000)).toBe(60);
    expect(secondsLeft(90, 1_000, 500_000)).toBe(0);
  });
  it('formats mm:ss and h:mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(125)).toBe('02:05');
    expect(formatCountdown(3_725)).toBe('1:02:05');
  });
});
