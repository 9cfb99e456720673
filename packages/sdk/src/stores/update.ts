import type { WritableAtom } from 'nanostores';

/** The outcome of a guarded state update. */
export type UpdateResult = { ok: true } | { ok: false; error: unknown };

/**
 * Computes a store's next value and sets it only when the computation succeeds: any error
 * inside a state update leaves the state unchanged (spec section 8). The error is returned,
 * not thrown, so a bad server payload never breaks the page.
 *
 * @example updateStore($wallet, () => checkedWallet(raw)) // { ok: false, error } on bad data
 */
export function updateStore<T>(store: WritableAtom<T>, next: (current: T) => T): UpdateResult {
  let value: T;
  try {
    value = next(store.get());
  } catch (error) {
    return { ok: false, error };
  }
  store.set(value);
  return { ok: true };
}
