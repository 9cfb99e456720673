import { describe, expect, it } from 'vitest';
import { isBeijingToday } from './record-days.js';

describe('the Beijing day', () => {
  it('counts "today" by the Beijing calendar (UTC+8), not the UTC date', () => {
    // 23:30 and 00:30 Beijing time: one UTC day, two Beijing days.
    expect(isBeijingToday('2026-11-26T15:30:00.000Z', Date.parse('2026-11-26T16:30:00.000Z'))).toBe(false);
    // 01:00 and 09:00 Beijing time on 27 November: two UTC days, one Beijing day.
    expect(isBeijingToday('2026-11-26T17:00:00.000Z', Date.parse('2026-11-27T01:00:00.000Z'))).toBe(true);
    expect(isBeijingToday(null, Date.now())).toBe(false);
    expect(isBeijingToday('not a time', Date.now())).toBe(false);
  });
});
