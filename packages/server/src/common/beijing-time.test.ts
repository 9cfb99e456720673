import { describe, expect, it } from 'vitest';
import { beijingDayBounds, beijingDayKey, beijingDayStartMs, beijingMonthAt, beijingMonthOf } from './beijing-time.js';

describe('Beijing time (UTC+8 all year)', () => {
  it('cuts days at 16:00 UTC', () => {
    expect(beijingDayKey(Date.parse('2026-11-26T15:59:59.999Z'))).toBe('2026-11-26');
    expect(beijingDayKey(Date.parse('2026-11-26T16:00:00Z'))).toBe('2026-11-27');
    expect(new Date(beijingDayStartMs(Date.parse('2026-11-26T17:30:00Z'))).toISOString()).toBe('2026-11-26T16:00:00.000Z');
    expect(new Date(beijingDayStartMs(Date.parse('2026-11-26T15:30:00Z'))).toISOString()).toBe('2026-11-25T16:00:00.000Z');
  });

  it('bounds a calendar day and refuses one that does not exist', () => {
    expect(beijingDayBounds('2026-11-27')).toEqual({ from: new Date('2026-11-26T16:00:00Z'), to: new Date('2026-11-27T16:00:00Z') });
    expect(beijingDayBounds('2026-02-30')).toBeUndefined();
    expect(beijingDayBounds('2026-11-7')).toBeUndefined();
    expect(beijingDayBounds('tomorrow')).toBeUndefined();
  });

  it('cuts months at 16:00 UTC on the last day of the month before, across years', () => {
    expect(beijingMonthAt(new Date('2026-11-30T17:00:00Z'))).toEqual({ month: '2026-12', from: new Date('2026-11-30T16:00:00Z'), to: new Date('2026-12-31T16:00:00Z') });
    expect(beijingMonthAt(new Date('2026-11-30T15:00:00Z'), -1)).toEqual(beijingMonthOf(2026, 9));
    expect(beijingMonthAt(new Date('2026-01-15T00:00:00Z'), -1).month).toBe('2025-12');
    expect(beijingMonthOf(2026, 12).month).toBe('2027-01');
  });
});
