import { CODE, type Envelope } from '@lobby/sdk';

/** The envelope bytes of each frozen answer, built once; they go with the answer. */
const envelopeBytes = new WeakMap<object, Buffer>();

/**
 * Freezes an answer and everything in it, so `registerCall` may serialize its envelope once
 * and send the same bytes for as long as the handler answers this very object (a read
 * memoized by its inputs, e.g. walletBalance per cached balance entry). A frozen answer
 * cannot change under its cached bytes.
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
 * The UTF-8 JSON of a success envelope whose data is a frozen object (frozenAnswer): the
 * bytes of the text JSON.stringify gives, built the first time and then the same Buffer
 * (never written to), so an answer's text is neither serialized, measured nor encoded
 * again per request (walletBalance carries the venues' Chinese names, whose UTF-8 length
 * and encoding are not free). Undefined for any other envelope, serialized as usual.
 */
export function frozenEnvelopeBytes(envelope: Envelope<unknown>): Buffer | undefined {
  const { data } = envelope;
  if (envelope.code !== CODE.success || data === null || typeof data !== 'object' || !Object.isFrozen(data)) return undefined;
  let bytes = envelopeBytes.get(data);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(envelope), 'utf8');
    envelopeBytes.set(data, bytes);
  }
  return bytes;
}
