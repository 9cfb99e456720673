import type { Database, Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { depositByBill } from '../orders/deposit/deposit-repository.js';
import { transitionDeposit } from '../orders/deposit/deposit-service.js';
import { PaymentProviderError, type PaymentCallback, type PaymentProvider } from './payment-provider.js';

/**
 * What became of a callback: `applied` (the order moved), `duplicate` (this event was
 * seen before: nothing changes), or `ignored:<why>` (stored, nothing changes: unknown
 * order, amount or reference mismatch, or an order already final).
 */
export type CallbackResult = 'applied' | 'duplicate' | `ignored:${string}`;

/**
 * Handles one provider callback: verifies its signature (PaymentProviderError
 * 'badSignature' or 'malformed' otherwise), stores its event id once, and moves the
 * deposit order (providerPaid credits the member; providerFailed closes it), all in one
 * transaction. A repeated event, even sent twice at once, changes nothing.
 *
 * @example const result = await handleCallback(db, sandbox, rawBody, headers, Date.now()); // 'applied'
 */
export async function handleCallback(
  db: Database,
  provider: PaymentProvider,
  rawBody: string,
  headers: Readonly<Record<string, string | undefined>>,
  nowMs: number,
): Promise<CallbackResult> {
  const callback = provider.parseCallback(rawBody, headers);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO payment_callbacks (provider, event_id, bill_no, outcome, result) VALUES ($1, $2, $3, $4, 'pending')
       ON CONFLICT (provider, event_id) DO NOTHING RETURNING id`,
      [provider.name, callback.eventId, callback.billNo, callback.outcome],
    );
    if (rows.length === 0) return 'duplicate';
    const result = await applyCallback(tx, provider, callback, nowMs);
    await tx.query('UPDATE payment_callbacks SET result = $3 WHERE provider = $1 AND event_id = $2', [provider.name, callback.eventId, result]);
    return result;
  });
}

async function applyCallback(tx: Queryable, provider: PaymentProvider, callback: PaymentCallback, nowMs: number): Promise<CallbackResult> {
  const order = await depositByBill(tx, callback.billNo, true);
  if (!order || order.provider !== provider.name) return 'ignored:unknown order';
  if (order.provider_ref !== callback.providerRef) return 'ignored:reference mismatch';
  if (order.amount_minor !== callback.amountMinor) return 'ignored:amount mismatch';
  try {
    await transitionDeposit(tx, order, callback.outcome === 'paid' ? 'providerPaid' : 'providerFailed', `provider:${provider.name}`, nowMs);
    return 'applied';
  } catch (error) {
    if (error instanceof BusinessError) return `ignored:order is ${order.state}`;
    throw error;
  }
}

export { PaymentProviderError };
