import { describe, expect, it } from 'vitest';
import { secondsLeft } from './countdown.js';

describe('countdown', () => {
  it('counts down from the server seconds by the time passed since the fetch, never below 0', () => {
    expect(secondsLeft(90, 1_000, 1_999)).toBe(90);
    expect(secondsLeft(90, 1_000, 31_000)).toBe(60);
    expect(secondsLeft(90, 1_000, 500_000)).toBe(0);
  });
});
