import { defineCall } from '../call.js';
import { COIN_AMOUNT_MAX, COIN_AMOUNT_MIN } from '../limits.js';
import { INT4_MAX, s } from '../schema.js';

/**
 * Anchor (live streamer) calls of spec section 7 about gold coins, served under
 * /anchor/. Coins are integers; yuan amounts carry 2 decimals at most.
 */

export const CoinWalletBalance = s.object({ coinWalletBalance: s.integer({ minimum: 0 }) });

/** The member's coin wallet. */
export const coinWalletBalance = defineCall({
  name: 'coinWalletBalance',
  group: 'anchor',
  path: '/anchor/v1/coin_wallet_balance',
  style: 'json',
  auth: 'member',
  summary: 'Gold coin wallet balance',
  request: s.empty(),
  response: CoinWalletBalance,
  readOnly: true,
});

export const AvailableBalance = s.object({
  availableBalance: s.money({ decimals: 2, description: 'Centre wallet yuan available for coin purchases' }),
  coinRate: s.integer({ minimum: 1, description: 'Coins per yuan (spec section 9: 10 by default)' }),
});

/** What the member can spend on coins (the centre wallet), with the buying rate. */
export const availableBalance = defineCall({
  name: 'availableBalance',
  group: 'anchor',
  path: '/anchor/v1/available_balance',
  style: 'json',
  auth: 'member',
  summary: 'Centre wallet balance available for buying coins, and the coin rate',
  request: s.empty(),
  response: AvailableBalance,
  readOnly: true,
});

/** Spec section 3: "Permission check response: code (0 allowed), msg". */
export const BuyCoinPermission = s.object({
  code: s.integer({ description: '0 allowed; otherwise the refusal code (e.g. memberSleeping)' }),
  msg: s.string(),
});

/** May this member buy coins now? Run before the dialog, on buy-now and on confirm (spec section 4). */
export const checkBuyCoinPermission = defineCall({
  name: 'checkBuyCoinPermission',
  group: 'anchor',
  path: '/anchor/v1/check_buy_coin_permission',
  style: 'json',
  auth: 'member',
  summary: 'Check whether the member may buy coins (code 0 allowed)',
  request: s.empty(),
  response: BuyCoinPermission,
});

export const BuyCoinRequest = s.object({
  money: s.integer({ minimum: COIN_AMOUNT_MIN, maximum: COIN_AMOUNT_MAX, description: 'Whole yuan paid from the centre wallet' }),
});

export const BuyCoinResponse = s.object({
  message: s.string({ description: 'Shown to the member on success (spec: purchase response data)' }),
  billNo: s.string(),
  money: s.money({ decimals: 2 }),
  coins: s.integer({ minimum: 1 }),
  coinWalletBalance: s.integer({ minimum: 0 }),
  centerWalletBalance: s.money({ decimals: 2 }),
});

/**
 * Buys coins (money times the coin rate) from the centre wallet. Moves money: send an
 * `x-idempotency-key`; a replay answers the first result, another body with the key 409.
 */
export const buyCoin = defineCall({
  name: 'buyCoin',
  group: 'anchor',
  path: '/anchor/v1/buy_coin',
  style: 'json',
  auth: 'member',
  summary: 'Buy gold coins from the centre wallet',
  request: BuyCoinRequest,
  response: BuyCoinResponse,
  movesMoney: true,
});

/** Spec section 7, "Anchor": the gifts a member can send an anchor, priced in coins. */
export const GiftConfig = s.object({
  giftId: s.integer({ minimum: 1 }),
  giftName: s.string(),
  coins: s.integer({ minimum: 1, description: 'Price of one gift in coins' }),
  icon: s.string({ description: 'Image URL' }),
  sort: s.integer(),
});

/** The brand's gift list (gift config list), sorted. */
export const giftConfigList = defineCall({
  name: 'giftConfigList',
  group: 'anchor',
  path: '/anchor/v1/gift_config_list',
  style: 'json',
  auth: 'none',
  summary: 'Gifts a member can send an anchor, with their price in coins',
  request: s.empty(),
  response: s.object({ list: s.array(GiftConfig) }),
});

/** Most gifts of one kind in one send. */
export const GIFT_COUNT_MAX = 9_999;

export const GiftRewardSendRequest = s.object({
  anchorId: s.integer({ minimum: 1, maximum: INT4_MAX }),
  giftId: s.integer({ minimum: 1, maximum: INT4_MAX }),
  count: s.integer({ minimum: 1, maximum: GIFT_COUNT_MAX }),
  roomId: s.optional(
    s.integer({ minimum: 1, maximum: INT4_MAX, description: "The chat room the member watches: the send is pushed to it when the room's setup has giftPush on" }),
  ),
});

export const GiftRewardSendResponse = s.object({
  billNo: s.string(),
  anchorId: s.integer(),
  giftId: s.integer(),
  count: s.integer({ minimum: 1 }),
  coins: s.integer({ minimum: 1, description: 'Coins paid: the gift price times count' }),
  coinWalletBalance: s.integer({ minimum: 0, description: 'The member coin wallet after the send' }),
});

/**
 * Sends gifts to an anchor: their price in coins moves from the member's coin wallet to
 * the anchor's account in the ledger (exceedsBalance when the wallet is short; unknown
 * anchor: anchorNotFound; unknown gift: giftNotFound). Moves money: send an
 * `x-idempotency-key`; a replay answers the first result.
 */
export const giftRewardSend = defineCall({
  name: 'giftRewardSend',
  group: 'anchor',
  path: '/anchor/v1/gift_reward_send',
  style: 'json',
  auth: 'member',
  summary: 'Send gifts (coins) from the coin wallet to an anchor',
  request: GiftRewardSendRequest,
  response: GiftRewardSendResponse,
  movesMoney: true,
});

export const GiftRankEntry = s.object({
  rank: s.integer({ minimum: 1 }),
  name: s.string({ description: 'The sender, masked (first two characters, then ***)' }),
  coins: s.integer({ minimum: 1, description: 'Coins sent to this anchor in total' }),
});

/** An anchor's top senders by coins sent (ties: who reached the total first). */
export const giftRank = defineCall({
  name: 'giftRank',
  group: 'anchor',
  path: '/anchor/v1/gift_rank',
  style: 'json',
  auth: 'none',
  summary: "An anchor's top gift senders",
  request: s.object({
    anchorId: s.integer({ minimum: 1, maximum: INT4_MAX }),
    limit: s.optional(s.integer({ minimum: 1, maximum: 50, description: '10 when absent' })),
  }),
  response: s.object({ anchorId: s.integer(), list: s.array(GiftRankEntry) }),
});

/**
 * Transfer status fetch (spec section 7, "Anchor"): can the member's centre wallet pay for
 * coins now (the permission rules of checkBuyCoinPermission, then at least the least
 * purchase in the centre wallet), and the status of its last coin purchase, or of the one
 * named by billNo (its own only).
 */
export const transferStatusFetch = defineCall({
  name: 'transferStatusFetch',
  group: 'anchor',
  path: '/anchor/v1/transfer_status',
  style: 'json',
  auth: 'member',
  summary: "Whether the centre wallet can pay for coins now, and the status of the member's last (or a named) coin purchase",
  request: s.object({ billNo: s.optional(s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })) }),
  response: s.object({
    canPay: s.boolean(),
    code: s.integer({ description: '0 when the centre wallet can pay; else the refusal code (memberSleeping, buyCoinNotAllowed, exceedsBalance, ...)' }),
    msg: s.string(),
    centerWalletBalance: s.money({ decimals: 2 }),
    coinRate: s.integer({ minimum: 1 }),
    minMoney: s.integer({ minimum: 1, description: 'Least whole yuan a purchase takes' }),
    maxMoney: s.integer({ minimum: 0, description: 'Most whole yuan a purchase can take now (the limit or the centre wallet, the lower)' }),
    lastPurchase: s.nullable(
      s.object({
        billNo: s.string(),
        status: s.enum(['success'] as const, { description: 'A purchase moves money in one statement: recorded means done' }),
        money: s.money({ decimals: 2 }),
        coins: s.integer({ minimum: 1 }),
        createdAt: s.string(),
      }),
    ),
  }),
});
