import { SIGN_BUTTON, type SignButton, type SignCumulative, type SignDay, type SignInInfo, type SignLog, type SignLogKind, type SignPaid } from '@lobby/sdk';
import type { Database, Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { checkClaim, liveActivity, memberFacts, payReward, statusAt, visibleActivity, type Activity } from '../engine/index.js';
import { readSignInConfig, type SignInConfig } from './config.js';
import { cycleDaysOf, cycleOf, signStatusOf } from './cycle.js';
import { beijingDay, dayBounds, dayNumber } from './days.js';

/**
 * Daily sign-in over the engine's claims (docs/SIGN-IN-AND-TASKS.md). Every sign and award
 * is one `promo_claims` row paid from the activity's budget by payReward, keyed so it pays
 * once: `sign:<day>` (a sign on the day or a retroactive one), `cumulative:<cycle>:<days>`,
 * `lastCycle:<cycle>` (paid in cycle `cycle` for the full previous one). The claim rows are
 * the sign log; no second record of signs exists.
 */

interface ClaimRow { claim_key: string; amount_minor: string | number; detail: Record<string, unknown>; created_at: Date }

interface SignClaim { key: string; amountMinor: number; kind: SignLogKind; day: string; cycle: number; createdAt: Date }

async function claimsOf(q: Queryable, activityId: number, memberId: number): Promise<SignClaim[]> {
  const { rows } = await q.query<ClaimRow>(
    'SELECT claim_key, amount_minor, detail, created_at FROM promo_claims WHERE activity_id = $1 AND member_id = $2 ORDER BY created_at DESC, id DESC',
    [activityId, memberId],
  );
  return rows.map((row) => ({
    key: row.claim_key,
    amountMinor: Number(row.amount_minor),
    kind: (row.detail.kind as SignLogKind | undefined) ?? 'sign',
    day: typeof row.detail.day === 'string' ? row.detail.day : '',
    cycle: typeof row.detail.cycle === 'number' ? row.detail.cycle : 0,
    createdAt: row.created_at,
  }));
}

/** Where the activity stands today for one member (null: a visitor). */
interface SignView {
  now: Date;
  activity: Activity;
  config: SignInConfig;
  today: string;
  firstDay: string;
  lastDay: string;
  live: boolean;
  cycle: number;
  cycleDays: string[];
  claims: SignClaim[];
  signedDays: Map<string, SignClaim>;
  todayFacts: { depositMinor: number; turnoverMinor: number };
  retroactiveUsed: number;
}

async function viewOf(q: Queryable, activity: Activity, memberId: number | null, now: Date): Promise<SignView> {
  const config = readSignInConfig(activity.config);
  const today = beijingDay(now);
  const firstDay = beijingDay(activity.startsAt);
  const lastDay = beijingDay(new Date(activity.endsAt.getTime() - 1));
  const cycle = cycleOf(firstDay, today, config.cycleDays).index;
  const claims = memberId === null ? [] : await claimsOf(q, activity.id, memberId);
  const signedDays = new Map(claims.filter((claim) => claim.key.startsWith('sign:')).map((claim) => [claim.day, claim]));
  const facts = memberId === null ? { depositsMinor: 0, turnoverMinor: 0 } : await memberFacts(q, memberId, dayBounds(today));
  return {
    now, activity, config, today, firstDay, lastDay, cycle, claims, signedDays,
    live: activity.state === 'published' && statusAt(activity, now) === 1,
    cycleDays: cycleDaysOf(firstDay, cycle, config.cycleDays),
    todayFacts: { depositMinor: facts.depositsMinor, turnoverMinor: facts.turnoverMinor },
    retroactiveUsed: claims.filter((claim) => claim.kind === 'retroactive' && claim.cycle === cycle).length,
  };
}

const ruleMet = (view: SignView) =>
  view.todayFacts.depositMinor >= view.config.signRule.dayDepositMinor && view.todayFacts.turnoverMinor >= view.config.signRule.dayTurnoverMinor;
const signsIn = (view: SignView, days: readonly string[]) => days.filter((day) => view.signedDays.has(day)).length;
const claimed = (view: SignView, key: string) => view.claims.some((claim) => claim.key === key);

function infoOf(view: SignView, loggedIn: boolean): SignInInfo {
  const { activity, config, cycle } = view;
  const retroactiveLeft = Math.max(0, config.retroactive.perCycle - view.retroactiveUsed);
  const days: SignDay[] = view.cycleDays.map((day, offset) => ({
    day,
    index: offset + 1,
    status: signStatusOf({ day, today: view.today, firstDay: view.firstDay, lastDay: view.lastDay, live: view.live, signed: view.signedDays.has(day), ruleMet: ruleMet(view), retroactiveLeft }),
    rewardMinor: config.dayRewardsMinor[offset] ?? 0,
    retroactive: view.signedDays.get(day)?.kind === 'retroactive',
  }));
  const signs = signsIn(view, view.cycleDays);
  const button = (key: string, reached: boolean): SignButton => (claimed(view, key) ? SIGN_BUTTON.claimed : reached && view.live && loggedIn ? SIGN_BUTTON.available : SIGN_BUTTON.unavailable);
  const cumulative: SignCumulative[] = config.cumulative.map(({ days: need, rewardMinor }) => ({ days: need, rewardMinor, status: button(`cumulative:${cycle}:${need}`, signs >= need) }));
  const previousSigns = cycle === 0 ? 0 : signsIn(view, cycleDaysOf(view.firstDay, cycle - 1, config.cycleDays));
  const todayStatus = days.find((day) => day.day === view.today)?.status;
  return {
    activity: activityWire(activity, view.now),
    today: view.today,
    cycleDays: config.cycleDays,
    cycleIndex: cycle,
    awardWay: config.awardWay,
    days,
    signs,
    signFlag: view.signedDays.has(view.today),
    taskStatus: view.signedDays.has(view.today) ? SIGN_BUTTON.claimed : todayStatus === 2 && loggedIn ? SIGN_BUTTON.available : SIGN_BUTTON.unavailable,
    signRule: { ...config.signRule },
    todayFacts: view.todayFacts,
    retroactive: { perCycle: config.retroactive.perCycle, left: retroactiveLeft, depositMinor: config.retroactive.depositMinor },
    cumulative,
    lastCycle: {
      signs: previousSigns,
      bonusMinor: config.lastCycleBonusMinor,
      status: config.lastCycleBonusMinor > 0 ? button(`lastCycle:${cycle}`, previousSigns === config.cycleDays) : SIGN_BUTTON.unavailable,
    },
    loggedIn,
  };
}

/** The sign-in page's state of activity `id` for a member (or a visitor: `memberId` null). */
export async function signInInfoOf(db: Database, siteId: number, id: number, memberId: number | null, now: Date): Promise<SignInInfo> {
  const activity = await visibleActivity(db, siteId, id, 'sign_in');
  return infoOf(await viewOf(db, activity, memberId, now), memberId !== null);
}

interface ClaimInput { siteId: number; id: number; memberId: number; termsVersion: number; now: Date }

/** Pays one sign-in claim after the engine's guard; a key paid before refuses with `repeat`. */
async function payOnce(tx: Queryable, activity: Activity, input: ClaimInput, claim: { key: string; amountMinor: number; detail: Record<string, unknown> }, repeat: () => BusinessError) {
  await checkClaim(tx, activity, input.memberId, input.now, { termsVersion: input.termsVersion, amountMinor: claim.amountMinor, claimKey: claim.key });
  const paid = await payReward(tx, {
    activity, memberId: input.memberId, claimKey: claim.key, amountMinor: claim.amountMinor, wallet: 'centre', detail: claim.detail, termsVersion: input.termsVersion, now: input.now,
  });
  if (!paid.fresh) throw repeat();
  return paid.amountMinor;
}

/** With award way auto: pays every cumulative reward of the cycle the signs now reach. */
async function payReachedCumulative(tx: Queryable, activity: Activity, input: ClaimInput): Promise<number> {
  const view = await viewOf(tx, activity, input.memberId, input.now);
  if (view.config.awardWay !== 'auto') return 0;
  const signs = signsIn(view, view.cycleDays);
  let paid = 0;
  for (const { days, rewardMinor } of view.config.cumulative) {
    const key = `cumulative:${view.cycle}:${days}`;
    if (signs < days || claimed(view, key)) continue;
    paid += await payOnce(tx, activity, input, { key, amountMinor: rewardMinor, detail: { kind: 'cumulative', cycle: view.cycle, days } }, () => awardClaimed(days));
  }
  return paid;
}

const alreadySigned = (day: string) => new BusinessError('signInAlreadySigned', `${day} is already signed`);
const awardClaimed = (days: number | string) => new BusinessError('signInAwardClaimed', `the ${days} reward of this cycle is already received`);
const yuan = (minor: number) => (minor / 100).toFixed(2);

async function finish(tx: Queryable, activity: Activity, input: ClaimInput, paid: Omit<SignPaid, 'info' | 'alsoPaidMinor'>): Promise<SignPaid> {
  const alsoPaidMinor = paid.kind === 'sign' || paid.kind === 'retroactive' ? await payReachedCumulative(tx, activity, input) : 0;
  return { ...paid, alsoPaidMinor, info: infoOf(await viewOf(tx, activity, input.memberId, input.now), true) };
}

function activityWire(activity: Activity, now: Date): SignInInfo['activity'] {
  return {
    id: activity.id, title: activity.title, status: statusAt(activity, now), startsAt: activity.startsAt.toISOString(), endsAt: activity.endsAt.toISOString(),
    termsText: activity.termsText, termsVersion: activity.termsVersion,
  };
}

/** Signs today: the sign rule met, the day's reward paid once (`sign:<today>`). */
export async function signToday(db: Database, input: ClaimInput): Promise<SignPaid> {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, input.siteId, input.id, 'sign_in', input.now);
    const view = await viewOf(tx, activity, input.memberId, input.now);
    if (view.signedDays.has(view.today)) throw alreadySigned(view.today);
    const rule = view.config.signRule;
    if (!ruleMet(view)) {
      throw new BusinessError('signInRuleNotMet', `signing today needs deposits of ${yuan(rule.dayDepositMinor)} and valid bets of ${yuan(rule.dayTurnoverMinor)} today (so far ${yuan(view.todayFacts.depositMinor)} and ${yuan(view.todayFacts.turnoverMinor)})`);
    }
    const place = dayNumber(view.today)! - dayNumber(view.cycleDays[0]!)!;
    const amountMinor = view.config.dayRewardsMinor[place] ?? 0;
    const key = `sign:${view.today}`;
    const paid = await payOnce(tx, activity, input, { key, amountMinor, detail: { kind: 'sign', day: view.today, cycle: view.cycle } }, () => alreadySigned(view.today));
    return finish(tx, activity, input, { kind: 'sign', day: view.today, amountMinor: paid });
  });
}

/**
 * Signs a missed `day` of the current cycle afterwards: at most `retroactive.perCycle` a
 * cycle, and today's confirmed deposits must reach `retroactive.depositMinor` for each
 * retroactive sign made today (so one deposit buys one retroactive sign). Pays the day's reward.
 */
export async function signRetroactive(db: Database, input: ClaimInput & { day: string }): Promise<SignPaid> {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, input.siteId, input.id, 'sign_in', input.now);
    const before = await viewOf(tx, activity, input.memberId, input.now);
    const place = before.cycleDays.indexOf(input.day);
    if (place < 0 || input.day >= before.today || input.day < before.firstDay) {
      throw new BusinessError('signInRetroactiveNotAllowed', `day: ${input.day} is not a missed day of the current cycle (${before.cycleDays[0]} to ${before.today}, today excluded)`);
    }
    if (before.signedDays.has(input.day)) throw alreadySigned(input.day);
    const key = `sign:${input.day}`;
    const amountMinor = before.config.dayRewardsMinor[place] ?? 0;
    // The guard's lock first: the retroactive count below must be read by one claim at a time.
    await checkClaim(tx, activity, input.memberId, input.now, { termsVersion: input.termsVersion, amountMinor, claimKey: key });
    const view = await viewOf(tx, activity, input.memberId, input.now);
    if (view.signedDays.has(input.day)) throw alreadySigned(input.day);
    const { perCycle, depositMinor } = view.config.retroactive;
    if (view.retroactiveUsed >= perCycle) throw new BusinessError('signInRetroactiveUsedUp', `${perCycle} retroactive sign(s) a cycle; ${view.retroactiveUsed} used in this cycle`);
    const madeToday = view.claims.filter((claim) => claim.kind === 'retroactive' && beijingDay(claim.createdAt) === view.today).length;
    const needMinor = depositMinor * (madeToday + 1);
    if (view.todayFacts.depositMinor < needMinor) {
      throw new BusinessError('signInRetroactiveNeedsDeposit', `a retroactive sign needs confirmed deposits of ${yuan(depositMinor)} today for each one made today (need ${yuan(needMinor)}, so far ${yuan(view.todayFacts.depositMinor)})`);
    }
    const paid = await payOnce(tx, activity, input, { key, amountMinor, detail: { kind: 'retroactive', day: input.day, cycle: view.cycle, signedOn: view.today } }, () => alreadySigned(input.day));
    return finish(tx, activity, input, { kind: 'retroactive', day: input.day, amountMinor: paid });
  });
}

/** Receives a cumulative reward of the current cycle (by its days) or the last-cycle bonus. */
export async function receiveAward(db: Database, input: ClaimInput & { award: 'cumulative' | 'lastCycle'; days?: number }): Promise<SignPaid> {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, input.siteId, input.id, 'sign_in', input.now);
    const view = await viewOf(tx, activity, input.memberId, input.now);
    const { config, cycle } = view;
    if (input.award === 'cumulative') {
      const reward = config.cumulative.find((entry) => entry.days === input.days);
      if (!reward) throw new BusinessError('signInAwardUnknown', `days: no cumulative reward for ${input.days ?? 'no'} days (rewards at ${config.cumulative.map((entry) => entry.days).join(', ') || 'none'})`);
      const key = `cumulative:${cycle}:${reward.days}`;
      if (claimed(view, key)) throw awardClaimed(`${reward.days}-day`);
      const signs = signsIn(view, view.cycleDays);
      if (signs < reward.days) throw new BusinessError('signInAwardNotReached', `the ${reward.days}-day reward needs ${reward.days} signed days in this cycle; ${signs} signed`);
      const paid = await payOnce(tx, activity, input, { key, amountMinor: reward.rewardMinor, detail: { kind: 'cumulative', cycle, days: reward.days } }, () => awardClaimed(`${reward.days}-day`));
      return finish(tx, activity, input, { kind: 'cumulative', day: '', amountMinor: paid });
    }
    if (config.lastCycleBonusMinor <= 0) throw new BusinessError('signInAwardUnknown', 'this activity has no last-cycle bonus');
    const key = `lastCycle:${cycle}`;
    if (claimed(view, key)) throw awardClaimed('last-cycle');
    const previous = cycle === 0 ? 0 : signsIn(view, cycleDaysOf(view.firstDay, cycle - 1, config.cycleDays));
    if (cycle === 0 || previous < config.cycleDays) {
      throw new BusinessError('signInAwardNotReached', `the last-cycle bonus needs all ${config.cycleDays} days of the previous cycle signed; ${previous} signed`);
    }
    const paid = await payOnce(tx, activity, input, { key, amountMinor: config.lastCycleBonusMinor, detail: { kind: 'lastCycle', cycle } }, () => awardClaimed('last-cycle'));
    return finish(tx, activity, input, { kind: 'lastCycle', day: '', amountMinor: paid });
  });
}

/** The member's sign-in log of activity `id`, newest first. */
export async function signHistory(db: Database, siteId: number, id: number, memberId: number, page: number, pageSize: number): Promise<{ list: SignLog[]; total: number }> {
  const activity = await visibleActivity(db, siteId, id, 'sign_in');
  const claims = await claimsOf(db, activity.id, memberId);
  return {
    total: claims.length,
    list: claims.slice((page - 1) * pageSize, page * pageSize).map((claim) => ({
      kind: claim.kind, day: claim.day, cycleIndex: claim.cycle, amountMinor: claim.amountMinor, createdAt: claim.createdAt.toISOString(),
    })),
  };
}
