import { defineCall } from '../call.js';
import { VenueMoney } from '../entities.js';
import { s } from '../schema.js';

/**
 * Venue wallet calls (spec section 7, "Games" transfers and balances; "Yuebao" one-click
 * recycling and the confirm list; section 4, "Venue recycling"). Served under /game/ and
 * /yeb/. Venue money is yuan with 2 decimals on the wire.
 */

const yuan = (description: string) => s.money({ decimals: 2, description });
const venueCode = (description: string) => s.string({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$', description });

export const VenueList = s.object({ venueList: s.array(VenueMoney) });

/** Every venue of the brand with the member's money in it (the wallet's books) and its maintenance flag. */
export const venueBalances = defineCall({
  name: 'venueBalances',
  group: 'games',
  path: '/game/v1/balances',
  style: 'json',
  auth: 'member',
  summary: 'Venue list with the money in each venue and the maintenance flag',
  request: s.empty(),
  response: VenueList,
});

export const VenueRefreshResponse = s.object({
  message: s.string({ description: "'amount refreshed' on success (spec section 8)" }),
  venueList: s.array(VenueMoney),
});

/** Asks every venue (or one) for the member's balance; throttled to once per 10 s (spec section 9). */
export const venueBalanceRefresh = defineCall({
  name: 'venueBalanceRefresh',
  group: 'games',
  path: '/game/v1/balance_refresh',
  style: 'json',
  auth: 'member',
  summary: "Refresh venue balances from the venues (10 s throttle: 'the operation is too frequent')",
  request: s.object({ apiName: s.optional(venueCode('Only this venue; all venues when absent')) }),
  response: VenueRefreshResponse,
});

/** How one venue transfer ended: the venue confirmed, refused, or has not answered yet. */
export const VenueTransferState = s.enum(['completed', 'failed', 'pending'] as const, {
  description: 'pending: the venue did not answer in time; the transfer is reconciled with the same transfer id',
});

export const VenueTransferResult = s.object({
  transferId: s.string({ description: 'Sent to the venue on every attempt; a retried call never moves money twice' }),
  apiName: s.string(),
  state: VenueTransferState,
  amount: yuan('The amount of this transfer'),
  message: s.string(),
  centerWalletBalance: yuan('Centre wallet after the transfer'),
  money: yuan('The venue wallet after the transfer (the books)'),
});

/** Spec section 3, "Wallet transfer parameter": api_name and the amount. */
export const VenueTransferInRequest = s.object({
  api_name: venueCode('Venue channel code, e.g. LBSPORT'),
  transferIntoVal: s.money({ decimals: 2, exclusiveMinimum: 0, maximum: 100_000_000, description: 'Yuan moved from the centre wallet into the venue' }),
});

/** Moves yuan from the centre wallet into a venue. Moves money: send `x-idempotency-key`. */
export const venueTransferIn = defineCall({
  name: 'venueTransferIn',
  group: 'games',
  path: '/game/v1/transfer_in',
  style: 'json',
  auth: 'member',
  summary: 'Transfer from the centre wallet into a venue',
  request: VenueTransferInRequest,
  response: VenueTransferResult,
  movesMoney: true,
});

export const VenueTransferOutRequest = s.object({
  api_name: venueCode('Venue channel code, e.g. LBSPORT'),
  transferOutVal: s.money({ decimals: 2, exclusiveMinimum: 0, maximum: 100_000_000, description: 'Yuan moved from the venue back to the centre wallet' }),
});

/** Moves yuan from a venue back to the centre wallet. Moves money: send `x-idempotency-key`. */
export const venueTransferOut = defineCall({
  name: 'venueTransferOut',
  group: 'games',
  path: '/game/v1/transfer_out',
  style: 'json',
  auth: 'member',
  summary: 'Transfer from a venue back to the centre wallet',
  request: VenueTransferOutRequest,
  response: VenueTransferResult,
  movesMoney: true,
});

/** Wallet type of spec section 3: 1 RMB, 2 USDT. */
export const WalletTypeValue = s.enum([1, 2] as const, { description: 'Wallet type: 1 RMB (CNY), 2 USDT' });

export const RecycleRequest = s.object({
  apiNames: s.optional(s.array(venueCode('Venue channel code'), { maxItems: 64, description: 'Venues to recycle; all venues with money when absent' })),
  walletType: s.optional(WalletTypeValue),
});

export const RecycleResponse = s.object({
  message: s.string({ description: "'Recovery successful!' when every venue transfer out finished" }),
  state: VenueTransferState,
  transfers: s.array(VenueTransferResult),
  centerWalletBalance: yuan('Centre wallet after recycling'),
});

/**
 * One-click recycling v1: every venue's money back to the centre wallet (spec section 4).
 * Throttled to once per 10 s per member. Moves money: send `x-idempotency-key`.
 */
export const oneClickRecycle = defineCall({
  name: 'oneClickRecycle',
  group: 'games',
  path: '/yeb/v1/one_click_recycling',
  style: 'json',
  auth: 'member',
  summary: 'One-click recycling of every venue into the centre wallet (10 s throttle)',
  request: RecycleRequest,
  response: RecycleResponse,
  movesMoney: true,
});

export const RecycleV2Request = s.object({
  apiNames: s.array(venueCode('Venue channel code'), { minItems: 1, maxItems: 64, description: 'The venues confirmed from the confirm list' }),
  walletType: s.optional(WalletTypeValue),
});

/** One-click recycling v2: only the venues confirmed from the confirm list. */
export const oneClickRecycleV2 = defineCall({
  name: 'oneClickRecycleV2',
  group: 'games',
  path: '/yeb/v2/one_click_recycling',
  style: 'json',
  auth: 'member',
  summary: 'Recycling of the confirmed venues into the centre wallet (10 s throttle)',
  request: RecycleV2Request,
  response: RecycleResponse,
  movesMoney: true,
});

/** The venues holding the member's money, for the recycle confirmation (spec section 4). */
export const venueRecycleConfirmList = defineCall({
  name: 'venueRecycleConfirmList',
  group: 'games',
  path: '/yeb/v1/confirm_venue_recycling_list',
  style: 'json',
  auth: 'member',
  summary: 'Venues with money, to confirm before recycling',
  request: s.empty(),
  response: VenueList,
});

export const AutoTransferStatus = s.object({
  status: s.enum([0, 1] as const, { description: '1: money follows the member into a venue and back (recycling starts automatically)' }),
});

/** The member's auto transfer switch. */
export const autoTransferStatus = defineCall({
  name: 'autoTransferStatus',
  group: 'games',
  path: '/game/v1/auto_transfer_status',
  style: 'json',
  auth: 'member',
  summary: 'Auto transfer status (0 off, 1 on)',
  request: s.empty(),
  response: AutoTransferStatus,
});

/** Turns the auto transfer switch on or off. */
export const setAutoTransferStatus = defineCall({
  name: 'setAutoTransferStatus',
  group: 'games',
  path: '/game/v1/auto_transfer_status/set',
  style: 'json',
  auth: 'member',
  summary: 'Set the auto transfer status',
  request: AutoTransferStatus,
  response: AutoTransferStatus,
});
