import { TOP_GIFT_DIVIDEND_DAYS, fromMinor } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { balancesOf } from '../../ledger/index.js';
import { checkClaim, payReward, visibleActivity, type Activity } from '../engine/index.js';
import { giftConfigOf } from './config.js';
import { rankingOf } from './gift-reads.js';

const DAY_MS = 86_400_000;
export const DIVIDEND_CLAIM_KEY = 'dividend';

/** The member's final (or current) rank and the prize of its band (0 outside every band). */
export async function dividendOf(q: Queryable, activity: Activity, memberId: number, now: Date): Promise<{ rank: number | null; amountMinor: number }> {
  const rank = (await rankingOf(q, activity, now)).find((row) => row.memberId === memberId)?.rank ?? null;
  const band = rank === null ? undefined : giftConfigOf(activity.config).rankPrizes.find((prize) => rank >= prize.fromRank && rank <= prize.toRank);
  return { rank, amountMinor: band?.amountMinor ?? 0 };
}

/** Whether dividends may be claimed now: the activity ran to its end (not ended early by the operator, which returns its budget) and the claim period is open. */
export function dividendOpen(activity: Activity, now: Date): boolean {
  return activity.state === 'published' && now >= activity.endsAt && now.getTime() < activity.endsAt.getTime() + TOP_GIFT_DIVIDEND_DAYS * DAY_MS;
}

/**
 * Pays the member's top gift dividend, inside `tx`: after the activity's end, within the
 * claim period, the final ranking (valid bets of the window) puts the member in a prize
 * band; the engine's claim guard runs, then the prize moves from the budget into the
 * centre wallet once (claim key `dividend`). Refusals name the reason and change nothing.
 */
export async function claimDividend(tx: Queryable, siteId: number, activityId: number, memberId: number, termsVersion: number, now: Date) {
  const activity = await visibleActivity(tx, siteId, activityId, 'top_gift');
  if (!dividendOpen(activity, now)) {
    throw new BusinessError('activityNotLive', now < activity.endsAt ? 'dividends are paid once the ranking has ended' : `dividends were claimable until ${TOP_GIFT_DIVIDEND_DAYS} days after the end`);
  }
  const { rank, amountMinor } = await dividendOf(tx, activity, memberId, now);
  if (amountMinor === 0) throw new BusinessError('giftLocked', rank === null ? 'no valid bets in the ranking' : `rank ${rank} is outside every prize band`);
  await checkClaim(tx, activity, memberId, now, { termsVersion, amountMinor, claimKey: DIVIDEND_CLAIM_KEY });
  const paid = await payReward(tx, { activity, memberId, claimKey: DIVIDEND_CLAIM_KEY, amountMinor, wallet: 'centre', detail: { rank }, termsVersion, now });
  if (!paid.fresh) throw new BusinessError('giftAlreadyTaken', 'the dividend is already claimed');
  const centre = (await balancesOf(tx, memberId)).get('centre') ?? 0;
  return { rank: rank!, amount: fromMinor(paid.amountMinor, 2), centerWalletBalance: fromMinor(centre, 2) };
}
