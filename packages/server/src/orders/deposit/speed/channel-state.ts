import type { PAY_CHANNEL_STATES } from '@lobby/sdk';
import type { Queryable } from '../../../db/database.js';

/** A pay channel's state on a brand, as an operator set it (open when no row says otherwise). */
export type PayChannelState = (typeof PAY_CHANNEL_STATES)[number];

/**
 * Every channel state of a brand that is not open, by pay type id.
 *
 * @example (await channelStatesOf(db, 4)).get('912') // 'maintenance' | undefined
 */
export async function channelStatesOf(q: Queryable, siteId: number): Promise<Map<string, PayChannelState>> {
  const { rows } = await q.query<{ pay_type_id: string; state: PayChannelState }>(
    `SELECT pay_type_id, state FROM pay_channel_states WHERE site_id = $1 AND state <> 'open'`,
    [siteId],
  );
  return new Map(rows.map((row) => [row.pay_type_id, row.state]));
}

/** One channel's state on a brand. */
export async function channelStateOf(q: Queryable, siteId: number, payTypeId: string): Promise<PayChannelState> {
  return (await channelStatesOf(q, siteId)).get(payTypeId) ?? 'open';
}

/** Sets a channel's state (an operator's call), remembering who set it. */
export async function setChannelState(q: Queryable, siteId: number, payTypeId: string, state: PayChannelState, actor: string): Promise<void> {
  await q.query(
    `INSERT INTO pay_channel_states (site_id, pay_type_id, state, updated_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (site_id, pay_type_id) DO UPDATE SET state = EXCLUDED.state, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [siteId, payTypeId, state, actor],
  );
}
