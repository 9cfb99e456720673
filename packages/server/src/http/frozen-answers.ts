import { CODE, type Envelope } from '@lobby/sdk';

/** The envelope text of each frozen answer, built once; it goes with the answer. */
const envelopeTexts = new WeakMap<object, string>();

/**
 * Freezes an answer and everything in it, so `registerCall` may serialize its envelope once
 * and send the same text for as long as the handler answers this very object (a read
 * memoized by its inputs, e.g. walletBalance per cached balance entry). A frozen answer
 * cannot change under its cached text.
 *
 * @example return memo ??= frozenAnswer(walletBalanceOf(balances, venues, rate, maintaining));
 */
export function frozenAnswer<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozenAnswer(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The JSON text of a success envelope whose data is a frozen object (frozenAnswer), the
 * same text JSON.stringify gives, from the cache after the first time; undefined for any
 * other envelope, which is serialized as usual.
 */
export function frozenEnvelopeText(envelope: Envelope<unknown>): string | undefined {
  const { data } = envelope;
  if (envelope.code !== CODE.success || data === null || typeof data !== 'object' || !Object.isFrozen(data)) return undefined;
  let text = envelopeTexts.get(data);
  if (text === undefined) {
    text = JSON.stringify(envelope);
    envelopeTexts.set(data, text);
  }
  return text;
}
