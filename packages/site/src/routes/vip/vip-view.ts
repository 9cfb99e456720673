import { $language, formatWireMoney, newIdempotencyKey } from '@lobby/sdk';

/**
 * A yuan amount of the wire (at most 2 decimals) for display, with thousands separators,
 * formatted from its integer minor units (no float arithmetic).
 *
 * @example formatYuan(1234.5) // '1,234.50'
 */
export function formatYuan(amount: number): string {
  return formatWireMoney(amount, 2, $language.get());
}

/**
 * One idempotency key per user action: the key for an action is kept until the action is
 * answered, so a double click or a retry after a lost answer sends the same key, and the
 * next action gets a new one.
 *
 * @example const keys = createActionKeys(); const key = keys.keyFor('upgrade:3'); ... keys.settled('upgrade:3')
 */
export function createActionKeys(makeKey: () => string = newIdempotencyKey) {
  const pending = new Map<string, string>();
  return {
    keyFor(action: string): string {
      let key = pending.get(action);
      if (key === undefined) {
        key = makeKey();
        pending.set(action, key);
      }
      return key;
    },
    /** The action got its answer (success or refusal): its next attempt is a new action. */
    settled(action: string): void {
      pending.delete(action);
    },
  };
}

/** The badge image of a level from the base config's VIP icons ('v0' to 'v10'). */
export function badgeOf(vipIcons: Readonly<Record<string, string>> | undefined, level: number): string | undefined {
  return vipIcons?.[`v${level}`];
}
