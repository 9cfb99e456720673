import { createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of a signed provider callback. */
export const CALLBACK_HEADER = { signature: 'x-provider-signature', timestamp: 'x-provider-timestamp' } as const;
/** A callback older or newer than this is refused, so a captured one cannot be replayed later. */
export const CALLBACK_WINDOW_MS = 5 * 60 * 1000;

/**
 * HMAC-SHA256 (hex) of `<timestamp>.<body>` with the provider's secret, as providers
 * such as Stripe sign their webhooks.
 *
 * @example signCallback('secret', '1700000000000', '{"eventId":"e1"}') // '9f2c...'
 */
export function signCallback(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** True when the signature matches and the timestamp is within the window of `nowMs`. */
export function verifyCallbackSignature(secret: string, rawBody: string, timestamp: string | undefined, signature: string | undefined, nowMs: number): boolean {
  if (!timestamp || !signature || !/^\d{1,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(nowMs - Number(timestamp)) > CALLBACK_WINDOW_MS) return false;
  const expected = Buffer.from(signCallback(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
