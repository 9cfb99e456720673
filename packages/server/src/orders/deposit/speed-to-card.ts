import { PAY_TYPE, fromMinor, type SpeedToCardConfig } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { orderSettings } from '../order-settings.js';
import { channelStateOf } from './speed/channel-state.js';
import { speedOrdersToday } from './speed/deposit-rules.js';
import { speedSettings } from './speed/speed-settings.js';
import { payChannelsOf } from './pay-channels.js';

/**
 * Speed-to-card (fast-to-card, pay type 912) settings of a brand where the spec shows only
 * the field names (spec section 3, "Speed-to-card config"); ours until a back office
 * edits them. The reward rate and daily limit are the 912 channel's discount; the time to
 * pay is the deposit order timeout (orderTimeOut).
 */
const SPEED_TO_CARD = {
  bankMaintain: false,
  /** 1: the payer name must be the member's real name. */
  payNameType: 1,
};

/**
 * The member's speed-to-card config: the brand's settings, the 912 channel's reward rate
 * and daily limit, and how many speed-to-card orders the member has left today.
 *
 * @example await speedToCardConfigOf(db, memberId, 4, Date.now()) // { payCount: 5, payRewardRate: 0.5, ... }
 */
export async function speedToCardConfigOf(q: Queryable, memberId: number, siteId: number, nowMs: number): Promise<SpeedToCardConfig> {
  const channel = payChannelsOf(siteId).find((c) => c.payTypeId === PAY_TYPE.speed);
  const made = await speedOrdersToday(q, memberId, nowMs);
  // The operator's channel state (speed/channel-state.ts): anything but open keeps speed deposits off.
  const state = await channelStateOf(q, siteId, PAY_TYPE.speed);
  return {
    bankMaintain: SPEED_TO_CARD.bankMaintain || !channel || state !== 'open',
    payConfirmTime: orderSettings(siteId).depositTimeoutMinutes,
    payCount: Math.max(0, speedSettings(siteId).paysPerDay - made),
    payDiscountLimit: fromMinor(channel?.maxDailyDiscountMinor ?? 0, 2),
    payNameType: SPEED_TO_CARD.payNameType,
    payRewardRate: fromMinor(channel?.discountBp ?? 0, 2),
    whitelist: false,
  };
}

