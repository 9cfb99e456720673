import type { Queryable } from '../db/database.js';

/**
 * Records one state change of an order (kept forever, for the back office and audits),
 * stamped with the app clock's `atMs` like the order row it changes, so counts by day
 * (speed cancellations) and the order agree on the time.
 *
 * @example await recordOrderEvent(tx, { kind: 'deposit', billNo, event: 'memberPaid', from: 101, to: 102, actor: 'member:7', atMs: nowMs });
 */
export async function recordOrderEvent(
  q: Queryable,
  e: { kind: 'deposit' | 'withdrawal'; billNo: string; event: string; from: number | null; to: number; actor: string; atMs: number },
): Promise<void> {
  await q.query(
    'INSERT INTO order_events (kind, bill_no, event, from_state, to_state, actor, created_at) VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7::float8 / 1000.0))',
    [e.kind, e.billNo, e.event, e.from, e.to, e.actor, e.atMs],
  );
}

/** The events of an order, oldest first. */
export async function orderEventsOf(q: Queryable, billNo: string): Promise<{ event: string; from_state: number | null; to_state: number; actor: string }[]> {
  const { rows } = await q.query<{ event: string; from_state: number | null; to_state: number; actor: string }>(
    'SELECT event, from_state, to_state, actor FROM order_events WHERE bill_no = $1 ORDER BY id',
    [billNo],
  );
  return rows;
}
