import { DEPOSIT_BONUS_STATUS, fromMinor, VENUE_CATEGORIES, type DepositBonusInfo, type DepositBonusReason, type DepositBonusStatus } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { statusAt, type Activity } from '../engine/index.js';
import { depositRule, monthRule, type BonusTerms, type DepositRule, type MonthRule } from './config.js';
import { beijingMonthAt } from '../../common/beijing-time.js';

/**
 * The deposit activities' rules (docs/BONUS-WAGERING.md, "Deposit activities"): which of
 * the member's confirmed deposits count, the bonus each earns, the spec's status
 * (section 4) and month money's tiers. Pure reads; claims are in deposit-claims.ts.
 */

/** A confirmed deposit: an order completed (state 104) at `at` (the engine's reading too). */
export interface ConfirmedDeposit {
  billNo: string;
  amountMinor: number;
  at: Date;
}

/** One deposit of the member as an activity counts it. */
export interface CountedDeposit extends ConfirmedDeposit {
  bonusMinor: number;
  claimKey: string;
  received: boolean;
}

const DAY_MS = 86_400_000;

/** The member's confirmed deposits, oldest first. */
export async function confirmedDeposits(q: Queryable, memberId: number): Promise<ConfirmedDeposit[]> {
  const { rows } = await q.query<{ bill_no: string; amount_minor: string | number; updated_at: Date }>(
    'SELECT bill_no, amount_minor, updated_at FROM deposit_orders WHERE member_id = $1 AND state = 104 ORDER BY updated_at, id', [memberId]);
  return rows.map((row) => ({ billNo: row.bill_no, amountMinor: Number(row.amount_minor), at: new Date(row.updated_at) }));
}

/** Whether the member has a deposit order waiting for payment or confirmation (spec status 1 Deposit). */
export async function hasPendingDeposit(q: Queryable, memberId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM deposit_orders WHERE member_id = $1 AND state IN (101, 102) LIMIT 1', [memberId]);
  return rows.length > 0;
}

/** The bonus a deposit of `amountMinor` earns under `rule` (0 when it does not count). */
export function bonusForDeposit(rule: DepositRule, amountMinor: number): number {
  if (amountMinor < rule.minDepositMinor) return 0;
  if (rule.mode === 'stage') return [...rule.stages].reverse().find((stage) => amountMinor >= stage.minDepositMinor)?.bonusMinor ?? 0;
  return Math.min(rule.maxBonusMinor, Math.floor((amountMinor * rule.percentBp) / 10_000));
}

const inWindow = (activity: Activity, at: Date) => at >= activity.startsAt && at < activity.endsAt;

/**
 * The deposits an activity counts for the member, with why none counts when none does:
 * first deposit, the member's first confirmed deposit ever, made during the activity; nth,
 * the member's nth confirmed deposit ever, made during it; no limit and stage, every
 * deposit made during it. A deposit below the minimum (or reaching no stage) counts nothing.
 */
export async function countedDeposits(q: Queryable, activity: Activity, rule: DepositRule, memberId: number): Promise<{ deposits: CountedDeposit[]; reason: string; reasonKey: DepositBonusReason }> {
  const all = await confirmedDeposits(q, memberId);
  let candidates: ConfirmedDeposit[];
  let reason = '';
  let reasonKey: DepositBonusReason = 'ready';
  const because = (key: DepositBonusReason, words: string) => { reasonKey = key; reason = words; };
  if (rule.mode === 'first') {
    candidates = all.slice(0, 1).filter((deposit) => inWindow(activity, deposit.at));
    if (all.length === 0) because('firstDepositNeeded', 'make your first deposit during the activity');
    else if (candidates.length === 0) because('firstDepositOutside', 'your first deposit was not made during this activity');
  } else if (rule.mode === 'nth') {
    candidates = all.slice(rule.nth - 1, rule.nth).filter((deposit) => inWindow(activity, deposit.at));
    if (all.length < rule.nth) because('nthNeeded', `your deposit number ${rule.nth} counts; you have made ${all.length}`);
    else if (candidates.length === 0) because('nthOutside', `your deposit number ${rule.nth} was not made during this activity`);
  } else {
    candidates = all.filter((deposit) => inWindow(activity, deposit.at));
    if (candidates.length === 0) because('depositDuring', 'deposit during the activity to earn its bonus');
  }
  const counted = candidates.map((deposit) => ({ ...deposit, bonusMinor: bonusForDeposit(rule, deposit.amountMinor), claimKey: `deposit:${deposit.billNo}` }))
    .filter((deposit) => deposit.bonusMinor > 0);
  if (candidates.length > 0 && counted.length === 0) because('belowMinimum', `a deposit counts from ${fromMinor(rule.mode === 'stage' ? rule.stages[0]!.minDepositMinor : rule.minDepositMinor, 2)} yuan`);
  const claimed = await claimedKeys(q, activity.id, memberId);
  return { deposits: counted.map((deposit) => ({ ...deposit, received: claimed.has(deposit.claimKey) })), reason, reasonKey };
}

/** The claim keys the member was paid in the activity. */
export async function claimedKeys(q: Queryable, activityId: number, memberId: number): Promise<Set<string>> {
  const { rows } = await q.query<{ claim_key: string }>('SELECT claim_key FROM promo_claims WHERE activity_id = $1 AND member_id = $2', [activityId, memberId]);
  return new Set(rows.map((row) => row.claim_key));
}

/** 'YYYY-MM' of a Beijing calendar month and its bounds; `offset` months from the month of `now` (-1: last month). */
export function beijingMonth(now: Date, offset: number): { month: string; from: Date; to: Date } {
  return beijingMonthAt(now, offset);
}

/** Confirmed deposits and settled turnover of the member in [from, to). */
export async function monthTotals(q: Queryable, memberId: number, from: Date, to: Date): Promise<{ depositsMinor: number; turnoverMinor: number }> {
  const { rows } = await q.query<{ deposits: string | number; turnover: string | number }>(
    `SELECT (SELECT coalesce(sum(amount_minor), 0) FROM deposit_orders WHERE member_id = $1 AND state = 104 AND updated_at >= $2 AND updated_at < $3) AS deposits,
            (SELECT coalesce(sum(valid_bet_minor), 0) FROM game_bets WHERE member_id = $1 AND status = 'settled' AND settled_at >= $2 AND settled_at < $3) AS turnover`,
    [memberId, from, to],
  );
  return { depositsMinor: Number(rows[0]?.deposits ?? 0), turnoverMinor: Number(rows[0]?.turnover ?? 0) };
}

/** The reward of the highest tier both totals reach, or 0. */
export function monthReward(rule: MonthRule, totals: { depositsMinor: number; turnoverMinor: number }): number {
  return [...rule.tiers].reverse().find((tier) => totals.depositsMinor >= tier.minDepositMinor && totals.turnoverMinor >= tier.minTurnoverMinor)?.rewardMinor ?? 0;
}

/** Month money's reading for the member: last month's totals and reward, this month's so far. */
export async function monthReading(q: Queryable, rule: MonthRule, memberId: number, now: Date) {
  const last = beijingMonth(now, -1);
  const current = beijingMonth(now, 0);
  const lastTotals = await monthTotals(q, memberId, last.from, last.to);
  const thisTotals = await monthTotals(q, memberId, current.from, now);
  return { last, current, lastTotals, thisTotals, rewardMinor: monthReward(rule, lastTotals), claimKey: `month:${last.month}` };
}

/** The spec's deposit bonus status (section 4) from the activity's time and the member's deposits. */
export function depositStatus(activity: Activity, now: Date, counted: readonly { received: boolean }[], pending: boolean): DepositBonusStatus {
  const time = statusAt(activity, now);
  if (time === 0) return DEPOSIT_BONUS_STATUS.notStart;
  if (counted.some((deposit) => !deposit.received)) return time === 2 ? DEPOSIT_BONUS_STATUS.expired : DEPOSIT_BONUS_STATUS.canReceive;
  if (counted.length > 0) return DEPOSIT_BONUS_STATUS.received;
  if (time === 2) return DEPOSIT_BONUS_STATUS.expired;
  return pending ? DEPOSIT_BONUS_STATUS.deposit : DEPOSIT_BONUS_STATUS.not;
}

const yuan = (minor: number) => fromMinor(minor, 2);

function termsWire(terms: BonusTerms) {
  return {
    multiple: terms.multiple, maxBet: yuan(terms.maxBetMinor), expiryDays: terms.expiryDays,
    weights: VENUE_CATEGORIES.map((category) => ({ category, percent: terms.weights[category] })),
  };
}

/** An activity's rule as the wire shows it. */
export function ruleWire(activity: Activity): DepositBonusInfo['rule'] {
  if (activity.kind === 'month_money') {
    const rule = monthRule(activity.config);
    return {
      mode: 'month', percent: 0, maxBonus: yuan(Math.max(...rule.tiers.map((tier) => tier.rewardMinor))), minDeposit: yuan(rule.tiers[0]!.minDepositMinor), nth: 0, stages: [],
      tiers: rule.tiers.map((tier) => ({ minDeposit: yuan(tier.minDepositMinor), minTurnover: yuan(tier.minTurnoverMinor), reward: yuan(tier.rewardMinor) })),
      ...termsWire(rule),
    };
  }
  const rule = depositRule(activity.kind as 'deposit_first' | 'deposit_again', activity.config);
  return {
    mode: rule.mode, percent: rule.percentBp / 100, maxBonus: yuan(rule.maxBonusMinor), minDeposit: yuan(rule.minDepositMinor), nth: rule.nth,
    stages: rule.stages.map((stage) => ({ minDeposit: yuan(stage.minDepositMinor), bonus: yuan(stage.bonusMinor) })), tiers: [], ...termsWire(rule),
  };
}

/** When a bonus paid at `now` under `terms` expires. */
export const expiryOf = (terms: BonusTerms, now: Date) => new Date(now.getTime() + terms.expiryDays * DAY_MS);
