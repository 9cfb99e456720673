import type { FastifyInstance } from 'fastify';
import {
  bindBankCard, changeMoneyConfig, deleteBankCard, eWalletAddressAdd, eWalletAddressRemove, fromMinor, memberBankList,
  rmbToUsdt, toMinor, usdtToRmb, virtualCurrencyDelete, virtualCurrencyInsert, virtualCurrencyList, walletTypeGet, walletTypeSet,
} from '@lobby/sdk';
import { registerCall } from '../http/register-call.js';
import { updateWalletSettings, walletSettingsOf } from '../venues/index.js';
import { yuebaoDay } from '../yuebao/yuebao-interest.js';
import { bankCardsOf, bindCard, deleteCard } from './bank-cards.js';
import { CHANGE_MONEY_SETTINGS, convert, conversionsSince, type Conversion } from './conversions.js';
import { addressesOf, deleteAddress, insertAddress } from './virtual-addresses.js';
import { assertIdentityForCardBind } from '../site-config/identity/identity-rules.js';

const EWALLET_PROTOCOLS = [3, 4] as const;
const rateOf = (rateE5: number) => fromMinor(rateE5 * 10, 6);
/** The start of the current Beijing day (conversion limits count per day). */
const dayStartMs = (nowMs: number) => Date.parse(`${yuebaoDay(nowMs)}T00:00:00+08:00`);

/**
 * Bank cards, virtual currency and e-wallet addresses, wallet type and USDT conversions
 * (spec section 7, "Finance" and "Others"). Every query is scoped to the calling member.
 */
export function bankRoutes(app: FastifyInstance): void {
  registerCall(app, memberBankList, async (ctx) => ({ list: await bankCardsOf(ctx.db, ctx.requireMember().id) }));
  registerCall(app, bindBankCard, async (ctx) => {
    const member = ctx.requireMember();
    await assertIdentityForCardBind(ctx.db, member.siteId, member.id, ctx.request); // identity rules of the brand (site-config/identity)
    return bindCard(ctx.db, member.id, ctx.request);
  });
  registerCall(app, deleteBankCard, async (ctx) => deleteCard(ctx.db, ctx.requireMember().id, ctx.request.id));

  registerCall(app, virtualCurrencyList, async (ctx) => ({ list: await addressesOf(ctx.db, ctx.requireMember().id) }));
  registerCall(app, virtualCurrencyInsert, async (ctx) => insertAddress(ctx.db, ctx.requireMember().id, ctx.request));
  registerCall(app, virtualCurrencyDelete, async (ctx) => deleteAddress(ctx.db, ctx.requireMember().id, ctx.request.id));
  registerCall(app, eWalletAddressAdd, async (ctx) => insertAddress(ctx.db, ctx.requireMember().id, ctx.request));
  registerCall(app, eWalletAddressRemove, async (ctx) => deleteAddress(ctx.db, ctx.requireMember().id, ctx.request.id, EWALLET_PROTOCOLS));

  registerCall(app, walletTypeGet, async (ctx) => ({ walletType: (await walletSettingsOf(ctx.db, ctx.requireMember().id)).walletType }));
  registerCall(app, walletTypeSet, async (ctx) => ({
    walletType: (await updateWalletSettings(ctx.db, ctx.requireMember().id, { walletType: ctx.request.walletType })).walletType,
  }));

  registerCall(app, changeMoneyConfig, async (ctx) => {
    const used = await conversionsSince(ctx.db, ctx.requireMember().id, dayStartMs(ctx.services.providers.clock.now()));
    return { buyRate: rateOf(CHANGE_MONEY_SETTINGS.buyRateE5), sellRate: rateOf(CHANGE_MONEY_SETTINGS.sellRateE5), remainCount: Math.max(0, CHANGE_MONEY_SETTINGS.dailyLimit - used) };
  });

  registerCall(app, usdtToRmb, async (ctx) => {
    const memberId = ctx.requireMember().id;
    const since = dayStartMs(ctx.services.providers.clock.now());
    return conversionView(await ctx.db.transaction((tx) => convert(tx, memberId, 'usdt_to_rmb', toMinor(ctx.request.usdtAmount, 6), since)));
  }, { idempotency: 'ledger' });
  registerCall(app, rmbToUsdt, async (ctx) => {
    const memberId = ctx.requireMember().id;
    const since = dayStartMs(ctx.services.providers.clock.now());
    return conversionView(await ctx.db.transaction((tx) => convert(tx, memberId, 'rmb_to_usdt', toMinor(ctx.request.rmbAmount, 2), since)));
  }, { idempotency: 'ledger' });
}

function conversionView(c: Conversion) {
  return {
    billNo: c.billNo,
    rate: rateOf(c.rateE5),
    centerWalletBalance: fromMinor(c.centreMinor, 2),
    virtualCurrencyWalletBalance: fromMinor(c.usdtBalanceMinor, 6),
    rmbAmount: fromMinor(c.rmbMinor, 2),
    usdtAmount: fromMinor(c.usdtMinor, 6),
  };
}
