import { GIFT_KINDS, fromMinor, type GiftCheck, type GiftKind } from '@lobby/sdk';
import type { Infer } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { ACTIVITY_COLUMNS, activityOf, statusAt, type Activity } from '../engine/index.js';
import { giftConfigOf } from './config.js';
import { boardOf, isTaken, progressOf, reached, standingOf, takenCount, wireFigure, type GiftStanding } from './gift-board.js';

/**
 * Whether the member may take `giftId` now (or, without one, the first gift it may take),
 * with the reason in words when not. It reads only: the engine's guard (eligibility, caps,
 * abuse rules) still runs when the member takes it.
 */
export function giftCheck(activity: Activity, standing: GiftStanding, giftId: string | undefined, now: Date): Infer<typeof GiftCheck> {
  const config = giftConfigOf(activity.config);
  const no = (reason: string, id: string | null = giftId ?? null) => ({ canApply: false, giftId: id, reason });
  if (statusAt(activity, now) !== 1 || activity.state !== 'published') return no('the activity is not in progress');
  if (config.maxGift > 0 && takenCount(standing) >= config.maxGift) return no(`at most ${config.maxGift} gifts per member`);
  const candidates = giftId === undefined ? config.gifts : config.gifts.filter((gift) => gift.id === giftId);
  if (candidates.length === 0) return no(`no gift ${giftId}`);
  for (const gift of candidates) {
    if (!isTaken(gift, standing) && reached(gift, standing)) return { canApply: true, giftId: gift.id, reason: '' };
  }
  const gift = candidates[0]!;
  if (giftId !== undefined && isTaken(gift, standing)) return no(`gift ${gift.id} is already taken`);
  if (gift.basis === 'points') return no(`gift ${gift.id} costs ${gift.threshold} points; the balance is ${standing.points.balance}`);
  return no(`gift ${gift.id} needs ${gift.basis} ${wireFigure(gift.basis, gift.threshold)}; the account has ${wireFigure(gift.basis, progressOf(gift, standing))}`);
}

/** Masks a member name for a public ranking: its first two characters, then ***, then its last. */
export function maskedName(name: string): string {
  const chars = [...name];
  return chars.length <= 3 ? `${chars[0] ?? ''}***` : `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
}

/** The turnover ranking of a top gift activity's window (to now or its end): the brand's members with valid bets, highest first (ties: earlier member first). */
export async function rankingOf(q: Queryable, activity: Activity, now: Date): Promise<{ rank: number; memberId: number; name: string; turnover: number }[]> {
  const to = now < activity.endsAt ? now : activity.endsAt;
  const { rows } = await q.query<{ member_id: string | number; name: string; turnover: string | number }>(
    `SELECT b.member_id, m.name, sum(b.valid_bet_minor) AS turnover FROM game_bets b JOIN members m ON m.id = b.member_id
      WHERE m.site_id = $1 AND b.status = 'settled' AND b.settled_at >= $2 AND b.settled_at < $3 AND b.valid_bet_minor > 0
      GROUP BY b.member_id, m.name ORDER BY turnover DESC, b.member_id LIMIT 200`,
    [activity.siteId, activity.startsAt, to],
  );
  return rows.map((row, index) => ({ rank: index + 1, memberId: Number(row.member_id), name: maskedName(row.name), turnover: fromMinor(Number(row.turnover), 2) }));
}

/** The brand's published gift activities of `kinds` that have not ended, by sort. */
export async function livingGiftActivities(q: Queryable, siteId: number, kinds: readonly GiftKind[], now: Date): Promise<Activity[]> {
  const { rows } = await q.query<Parameters<typeof activityOf>[0]>(
    `SELECT ${ACTIVITY_COLUMNS} FROM promo_activities WHERE site_id = $1 AND kind = ANY($2::text[]) AND state = 'published' AND ends_at > $3 ORDER BY sort, id LIMIT 50`,
    [siteId, kinds, now],
  );
  return rows.map(activityOf);
}

/** Every living gift activity of the brand with how many gifts the member (or a visitor: 0) may take now. */
export async function giftActivitiesFor(q: Queryable, siteId: number, memberId: number | null, now: Date) {
  const list = [];
  for (const activity of await livingGiftActivities(q, siteId, GIFT_KINDS, now)) {
    const standing = await standingOf(q, activity, giftConfigOf(activity.config), memberId, now);
    const board = boardOf(activity, standing, now);
    list.push({
      activityId: activity.id, kind: board.kind, title: activity.title, status: board.status, endsAt: activity.endsAt.toISOString(),
      available: board.giftList.filter((gift) => gift.status === 1).length,
    });
  }
  return list;
}

/**
 * Whether the brand runs a yuebao task now (a published promo v2 activity in its window with
 * a yuebao gift): what yuebao's config may answer as yebTaskStatus 1.
 *
 * @example const yebTaskStatus = (await yebTaskRunning(db, siteId, now)) ? 1 : 0;
 */
export async function yebTaskRunning(q: Queryable, siteId: number, now: Date): Promise<boolean> {
  const living = await livingGiftActivities(q, siteId, ['promo_v2'], now);
  return living.some((activity) => activity.startsAt <= now && giftConfigOf(activity.config).gifts.some((gift) => gift.basis === 'yuebao'));
}
