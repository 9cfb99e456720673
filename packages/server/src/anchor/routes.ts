import type { FastifyInstance } from 'fastify';
import {
  CODE, COIN_AMOUNT_MAX, COIN_AMOUNT_MIN, availableBalance, buyCoin, checkBuyCoinPermission, coinWalletBalance, fromMinor, giftConfigList, giftRank, giftRewardSend, toMinor, transferStatusFetch,
  type CallResponse, type Envelope,
} from '@lobby/sdk';
import { BusinessError, errorEnvelope, okEnvelope } from '../http/errors.js';
import { refusalEnvelope } from '../http/idempotency.js';
import { registerCall } from '../http/register-call.js';
import {
  idempotencyBusinessError, idempotencyClaimOf, replayStored, runIdempotent, type IdempotencyClaim, type IdempotentResult, type StoredKey,
} from '../idempotency/index.js';
import { balancesOf, coinOrdersOf, CENTRE_BALANCE_MARK, COIN_BALANCE_MARK, buyCoinOnce, type CoinOrderDraft } from '../ledger/index.js';
import { financeSettings } from '../wallet/finance-settings.js';
import { coinPermission } from './coin-permission.js';
import { giftPushText, giftRankOf, giftsOf, sendGift } from './gifts.js';

/**
 * The anchor route group (spec section 7, "Anchor"; flow in section 4): coin wallet,
 * available balance, the purchase permission and the purchase itself; the gift list, gift
 * sends (coins to an anchor, through the ledger) and an anchor's top senders.
 */
export function anchorRoutes(app: FastifyInstance): void {
  registerCall(app, coinWalletBalance, async (ctx) => {
    const balances = await balancesOf(ctx.db, ctx.requireMember().id);
    return { coinWalletBalance: balances.get('coin') ?? 0 };
  });

  registerCall(app, availableBalance, async (ctx) => {
    const member = ctx.requireMember();
    const balances = await balancesOf(ctx.db, member.id);
    return { availableBalance: fromMinor(balances.get('centre') ?? 0, 2), coinRate: financeSettings(member.siteId).coinRate };
  });

  registerCall(app, checkBuyCoinPermission, async (ctx) => {
    const member = ctx.requireMember();
    return coinPermission(ctx.db, member.id, financeSettings(member.siteId));
  });

  // buyCoin claims, buys and completes its key in one statement (buyCoinOnce): its guard passes the work through.
  registerCall(app, buyCoin, async (ctx) => {
    const member = ctx.requireMember();
    const settings = financeSettings(member.siteId);
    const moneyMinor = toMinor(ctx.request.money, 2);
    const claim = idempotencyClaimOf({ memberId: member.id, siteId: ctx.siteId, key: ctx.idempotencyKey!, callName: buyCoin.name, input: ctx.request });
    const permission = await coinPermission(ctx.db, member.id, settings);
    if (permission.code !== 0) {
      const refusal = new BusinessError(permission.code, permission.msg);
      return dataOf(await runIdempotent(ctx.db, claim, () => Promise.reject(refusal), refusalEnvelope).catch(rethrow));
    }
    const result = await buyCoinOnce(ctx.db, claim, { memberId: member.id, moneyMinor, coinRate: settings.coinRate }, (draft) => ({
      ok: okEnvelope({ ...purchaseView(draft, 0, 0), coinWalletBalance: COIN_BALANCE_MARK, centerWalletBalance: CENTRE_BALANCE_MARK }),
      refusal: errorEnvelope(CODE.exceedsBalance, EXCEEDS_BALANCE),
    }));
    if (result.outcome === 'refused') throw new BusinessError('exceedsBalance', EXCEEDS_BALANCE);
    if (result.outcome === 'stored') return dataOf(replayOrRefuse(result.stored, claim));
    return purchaseView(result.purchase, result.purchase.centreBalanceMinor, result.purchase.coinBalanceMinor);
  }, { idempotency: 'passThrough' });

  // Transfer status: can the centre wallet pay for coins now, and the last (or a named) purchase of the member's own.
  registerCall(app, transferStatusFetch, async (ctx) => {
    const member = ctx.requireMember();
    const settings = financeSettings(member.siteId);
    const { billNo } = ctx.request;
    const { rows } = billNo === undefined
      ? { rows: (await coinOrdersOf(ctx.db, member.id, 1)).map((order) => ({ bill_no: order.billNo, money_minor: order.moneyMinor, coins: order.coins, created_at: order.createdAt })) }
      : await ctx.db.query<{ bill_no: string; money_minor: number; coins: number; created_at: Date }>(
          'SELECT bill_no, money_minor, coins, created_at FROM coin_orders WHERE bill_no = $1 AND member_id = $2',
          [billNo, member.id],
        );
    if (billNo !== undefined && !rows[0]) throw new BusinessError('orderNotFound', `billNo: no coin purchase ${billNo} of yours`);
    const centreMinor = (await balancesOf(ctx.db, member.id)).get('centre') ?? 0;
    const permission = await coinPermission(ctx.db, member.id, settings);
    const affordable = Math.min(COIN_AMOUNT_MAX, Math.floor(centreMinor / 100));
    const refusal = permission.code !== 0 ? permission : affordable < COIN_AMOUNT_MIN ? { code: CODE.exceedsBalance, msg: 'the centre wallet holds less than the least purchase' } : undefined;
    const last = rows[0];
    return {
      canPay: !refusal, code: refusal?.code ?? 0, msg: refusal?.msg ?? 'ok', centerWalletBalance: fromMinor(centreMinor, 2), coinRate: settings.coinRate,
      minMoney: COIN_AMOUNT_MIN, maxMoney: refusal ? 0 : affordable,
      lastPurchase: last ? { billNo: last.bill_no, status: 'success' as const, money: fromMinor(Number(last.money_minor), 2), coins: Number(last.coins), createdAt: new Date(last.created_at).toISOString() } : null,
    };
  });

  registerCall(app, giftConfigList, async (ctx) => ({ list: [...giftsOf(ctx.siteId)] }));

  registerCall(app, giftRewardSend, async (ctx) => {
    const member = ctx.requireMember();
    const { anchorId, giftId, count, roomId } = ctx.request;
    // The room is checked before any coin moves; a gift push (spec section 3, "Chat room")
    // is stored in the send's transaction, so it exists exactly when the send does.
    const room = roomId === undefined ? null : await app.chat.room(member.siteId, roomId, ctx.db);
    const { sent, push } = await ctx.db.transaction(async (tx) => {
      const sent = await sendGift(tx, { siteId: member.siteId, memberId: member.id, anchorId, giftId, count });
      const push = room?.setup.giftPush ? await app.chat.storePush(room.id, 'gift', 'gift', giftPushText(member.name, sent), tx) : null;
      return { sent, push };
    });
    // Published without waiting: live delivery must not hold the request (nor, on the
    // embedded database's one connection, wait for it); boxes catch up by id anyway.
    if (push) void app.chat.toRoom(member.siteId, push.roomId, { type: 'message', message: push });
    return sent;
  }, { idempotency: 'ledger' });

  registerCall(app, giftRank, async (ctx) => giftRankOf(ctx.db, ctx.siteId, ctx.request.anchorId, ctx.request.limit ?? 10));
}

const EXCEEDS_BALANCE = 'the centre wallet holds less than the amount';

/** The buyCoin answer for an order and the two balances after it. */
function purchaseView(order: CoinOrderDraft, centreBalanceMinor: number, coinBalanceMinor: number) {
  return {
    message: `Bought ${order.coins} coins`,
    billNo: order.billNo,
    money: fromMinor(order.moneyMinor, 2),
    coins: order.coins,
    coinWalletBalance: coinBalanceMinor,
    centerWalletBalance: fromMinor(centreBalanceMinor, 2),
  };
}

/**
 * The data of a stored or fresh envelope for a key (buyCoin runs its own key, see
 * passThroughGuard): code 0 answers its data, a stored refusal is thrown again as the
 * same refusal, so a replay answers exactly what the first request answered.
 */
function dataOf(result: IdempotentResult<Envelope<unknown>>): CallResponse<typeof buyCoin> {
  const envelope = result.response;
  if (envelope.code === CODE.success) return envelope.data as CallResponse<typeof buyCoin>;
  throw new BusinessError(envelope.code, envelope.msg, envelope.data);
}

function replayOrRefuse(stored: StoredKey, claim: IdempotencyClaim): IdempotentResult<Envelope<unknown>> {
  try {
    return replayStored<Envelope<unknown>>(stored, claim);
  } catch (error) {
    throw idempotencyBusinessError(error);
  }
}

function rethrow(error: unknown): never {
  throw idempotencyBusinessError(error);
}

