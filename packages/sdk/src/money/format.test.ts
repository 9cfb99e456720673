import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, formatWireMoney } from '@lobby/sdk';

describe('money and dates as text', () => {
  it('writes 10,000.00 the same way in both languages', () => {
    expect(formatMoney(1_000_000, 2, 'en')).toBe('10,000.00');
    expect(formatMoney(1_000_000, 2, 'zh-CN')).toBe('10,000.00');
    expect(formatWireMoney(10000, 2, 'en')).toBe('10,000.00');
  });

  it('formats from minor units without rounding, any size, any sign', () => {
    expect(formatMoney(5, 2, 'en')).toBe('0.05');
    expect(formatMoney(-123_456, 2, 'en')).toBe('-1,234.56');
    expect(formatMoney(1_234_567_890_123_456_789n, 6, 'en')).toBe('1,234,567,890,123.456789');
    expect(formatMoney(58, 0, 'en')).toBe('58');
    expect(formatWireMoney(0.1 + 0.2 - 0.00000000000000004, 2, 'en')).toBe('0.30');
    expect(() => formatMoney(1.5, 2)).toThrow(/minor units/);
  });

  it('writes a moment to the minute in the language', () => {
    const at = new Date(2025, 0, 2, 3, 4);
    expect(formatDateTime(at, 'en')).toBe('01/02/2025, 03:04');
    expect(formatDateTime(at.getTime(), 'zh-CN')).toBe('2025/01/02 03:04');
  });
});
