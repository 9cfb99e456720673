import { DEPOSIT_BONUS_STATUS, fromMinor, type DepositBonusInfo, type DepositBonusReason, type DepositBonusStatus } from '@lobby/sdk';
import type { Database, Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { activitiesOfSite, checkClaim, liveActivity, statusAt, visibleActivity, type Activity } from '../engine/index.js';
import { bonusesWithProgress, bonusWire, grantBonus, settleBonuses, type GrantProgress } from './bonus-service.js';
import { depositRule, monthRule, type BonusKind } from './config.js';
import {
  bonusForDeposit, claimedKeys, confirmedDeposits, countedDeposits, depositStatus, expiryOf, hasPendingDeposit, monthReading, ruleWire,
} from './deposit-kinds.js';

const yuan = (minor: number) => fromMinor(minor, 2);
type DepositKind = 'deposit_first' | 'deposit_again';
/** Which deposit-again mode a claim call serves ('any' for the join call: it claims whatever the activity counts). */
export type ClaimMode = 'first' | 'nth' | 'noLimit' | 'stage';

/** The member's reading of one deposit activity (spec section 4 status, deposits that count, bonuses paid). */
export async function depositInfo(q: Queryable, activity: Activity, memberId: number, now: Date): Promise<DepositBonusInfo> {
  const base = {
    activityId: activity.id, kind: activity.kind, title: activity.title, termsText: activity.termsText, termsVersion: activity.termsVersion,
    activityStatus: statusAt(activity, now), startsAt: activity.startsAt.toISOString(), endsAt: activity.endsAt.toISOString(), rule: ruleWire(activity),
    bonuses: (await bonusesWithProgress(q, memberId)).filter((grant) => grant.activityId === activity.id).map(bonusWire),
  };
  if (activity.kind === 'month_money') {
    const reading = await monthReading(q, monthRule(activity.config), memberId, now);
    const received = (await claimedKeys(q, activity.id, memberId)).has(reading.claimKey);
    const counted = reading.rewardMinor > 0 ? [{ received }] : [];
    const status = pausedOr(activity, depositStatus(activity, now, counted, false));
    return {
      ...base, status, deposits: [],
      ...reasonOf(activity, status, reading.rewardMinor > 0 ? { reasonKey: 'ready', reason: '' } : { reasonKey: 'monthNoTier', reason: `last month (${reading.last.month}) reached no tier` }),
      month: {
        month: reading.last.month, deposits: yuan(reading.lastTotals.depositsMinor), turnover: yuan(reading.lastTotals.turnoverMinor), reward: yuan(reading.rewardMinor),
        thisMonth: reading.current.month, thisMonthDeposits: yuan(reading.thisTotals.depositsMinor), thisMonthTurnover: yuan(reading.thisTotals.turnoverMinor),
      },
    };
  }
  const rule = depositRule(activity.kind as DepositKind, activity.config);
  const { deposits, reason, reasonKey } = await countedDeposits(q, activity, rule, memberId);
  const status = pausedOr(activity, depositStatus(activity, now, deposits, await hasPendingDeposit(q, memberId)));
  return {
    ...base, status, month: null, ...reasonOf(activity, status, { reason, reasonKey }),
    deposits: deposits.map((deposit) => ({
      billNo: deposit.billNo, amount: yuan(deposit.amountMinor), depositedAt: deposit.at.toISOString(), bonus: yuan(deposit.bonusMinor),
      status: deposit.received ? DEPOSIT_BONUS_STATUS.received : DEPOSIT_BONUS_STATUS.canReceive,
    })),
  };
}

/** A paused activity takes no claims: what could be received shows as not (the reason says paused). */
function pausedOr(activity: Activity, status: DepositBonusStatus): DepositBonusStatus {
  return activity.state === 'paused' && status === DEPOSIT_BONUS_STATUS.canReceive ? DEPOSIT_BONUS_STATUS.not : status;
}

function reasonOf(activity: Activity, status: DepositBonusStatus, why: { reason: string; reasonKey: DepositBonusReason }): { reason: string; reasonKey: DepositBonusReason } {
  const as = (reasonKey: DepositBonusReason, reason: string) => ({ reasonKey, reason });
  if (activity.state === 'paused') return as('paused', 'the activity is paused');
  switch (status) {
    case DEPOSIT_BONUS_STATUS.notStart: return as('notStarted', 'the activity has not started');
    case DEPOSIT_BONUS_STATUS.expired: return as('ended', 'the activity has ended');
    case DEPOSIT_BONUS_STATUS.received: return as('received', 'received');
    case DEPOSIT_BONUS_STATUS.canReceive: return as('ready', 'the bonus is ready to receive');
    case DEPOSIT_BONUS_STATUS.deposit: return as('pending', 'your deposit is waiting for confirmation');
    default: return why;
  }
}

/** Settles the member's bonuses, then reads the activity for it (the info and validation calls). */
export async function depositInfoOf(db: Database, siteId: number, kind: BonusKind, id: number, memberId: number, now: Date): Promise<DepositBonusInfo> {
  await settleBonuses(db, memberId, now);
  return depositInfo(db, await visibleActivity(db, siteId, id, kind), memberId, now);
}

export interface DepositClaim {
  siteId: number; kind: BonusKind; id: number; memberId: number; termsVersion: number; billNo?: string; mode: ClaimMode | 'any' | 'month'; now: Date;
}

/**
 * Claims a deposit activity's bonus in the engine's claim pattern (liveActivity, checkClaim,
 * grantBonus in one transaction), then settles the member's bonuses (a 0x bonus converts at
 * once). Answers the activity's reading after it and the bonus paid.
 */
export async function claimDepositBonus(db: Database, claim: DepositClaim): Promise<{ info: DepositBonusInfo; bonus: ReturnType<typeof bonusWire> }> {
  const { memberId, now } = claim;
  const grantId = await db.transaction(async (tx) => {
    const activity = await liveActivity(tx, claim.siteId, claim.id, claim.kind, now);
    const { claimKey, amountMinor, terms } = await claimTarget(tx, activity, claim);
    await checkClaim(tx, activity, memberId, now, { termsVersion: claim.termsVersion, amountMinor, claimKey });
    const { grant } = await grantBonus(tx, {
      activity, memberId, claimKey, amountMinor, multiple: terms.multiple, weights: terms.weights, expiresAt: expiryOf(terms, now),
      maxBetMinor: terms.maxBetMinor, termsVersion: claim.termsVersion, now, detail: { kind: activity.kind },
    });
    return grant.id;
  });
  await settleBonuses(db, memberId, now);
  const activity = await visibleActivity(db, claim.siteId, claim.id, claim.kind);
  const bonus = (await bonusesWithProgress(db, memberId)).find((grant) => grant.id === grantId) as GrantProgress;
  return { info: await depositInfo(db, activity, memberId, now), bonus: bonusWire(bonus) };
}

/** What a claim pays: the deposit (or month) it is for, refused with a named code when there is none to receive. */
async function claimTarget(tx: Queryable, activity: Activity, claim: DepositClaim) {
  if (activity.kind === 'month_money') {
    const rule = monthRule(activity.config);
    const reading = await monthReading(tx, rule, claim.memberId, claim.now);
    if (reading.rewardMinor === 0) throw new BusinessError('monthMoneyNotReached', `last month (${reading.last.month}) reached no tier`);
    if ((await claimedKeys(tx, activity.id, claim.memberId)).has(reading.claimKey)) throw new BusinessError('depositBonusReceived', `month money of ${reading.last.month} is received`);
    return { claimKey: reading.claimKey, amountMinor: reading.rewardMinor, terms: rule };
  }
  const rule = depositRule(activity.kind as DepositKind, activity.config);
  if (claim.mode !== 'any' && claim.mode !== rule.mode) {
    throw new BusinessError('depositBonusWrongMode', `this activity pays by ${rule.mode}, not ${claim.mode}`);
  }
  const { deposits, reason } = await countedDeposits(tx, activity, rule, claim.memberId);
  const chosen = claim.billNo === undefined ? deposits.find((deposit) => !deposit.received) : deposits.find((deposit) => deposit.billNo === claim.billNo);
  if (claim.billNo !== undefined && !chosen) throw new BusinessError('depositBonusNoDeposit', `billNo: deposit ${claim.billNo} does not count in this activity`);
  if (!chosen) {
    if (deposits.length > 0) throw new BusinessError('depositBonusReceived', 'the bonus of every deposit that counts is received');
    const pending = await hasPendingDeposit(tx, claim.memberId);
    throw new BusinessError('depositBonusNotReady', pending ? 'your deposit is waiting for confirmation' : reason);
  }
  if (chosen.received) throw new BusinessError('depositBonusReceived', `the bonus of deposit ${chosen.billNo} is received`);
  return { claimKey: chosen.claimKey, amountMinor: chosen.bonusMinor, terms: rule };
}

const DEPOSIT_KINDS = ['deposit_first', 'deposit_again', 'month_money'] as const;
const TYPE_OF_KIND = { deposit_first: 1, deposit_again: 2, month_money: 3 } as const;

/** The brand's deposit activities in progress at `now`, optionally of one type (1 first, 2 again, 3 month). */
export async function liveDepositActivities(q: Queryable, siteId: number, now: Date, type?: 1 | 2 | 3): Promise<Activity[]> {
  return (await activitiesOfSite(q, siteId, 'published'))
    .filter((activity) => (DEPOSIT_KINDS as readonly string[]).includes(activity.kind) && statusAt(activity, now) === 1)
    .filter((activity) => type === undefined || TYPE_OF_KIND[activity.kind as BonusKind] === type);
}

export function summaryOf(activity: Activity) {
  return { activityId: activity.id, kind: activity.kind, type: TYPE_OF_KIND[activity.kind as BonusKind], title: activity.title, rule: ruleWire(activity), endsAt: activity.endsAt.toISOString() };
}

/** What a deposit of `amountMinor` made now would earn the member in each live deposit activity. */
export async function rechargePreview(q: Queryable, siteId: number, memberId: number, amountMinor: number, now: Date) {
  const count = (await confirmedDeposits(q, memberId)).length;
  return (await liveDepositActivities(q, siteId, now)).map((activity) => {
    const row = { activityId: activity.id, kind: activity.kind, title: activity.title };
    if (activity.kind === 'month_money') return { ...row, bonus: 0, reason: "month money pays by last month's deposits and turnover" };
    const rule = depositRule(activity.kind as DepositKind, activity.config);
    if (rule.mode === 'first' && count > 0) return { ...row, bonus: 0, reason: 'your first deposit is already made' };
    if (rule.mode === 'nth' && count !== rule.nth - 1) return { ...row, bonus: 0, reason: `deposit number ${rule.nth} counts; this would be number ${count + 1}` };
    const bonusMinor = bonusForDeposit(rule, amountMinor);
    return { ...row, bonus: yuan(bonusMinor), reason: bonusMinor > 0 ? 'paid as a bonus with wagering once the deposit is confirmed and claimed' : 'below the smallest deposit that counts' };
  });
}

/** Days the average deposit looks back. */
export const AVERAGE_DEPOSIT_DAYS = 30;

/** The member's confirmed deposits of the last AVERAGE_DEPOSIT_DAYS days. */
export async function averageDepositOf(q: Queryable, memberId: number, now: Date) {
  const since = new Date(now.getTime() - AVERAGE_DEPOSIT_DAYS * 86_400_000);
  const deposits = (await confirmedDeposits(q, memberId)).filter((deposit) => deposit.at >= since && deposit.at <= now);
  const totalMinor = deposits.reduce((sum, deposit) => sum + deposit.amountMinor, 0);
  return { days: AVERAGE_DEPOSIT_DAYS, count: deposits.length, total: yuan(totalMinor), average: yuan(deposits.length === 0 ? 0 : Math.floor(totalMinor / deposits.length)) };
}
