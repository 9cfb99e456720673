import { describe, expect, it } from 'vitest';
import { createRefreshGuard, EURO_REFRESH_GUARD_MS, type KeyValueStorage } from '@lobby/sdk';

function memory(): KeyValueStorage {
  const data = new Map<string, string>();
  return { getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value), removeItem: (key) => void data.delete(key) };
}

describe('euro refresh guard (spec section 5)', () => {
  it('refuses the same activity within 5000 ms with "don\'t refresh"', () => {
    let nowMs = 1_000_000;
    const store = memory();
    const guard = createRefreshGuard({ now: () => nowMs, storage: () => store });
    expect(EURO_REFRESH_GUARD_MS).toBe(5000);
    expect(guard.check(7)).toEqual({ ok: true, value: true });
    nowMs += 4999;
    expect(guard.check(7)).toEqual({ ok: false, error: 'dontRefresh' });
    nowMs += 1;
    expect(guard.check('7')).toEqual({ ok: true, value: true });
  });

  it('allows another activity at once and stores it', () => {
    let nowMs = 0;
    const store = memory();
    const guard = createRefreshGuard({ now: () => nowMs, storage: () => store });
    guard.check(1);
    nowMs = 10;
    expect(guard.check(2).ok).toBe(true);
    expect(JSON.parse(store.getItem('lobby.euroRefresh')!)).toEqual({ activityId: '2', atMs: 10 });
    nowMs = 20;
    expect(guard.check(1).ok).toBe(true);
  });

  it('a refused attempt does not extend the window', () => {
    let nowMs = 0;
    const store = memory();
    const guard = createRefreshGuard({ now: () => nowMs, storage: () => store });
    guard.check(1);
    nowMs = 4000;
    guard.check(1);
    nowMs = 5000;
    expect(guard.check(1).ok).toBe(true);
  });

  it('shares its memory between guards through storage (a page reload)', () => {
    const store = memory();
    createRefreshGuard({ now: () => 0, storage: () => store }).check(3);
    expect(createRefreshGuard({ now: () => 100, storage: () => store }).check(3).ok).toBe(false);
  });
});
