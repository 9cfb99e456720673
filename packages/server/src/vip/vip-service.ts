import { VIP_GIFT_STATUS, fromMinor, type VipGift } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { turnoverMinorOf } from '../game-records/index.js';
import { applyTransfers, ensureAccounts, houseKindFor } from '../ledger/index.js';
import type { VipGrade } from './grade-config.js';

/**
 * What moves a member up the grades: deposits are the confirmed deposit orders credited to
 * the centre wallet (transfer code `deposit`), read from the ledger; turnover is the valid
 * bet of the member's settled bets (void and cancelled excluded; game-records/turnover.ts),
 * so `upgradeFlows`, `totalRecord`, `needTotalRecord` and `levelPercent` follow real play.
 */
export async function vipTotalsOf(db: Queryable, memberId: number): Promise<{ depositMinor: number; turnoverMinor: number }> {
  const { rows } = await db.query<{ deposit: string | number }>(
    `SELECT coalesce(sum(t.amount_minor), 0) AS deposit
       FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
      WHERE a.member_id = $1 AND a.kind = 'centre' AND t.code = 'deposit'`,
    [memberId],
  );
  return { depositMinor: Number(rows[0]?.deposit ?? 0), turnoverMinor: await turnoverMinorOf(db, memberId) };
}

/** The highest grade whose deposit and turnover thresholds the totals both meet. */
export function levelReached(grades: readonly VipGrade[], totals: { depositMinor: number; turnoverMinor: number }): number {
  let level = 0;
  for (const grade of grades) {
    if (totals.depositMinor >= grade.upgradeDepositMinor && totals.turnoverMinor >= grade.upgradeFlowsMinor) level = Math.max(level, grade.level);
  }
  return level;
}

/** Percent of a threshold reached, whole and capped at 100; a zero threshold counts as reached. */
function percentOf(totalMinor: number, needMinor: number): number {
  if (needMinor <= 0) return 100;
  return Math.min(100, Math.floor((totalMinor * 100) / needMinor));
}

/** Progress toward the grade above `level` (spec section 3, "Member change info"). */
export function progressOf(grades: readonly VipGrade[], level: number, totals: { depositMinor: number; turnoverMinor: number }) {
  const next = grades.find((grade) => grade.level === level + 1);
  const yuan = (minor: number) => fromMinor(minor, 2);
  const base = { totalRecharge: yuan(totals.depositMinor), totalRecord: yuan(totals.turnoverMinor), vipGrade: level, relegateDate: null };
  if (!next) return { ...base, levelPercent: 100, needTotalRecharge: 0, needTotalRecord: 0, nextDepositMinor: 0, nextFlowsMinor: 0 };
  return {
    ...base,
    levelPercent: Math.min(percentOf(totals.depositMinor, next.upgradeDepositMinor), percentOf(totals.turnoverMinor, next.upgradeFlowsMinor)),
    needTotalRecharge: yuan(Math.max(0, next.upgradeDepositMinor - totals.depositMinor)),
    needTotalRecord: yuan(Math.max(0, next.upgradeFlowsMinor - totals.turnoverMinor)),
    nextDepositMinor: next.upgradeDepositMinor,
    nextFlowsMinor: next.upgradeFlowsMinor,
  };
}

/**
 * Raises the member's stored grade to the level its totals reach and records the change;
 * answers the grade after. A grade is never lowered (the spec shows no relegation rule).
 */
export async function syncGrade(db: Queryable, memberId: number, reached: number): Promise<number> {
  const { rows } = await db.query<{ grade: number }>('SELECT grade FROM members WHERE id = $1 FOR UPDATE', [memberId]);
  const from = rows[0]!.grade;
  if (reached <= from) return from;
  await db.query('UPDATE members SET grade = $2 WHERE id = $1', [memberId, reached]);
  await db.query('INSERT INTO vip_grade_changes (member_id, from_grade, to_grade, reason) VALUES ($1, $2, $3, $4)', [
    memberId,
    from,
    reached,
    'deposits and turnover reached the grade',
  ]);
  return reached;
}

export async function gradeChangesOf(db: Queryable, memberId: number) {
  const { rows } = await db.query<{ from_grade: number; to_grade: number; reason: string; created_at: Date }>(
    'SELECT from_grade, to_grade, reason, created_at FROM vip_grade_changes WHERE member_id = $1 ORDER BY id DESC LIMIT 50',
    [memberId],
  );
  return rows.map((row) => ({ fromGrade: row.from_grade, toGrade: row.to_grade, reason: row.reason, changedAt: new Date(row.created_at).toISOString() }));
}

/** The gift keys the member claimed, and the total paid. */
export async function claimsOf(db: Queryable, memberId: number): Promise<{ keys: Set<string>; totalMinor: number }> {
  const { rows } = await db.query<{ gift_key: string; amount_minor: string | number }>('SELECT gift_key, amount_minor FROM vip_gift_claims WHERE member_id = $1', [memberId]);
  return { keys: new Set(rows.map((row) => row.gift_key)), totalMinor: rows.reduce((sum, row) => sum + Number(row.amount_minor), 0) };
}

/** 'YYYY-MM' of a time, in UTC (monthly gifts and the birthday month are counted in UTC). */
export function monthOf(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 7);
}

export interface GiftEntry extends VipGift {
  amountMinor: number;
}

/**
 * The member's VIP gifts: the upgrade bonus of every grade from v1 up to its own (each
 * once), and this month's gift of its grade; status 1 once claimed (spec section 4).
 */
export function giftsOf(grades: readonly VipGrade[], level: number, claimed: ReadonlySet<string>, nowMs: number): GiftEntry[] {
  const gifts: GiftEntry[] = [];
  const entry = (id: string, kind: 'upgrade' | 'month', grade: VipGrade, amountMinor: number, giftName: string): GiftEntry => ({
    id, kind, level: grade.level, giftName, amountMinor, giftMoney: fromMinor(amountMinor, 2),
    status: claimed.has(id) ? VIP_GIFT_STATUS.applied : VIP_GIFT_STATUS.available,
  });
  for (const grade of grades) {
    if (grade.level >= 1 && grade.level <= level && grade.upgradeBonusMinor > 0) {
      gifts.push(entry(`upgrade:${grade.level}`, 'upgrade', grade, grade.upgradeBonusMinor, `${grade.name} upgrade bonus`));
    }
  }
  const own = grades.find((grade) => grade.level === level);
  if (own && own.monthGiftMinor > 0) gifts.push(entry(`month:${level}:${monthOf(nowMs)}`, 'month', own, own.monthGiftMinor, `${own.name} monthly gift ${monthOf(nowMs)}`));
  return gifts;
}

/**
 * Pays a gift into the centre wallet from the house, once per gift key: the claim row and
 * the ledger reference are both unique. Answers the centre balance after, or null when
 * the gift was already claimed (nothing is paid then).
 */
export async function payGift(
  tx: Queryable,
  memberId: number,
  gift: { key: string; kind: 'upgrade' | 'month' | 'birthday'; level: number; amountMinor: number },
): Promise<number | null> {
  const { rows } = await tx.query(
    `INSERT INTO vip_gift_claims (member_id, gift_key, kind, level, amount_minor) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id, gift_key) DO NOTHING RETURNING id`,
    [memberId, gift.key, gift.kind, gift.level, gift.amountMinor],
  );
  if (rows.length === 0) return null;
  const [centre, house] = await ensureAccounts(tx, [
    { memberId, kind: 'centre', currency: 'CNY' },
    { memberId: null, kind: houseKindFor(memberId), currency: 'CNY' },
  ]);
  const reference = `vip_gift:${memberId}:${gift.key}`;
  const { balancesMinor } = await applyTransfers(tx, [
    { debitAccountId: house!.id, creditAccountId: centre!.id, amountMinor: gift.amountMinor, currency: 'CNY', code: 'vip_gift', reference, orderReference: reference },
  ]);
  return balancesMinor.get(centre!.id)!;
}
