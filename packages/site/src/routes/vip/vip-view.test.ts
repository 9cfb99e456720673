import { describe, expect, it } from 'vitest';
import { badgeOf, createActionKeys, formatYuan } from './vip-view.js';

describe('VIP page helpers', () => {
  it('formats yuan from minor units with separators and two decimals', () => {
    expect(formatYuan(0)).toBe('0.00');
    expect(formatYuan(18)).toBe('18.00');
    expect(formatYuan(1234.5)).toBe('1,234.50');
    expect(formatYuan(10_000_000)).toBe('10,000,000.00');
    expect(formatYuan(0.1 + 0.2 - 0.00000000000000004)).toBe('0.30');
  });

  it('keeps one key per action until it is answered', () => {
    let serial = 0;
    const keys = createActionKeys(() => `key-${(serial += 1)}`);
    expect(keys.keyFor('upgrade:1')).toBe('key-1');
    expect(keys.keyFor('upgrade:1')).toBe('key-1');
    expect(keys.keyFor('month:1:2026-11')).toBe('key-2');
    keys.settled('upgrade:1');
    expect(keys.keyFor('upgrade:1')).toBe('key-3');
  });

  it('finds the badge of a level in the base config', () => {
    expect(badgeOf({ v3: 'data:image/svg+xml,x' }, 3)).toBe('data:image/svg+xml,x');
    expect(badgeOf(undefined, 3)).toBeUndefined();
  });
});
