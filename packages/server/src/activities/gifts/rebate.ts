import { REBATE_BASIS_POINTS, REBATE_WINDOW_DAYS, fromMinor } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { applyTransfers, ensureAccounts, houseKindFor } from '../../ledger/index.js';

const DAY_MS = 86_400_000;

/** The fan shui rate a buff card adds now: the best card the member holds that has not run out (0 without one). */
export async function buffBasisPointsOf(q: Queryable, memberId: number, now: Date): Promise<number> {
  const cards = await buffCardsOf(q, memberId, now);
  return cards.filter((card) => card.active).reduce((best, card) => Math.max(best, card.rebateBasisPoints), 0);
}

/** The member's exclusive buff cards: virtual gifts with a buff, active for their days from when they were taken. */
export async function buffCardsOf(q: Queryable, memberId: number, now: Date) {
  const { rows } = await q.query<{ activity_id: number; detail: { giftId: string; buff: { rebateBasisPoints: number; days: number } }; created_at: Date; config: { gifts?: { id: string; giftName: string }[] } }>(
    `SELECT c.activity_id, c.detail, c.created_at, p.config FROM promo_claims c JOIN promo_activities p ON p.id = c.activity_id
      WHERE c.member_id = $1 AND c.detail ? 'buff' ORDER BY c.id DESC LIMIT 100`,
    [memberId],
  );
  return rows.map((row) => {
    const takenAt = new Date(row.created_at);
    const expiresAt = new Date(takenAt.getTime() + row.detail.buff.days * DAY_MS);
    return {
      activityId: row.activity_id, giftId: row.detail.giftId, giftName: row.config.gifts?.find((gift) => gift.id === row.detail.giftId)?.giftName ?? row.detail.giftId,
      rebateBasisPoints: row.detail.buff.rebateBasisPoints, takenAt: takenAt.toISOString(), expiresAt: expiresAt.toISOString(), active: now >= takenAt && now < expiresAt,
    };
  });
}

/** The member's settled bets with valid bet in the rebate window that no claim covered yet. */
async function pendingBets(q: Queryable, memberId: number, now: Date): Promise<{ ids: number[]; turnoverMinor: number }> {
  const { rows } = await q.query<{ id: string | number; valid_bet_minor: string | number }>(
    `SELECT b.id, b.valid_bet_minor FROM game_bets b
      WHERE b.member_id = $1 AND b.status = 'settled' AND b.valid_bet_minor > 0 AND b.settled_at > $2 AND b.settled_at <= $3
        AND NOT EXISTS (SELECT 1 FROM promo_rebate_bets r WHERE r.bet_id = b.id)
      ORDER BY b.id LIMIT 20000`,
    [memberId, new Date(now.getTime() - REBATE_WINDOW_DAYS * DAY_MS), now],
  );
  return { ids: rows.map((row) => Number(row.id)), turnoverMinor: rows.reduce((sum, row) => sum + Number(row.valid_bet_minor), 0) };
}

/** Fan shui of a turnover at a rate in basis points, rounded down to the fen. */
export const rebateMinorOf = (turnoverMinor: number, basisPoints: number) => Math.floor((turnoverMinor * basisPoints) / 10_000);

const claimOf = (row: { id: string | number; amount_minor: string | number; turnover_minor: string | number; bets: number; buff_basis_points: number; created_at: Date }) => ({
  id: Number(row.id), amount: fromMinor(Number(row.amount_minor), 2), turnover: fromMinor(Number(row.turnover_minor), 2), bets: Number(row.bets),
  buffBasisPoints: Number(row.buff_basis_points), createdAt: new Date(row.created_at).toISOString(),
});

/** What the fan shui page shows: the rates, what is waiting and the last 20 claims. */
export async function rebateInfo(q: Queryable, memberId: number, now: Date) {
  const pending = await pendingBets(q, memberId, now);
  const buff = await buffBasisPointsOf(q, memberId, now);
  const { rows } = await q.query<Parameters<typeof claimOf>[0]>(
    'SELECT id, amount_minor, turnover_minor, bets, buff_basis_points, created_at FROM promo_rebate_claims WHERE member_id = $1 ORDER BY id DESC LIMIT 20', [memberId]);
  return {
    rateBasisPoints: REBATE_BASIS_POINTS, buffBasisPoints: buff, windowDays: REBATE_WINDOW_DAYS, pendingBets: pending.ids.length,
    pendingTurnover: fromMinor(pending.turnoverMinor, 2), pendingAmount: fromMinor(rebateMinorOf(pending.turnoverMinor, REBATE_BASIS_POINTS + buff), 2), claims: rows.map(claimOf),
  };
}

/**
 * Claims the pending fan shui, inside `tx`: the member's claims serialise on a lock; the
 * covered bets are recorded (each bet once: its id is the key), and the amount moves from
 * the house into the centre wallet as one transfer coded `promo_rebate`. Nothing to claim
 * (no bets, or less than a fen) is refused with rebateNothingToClaim.
 */
export async function claimRebate(tx: Queryable, memberId: number, now: Date) {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`rebate:member:${memberId}`]);
  const pending = await pendingBets(tx, memberId, now);
  const buff = await buffBasisPointsOf(tx, memberId, now);
  const amountMinor = rebateMinorOf(pending.turnoverMinor, REBATE_BASIS_POINTS + buff);
  if (amountMinor < 1) throw new BusinessError('rebateNothingToClaim', `no fan shui to claim: ${pending.ids.length} bets wait, worth less than 0.01`);
  const { rows } = await tx.query<Parameters<typeof claimOf>[0]>(
    `INSERT INTO promo_rebate_claims (member_id, amount_minor, turnover_minor, bets, buff_basis_points, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id, amount_minor, turnover_minor, bets, buff_basis_points, created_at`,
    [memberId, amountMinor, pending.turnoverMinor, pending.ids.length, buff, now],
  );
  const claim = rows[0]!;
  await tx.query('INSERT INTO promo_rebate_bets (bet_id, claim_id) SELECT unnest($1::bigint[]), $2', [pending.ids, claim.id]);
  const [house, centre] = await ensureAccounts(tx, [
    { memberId: null, kind: houseKindFor(memberId), currency: 'CNY' },
    { memberId, kind: 'centre', currency: 'CNY' },
  ]);
  const reference = `rebate:${memberId}:${claim.id}`;
  const { balancesMinor } = await applyTransfers(tx, [
    { debitAccountId: house!.id, creditAccountId: centre!.id, amountMinor, currency: 'CNY', code: 'promo_rebate', reference, orderReference: reference },
  ]);
  return { claim: claimOf(claim), centerWalletBalance: fromMinor(balancesMinor.get(centre!.id)!, 2) };
}
