import { GIFT_ACTIVITY_TYPE, GIFT_ENTRY_STATUS, fromMinor, type GiftBasis, type GiftBoard, type GiftEntry, type GiftKind } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { balancesOf } from '../../ledger/index.js';
import { memberFacts, statusAt, type Activity } from '../engine/index.js';
import { giftConfigOf, type GiftConfig, type GiftItem } from './config.js';
import { beijingDayKey, beijingDayStartMs } from '../../common/beijing-time.js';

const DAY_MS = 86_400_000;

/** The start of the Beijing calendar day (UTC+8) holding `now`, and that day as YYYY-MM-DD. */
export function beijingDay(now: Date): { start: Date; day: string } {
  const startMs = beijingDayStartMs(now.getTime());
  return { start: new Date(startMs), day: beijingDayKey(startMs) };
}

/** One gift the member took: the engine's claim, and the application of a real gift. */
export interface TakenClaim {
  claimKey: string;
  giftId: string;
  points: number;
  createdAt: Date;
  /** The application's status as read now (expired 2 once past its expiry), or null for a gift without one. */
  applicationStatus: number | null;
}

/** What a member has on one gift activity: the figures its tiers read, and its claims. */
export interface GiftStanding {
  member: boolean;
  turnoverMinor: number;
  depositsMinor: number;
  firstDepositInWindow: boolean;
  vipLevel: number;
  yuebaoMinor: number;
  yesterdayTurnoverMinor: number;
  today: string;
  claims: TakenClaim[];
  points: { earned: number; spent: number; balance: number };
}

/** Application statuses after which the gift counts as taken: applyed, provided, reject (final). Expired 2 and reviewFail 3 let the member apply again. */
const TAKEN_STATUSES = new Set([0, 1, 4]);
/** Application statuses whose exchange points stay spent: applyed and provided (the rest give them back). */
const HOLDING_STATUSES = new Set([0, 1]);

export const countsAsTaken = (claim: TakenClaim) => claim.applicationStatus === null || TAKEN_STATUSES.has(claim.applicationStatus);
const holdsPoints = (claim: TakenClaim) => claim.applicationStatus === null || HOLDING_STATUSES.has(claim.applicationStatus);

/** The member's claims of one activity, with the effective status of their applications. */
export async function takenClaims(q: Queryable, activityId: number, memberId: number, now: Date): Promise<TakenClaim[]> {
  const { rows } = await q.query<{ claim_key: string; detail: Record<string, unknown>; created_at: Date; app_status: number | null }>(
    `SELECT c.claim_key, c.detail, c.created_at,
            CASE WHEN a.id IS NULL THEN NULL WHEN a.status = 0 AND a.expires_at <= $3 THEN 2 ELSE a.status END AS app_status
       FROM promo_claims c
       LEFT JOIN promo_gift_applications a ON a.activity_id = c.activity_id AND a.member_id = c.member_id AND a.claim_key = c.claim_key
      WHERE c.activity_id = $1 AND c.member_id = $2 ORDER BY c.id`,
    [activityId, memberId, now],
  );
  return rows.map((row) => ({
    claimKey: row.claim_key, giftId: String(row.detail.giftId ?? ''), points: Number(row.detail.points ?? 0), createdAt: new Date(row.created_at),
    applicationStatus: row.app_status === null ? null : Number(row.app_status),
  }));
}

const NO_STANDING = (now: Date): GiftStanding => ({
  member: false, turnoverMinor: 0, depositsMinor: 0, firstDepositInWindow: false, vipLevel: 0, yuebaoMinor: 0, yesterdayTurnoverMinor: 0,
  today: beijingDay(now).day, claims: [], points: { earned: 0, spent: 0, balance: 0 },
});

/**
 * The member's standing on a gift activity at `now`: turnover and deposits in the window
 * (from its start to now or its end), whether the first deposit ever fell in the window,
 * the VIP level, the yuebao balance, yesterday's turnover (Beijing day), its claims and
 * exchange points (earned: window turnover / pointMinor, rounded down; spent: points of
 * exchanges whose application is not refused or expired). A visitor stands at zero.
 */
export async function standingOf(q: Queryable, activity: Activity, config: GiftConfig, memberId: number | null, now: Date): Promise<GiftStanding> {
  if (memberId === null) return NO_STANDING(now);
  const to = now < activity.endsAt ? now : activity.endsAt;
  const facts = await memberFacts(q, memberId, { from: activity.startsAt, to });
  const { start, day } = beijingDay(now);
  const yesterday = await memberFacts(q, memberId, { from: new Date(start.getTime() - DAY_MS), to: start });
  const yuebaoMinor = (await balancesOf(q, memberId)).get('yuebao') ?? 0;
  const claims = await takenClaims(q, activity.id, memberId, now);
  const earned = config.gifts.some((gift) => gift.basis === 'points') ? Math.floor(facts.turnoverMinor / config.pointMinor) : 0;
  const spent = claims.filter(holdsPoints).reduce((sum, claim) => sum + claim.points, 0);
  const firstAt = facts.firstDepositAt ? new Date(facts.firstDepositAt) : null;
  return {
    member: true, turnoverMinor: facts.turnoverMinor, depositsMinor: facts.depositsMinor, vipLevel: facts.vipLevel, yuebaoMinor,
    firstDepositInWindow: firstAt !== null && firstAt >= activity.startsAt && firstAt < activity.endsAt,
    yesterdayTurnoverMinor: yesterday.turnoverMinor, today: day, claims, points: { earned, spent, balance: Math.max(0, earned - spent) },
  };
}

const MONEY_BASES: readonly GiftBasis[] = ['turnover', 'deposit', 'firstDeposit', 'yuebao', 'dailyTurnover'];
/** A tier figure on the wire: yuan for money bases, else the count (level, points). */
export const wireFigure = (basis: GiftBasis, value: number) => (MONEY_BASES.includes(basis) ? fromMinor(value, 2) : value);

/** The member's figure a gift's tier reads, in the tier's unit (fen, level or points). */
export function progressOf(gift: GiftItem, standing: GiftStanding): number {
  switch (gift.basis) {
    case 'turnover': return standing.turnoverMinor;
    case 'deposit': return standing.depositsMinor;
    case 'firstDeposit': return standing.firstDepositInWindow ? standing.depositsMinor : 0;
    case 'vipLevel': return standing.vipLevel;
    case 'yuebao': return standing.yuebaoMinor;
    case 'dailyTurnover': return standing.yesterdayTurnoverMinor;
    case 'points': return standing.points.balance;
  }
}

export function reached(gift: GiftItem, standing: GiftStanding): boolean {
  if (!standing.member) return false;
  if (gift.basis === 'firstDeposit' && !standing.firstDepositInWindow) return false;
  return progressOf(gift, standing) >= gift.threshold;
}

/** The claims of one gift that belong to the current round: today's for happy send, all of them otherwise. */
export function claimsOfGift(gift: GiftItem, standing: GiftStanding): TakenClaim[] {
  const mine = standing.claims.filter((claim) => claim.giftId === gift.id);
  return gift.basis === 'dailyTurnover' ? mine.filter((claim) => claim.claimKey.startsWith(`happy:${gift.id}:${standing.today}`)) : mine;
}

/** Taken for good: a threshold gift with a claim that counts (exchange gifts can be exchanged again). */
export function isTaken(gift: GiftItem, standing: GiftStanding): boolean {
  return gift.basis !== 'points' && claimsOfGift(gift, standing).some(countsAsTaken);
}

/**
 * The claim key of the member's next take of `gift`: `gift:<id>` (again with `:<n>` after an
 * expired or failed application), `happy:<id>:<day>[:<n>]` for happy send, `exchange:<id>:<n>`.
 */
export function nextClaimKey(gift: GiftItem, standing: GiftStanding): string {
  const earlier = claimsOfGift(gift, standing).length;
  const base = gift.basis === 'points' ? `exchange:${gift.id}` : gift.basis === 'dailyTurnover' ? `happy:${gift.id}:${standing.today}` : `gift:${gift.id}`;
  if (gift.basis === 'points') return `${base}:${earlier + 1}`;
  return earlier === 0 ? base : `${base}:${earlier + 1}`;
}

const typeOf = (basis: GiftBasis) => (basis === 'firstDeposit' ? GIFT_ACTIVITY_TYPE.first : basis === 'vipLevel' ? GIFT_ACTIVITY_TYPE.level : GIFT_ACTIVITY_TYPE.bet);

/** Gifts the member has taken that count (the "exchangeGift" of the gift list holder); a top gift dividend is no gift. */
export const takenCount = (standing: GiftStanding) =>
  standing.claims.filter((claim) => claim.giftId !== '' && (claim.points > 0 ? holdsPoints(claim) : countsAsTaken(claim))).length;

/** One gift as the member sees it now. */
export function entryOf(gift: GiftItem, standing: GiftStanding, open: boolean): GiftEntry {
  const mine = claimsOfGift(gift, standing);
  const latest = mine.at(-1);
  const status = isTaken(gift, standing) ? GIFT_ENTRY_STATUS.taken : open && reached(gift, standing) ? GIFT_ENTRY_STATUS.available : GIFT_ENTRY_STATUS.locked;
  return {
    id: gift.id, giftName: gift.giftName, giftMoney: fromMinor(gift.amountMinor, 2), imgUrls: gift.imgUrls, giftProperties: gift.giftProperties,
    category: gift.category, type: typeOf(gift.basis), basis: gift.basis, threshold: wireFigure(gift.basis, gift.threshold),
    progress: wireFigure(gift.basis, progressOf(gift, standing)), status, applicationStatus: latest?.applicationStatus ?? null,
  };
}

/** The figure a board's activityMoney shows: deposits for a super gift, yesterday's turnover for happy send, else window turnover. */
function activityMoneyOf(kind: GiftKind, standing: GiftStanding): number {
  if (kind === 'super_gift') return standing.depositsMinor;
  if (kind === 'happy_send') return standing.yesterdayTurnoverMinor;
  return standing.turnoverMinor;
}

/** The whole board of a gift activity for a member (or a visitor) at `now`. */
export function boardOf(activity: Activity, standing: GiftStanding, now: Date): GiftBoard {
  const config = giftConfigOf(activity.config);
  const status = statusAt(activity, now);
  const open = status === 1 && activity.state === 'published';
  const entries = config.gifts.map((gift) => entryOf(gift, standing, open));
  const primary = config.gifts[0]!.basis;
  const steps = config.gifts.filter((gift) => gift.basis === primary).sort((a, b) => a.threshold - b.threshold);
  const done = progressOf(config.gifts[0]!, standing);
  const top = steps.at(-1)?.threshold ?? 0;
  return {
    activityId: activity.id, kind: activity.kind as GiftKind, title: activity.title, status, startsAt: activity.startsAt.toISOString(), endsAt: activity.endsAt.toISOString(),
    termsVersion: activity.termsVersion, webBanner: config.webBanner, webActivityRuleDesc: activity.termsText, activityTabTitle: config.activityTabTitle || activity.title,
    activityMoney: fromMinor(activityMoneyOf(activity.kind as GiftKind, standing), 2), maxGift: config.maxGift, exchangeGift: takenCount(standing),
    points: standing.points, giftList: entries, betGifts: entries.filter((entry) => entry.type === GIFT_ACTIVITY_TYPE.bet),
    firstDepositGift: entries.find((entry) => entry.type === GIFT_ACTIVITY_TYPE.first) ?? null,
    activityProgressBarConfig: {
      basis: primary, done: wireFigure(primary, done), steps: steps.map((gift) => ({ value: wireFigure(primary, gift.threshold), giftId: gift.id })),
      percent: top <= 0 ? 100 : Math.min(100, Math.floor((done * 100) / top)),
    },
  };
}
