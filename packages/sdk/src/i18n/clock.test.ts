import { describe, expect, it } from 'vitest';
import { formatClock } from './clock.js';

describe('clock', () => {
  it('formats mm:ss and h:mm:ss', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(125)).toBe('02:05');
    expect(formatClock(3_725)).toBe('1:02:05');
  });
  it('shows hours always or from an hour on, padded to two digits when asked, never below zero', () => {
    expect(formatClock(59, { hours: 'always' })).toBe('0:00:59');
    expect(formatClock(36_000 + 61, { hours: 'always' })).toBe('10:01:01');
    expect(formatClock(3_725, { padHours: true })).toBe('01:02:05');
    expect(formatClock(65, { padHours: true })).toBe('01:05');
    expect(formatClock(5, { hours: 'always', padHours: true })).toBe('00:00:05');
    expect(formatClock(-3)).toBe('00:00');
    expect(formatClock(59.9)).toBe('00:59');
  });
});
