import { describe, expect, it } from 'vitest';
import { carnivalModal } from '@lobby/sdk';
import { REFRESH_GUARD_KEY, refreshTooSoon } from './refresh-guard.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('the carnival page rules', () => {
  it('says "don\'t refresh" when the same activity loads again within 5000 ms, and stores the load otherwise', () => {
    const storage = memoryStorage();
    expect(refreshTooSoon(storage, 7, 10_000)).toBe(false);
    expect(JSON.parse(storage.items.get(REFRESH_GUARD_KEY)!)).toEqual({ activityId: 7, at: 10_000 });
    expect(refreshTooSoon(storage, 7, 14_999)).toBe(true);
    expect(refreshTooSoon(storage, 8, 15_000)).toBe(false);
    expect(refreshTooSoon(storage, 8, 20_000)).toBe(false);
    storage.setItem(REFRESH_GUARD_KEY, 'not json');
    expect(refreshTooSoon(storage, 8, 20_001)).toBe(false);
  });
  it('opens the modal the spec names after each apply step', () => {
    expect(carnivalModal(1, 200)).toBe(1);
    expect(carnivalModal(1, 711)).toBe(2);
    expect(carnivalModal(2, 200)).toBe(3);
    expect(carnivalModal(2, 711)).toBe(2);
    expect(carnivalModal(2, 270001)).toBe(1);
  });
});
