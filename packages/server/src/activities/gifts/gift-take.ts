import { GIFT_CATEGORY, fromMinor, type GiftKind, type GiftTaken } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { addressOf } from '../../profile/profile-repository.js';
import { checkClaim, liveActivity, payReward } from '../engine/index.js';
import { giftConfigOf } from './config.js';
import { entryOf, isTaken, nextClaimKey, reached, standingOf, takenCount, wireFigure, progressOf } from './gift-board.js';

const DAY_MS = 86_400_000;

export interface TakeInput {
  siteId: number;
  activityId: number;
  /** The kinds the path serves (present's apply takes only present gifts). */
  kinds: readonly GiftKind[];
  memberId: number;
  giftId: string;
  termsVersion: number;
  now: Date;
}

/**
 * Takes one gift, inside `tx` (docs/GIFTS.md "Taking a gift"): the activity must be live,
 * the engine's claim guard passes (terms version, eligibility, caps, shared identity, rate
 * limit; it also serialises the member's claims on the activity), the gift's tier is
 * reached, it is not taken yet (exchanges: enough points), and the activity's maxGift is
 * not reached. Then a money gift is paid from the budget into the centre wallet; a real
 * gift records the claim at 0 and opens an application with the member's saved receiver
 * address (giftAddressMissing without one); a virtual gift records the claim. Every
 * refusal throws and so writes nothing.
 */
export async function takeGift(tx: Queryable, input: TakeInput): Promise<GiftTaken> {
  const { memberId, now, termsVersion } = input;
  const activity = await liveActivity(tx, input.siteId, input.activityId, input.kinds, now);
  const config = giftConfigOf(activity.config);
  const gift = config.gifts.find((item) => item.id === input.giftId);
  if (!gift) throw new BusinessError('activityGiftNotFound', `giftId: activity ${activity.id} has no gift ${input.giftId}`);
  const amountMinor = gift.category === GIFT_CATEGORY.money ? gift.amountMinor : 0;
  await checkClaim(tx, activity, memberId, now, { termsVersion, amountMinor });

  const standing = await standingOf(tx, activity, config, memberId, now);
  if (isTaken(gift, standing)) throw new BusinessError('giftAlreadyTaken', `gift ${gift.id} is already taken`);
  if (config.maxGift > 0 && takenCount(standing) >= config.maxGift) throw new BusinessError('activityCapReached', `at most ${config.maxGift} gifts per member`);
  if (gift.basis === 'points' && standing.points.balance < gift.threshold) {
    throw new BusinessError('giftPointsShort', `gift ${gift.id} costs ${gift.threshold} points; the balance is ${standing.points.balance}`);
  }
  if (!reached(gift, standing)) {
    const need = wireFigure(gift.basis, gift.threshold);
    const have = wireFigure(gift.basis, progressOf(gift, standing));
    throw new BusinessError('giftLocked', gift.basis === 'firstDeposit' && !standing.firstDepositInWindow
      ? `gift ${gift.id} is for a first deposit made during the activity`
      : `gift ${gift.id} needs ${gift.basis} ${need}; the account has ${have}`);
  }

  const claimKey = nextClaimKey(gift, standing);
  const points = gift.basis === 'points' ? gift.threshold : 0;
  const address = gift.category === GIFT_CATEGORY.real ? await addressOf(tx, memberId) : null;
  if (gift.category === GIFT_CATEGORY.real && !address) throw new BusinessError('giftAddressMissing', 'a real gift is sent to the receiver address: save one first');
  const detail = { giftId: gift.id, category: gift.category, points, ...(gift.buff ? { buff: gift.buff } : {}) };
  const paid = await payReward(tx, { activity, memberId, claimKey, amountMinor, wallet: 'centre', detail, termsVersion, now });

  let applicationId: number | null = null;
  if (address) {
    const { rows } = await tx.query<{ id: string | number }>(
      `INSERT INTO promo_gift_applications (activity_id, member_id, claim_key, gift_id, gift_name, points, receiver, phone, province, city, district, address, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
      [activity.id, memberId, claimKey, gift.id, gift.giftName, points, address.receiver, address.phone, address.province, address.city, address.district, address.address,
        now, new Date(now.getTime() + config.applicationExpiryDays * DAY_MS)],
    );
    applicationId = Number(rows[0]!.id);
  }
  const after = await standingOf(tx, activity, config, memberId, now);
  return { gift: entryOf(gift, after, true), amount: fromMinor(paid.amountMinor, 2), wallet: 'centre', applicationId, pointsLeft: after.points.balance };
}
