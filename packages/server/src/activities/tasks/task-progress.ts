import type { Queryable } from '../../db/database.js';
import { balancesOf } from '../../ledger/index.js';
import { memberFacts } from '../engine/index.js';

/** What a member did in their task days, read from the real records (deposit orders, withdrawal draws, game bets, the ledger). */
export interface TaskFacts {
  registeredAt: Date;
  depositsMinor: number;
  withdrawalsMinor: number;
  /** The largest valid bet of one settled game bet. */
  largestBetMinor: number;
  turnoverMinor: number;
  centreMinor: number;
}

/**
 * The member's task facts in `window`: confirmed deposits (orders completed, 104),
 * completed withdrawal draws (4015), settled game bets, and the centre balance now.
 */
export async function taskFacts(q: Queryable, memberId: number, window: { from: Date; to: Date }): Promise<TaskFacts> {
  const facts = await memberFacts(q, memberId, window);
  const { rows } = await q.query<{ withdrawals: string | number; largest: string | number }>(
    `SELECT (SELECT coalesce(sum(amount_minor), 0) FROM withdrawal_draws WHERE member_id = $1 AND state = 4015 AND currency = 'CNY' AND updated_at >= $2 AND updated_at < $3) AS withdrawals,
            (SELECT coalesce(max(valid_bet_minor), 0) FROM game_bets WHERE member_id = $1 AND status = 'settled' AND settled_at >= $2 AND settled_at < $3) AS largest`,
    [memberId, window.from, window.to],
  );
  const balances = await balancesOf(q, memberId);
  return {
    registeredAt: facts.registeredAt,
    depositsMinor: facts.depositsMinor,
    withdrawalsMinor: Number(rows[0]?.withdrawals ?? 0),
    largestBetMinor: Number(rows[0]?.largest ?? 0),
    turnoverMinor: facts.turnoverMinor,
    centreMinor: balances.get('centre') ?? 0,
  };
}

/** Today's deposits and valid bets (a Beijing day), for the package's sign. */
export async function dayFacts(q: Queryable, memberId: number, day: { from: Date; to: Date }): Promise<{ depositMinor: number; betMinor: number }> {
  const facts = await memberFacts(q, memberId, day);
  return { depositMinor: facts.depositsMinor, betMinor: facts.turnoverMinor };
}
