import type { FastifyInstance } from 'fastify';
import {
  WITHDRAW_TYPE,
  eWalletWithdraw,
  toMinor,
  usdtWithdraw,
  withdrawInfo,
  withdrawOrderInfo,
  withdrawPasswordReset,
  withdrawPasswordSet,
  withdrawPasswordStatus,
  withdrawPasswordUpdate,
  withdrawPasswordVerify,
  withdrawalAppeal,
  withdrawalConfirm,
  withdrawalRequest,
  validateUsdtAddress,
} from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError, RecordedRefusal } from '../../http/errors.js';
import { registerCall, type CallContext } from '../../http/register-call.js';
import { checkWithdrawPassword, countWithdrawPasswordFailure, hasWithdrawPassword, loginPasswordMatches, storeWithdrawPassword } from './withdraw-password.js';
import { withdrawInfoOf } from './withdraw-info.js';
import { activeWithdrawal, drawByBill, withdrawalOf, withdrawalView } from './withdrawal-repository.js';
import { openWithdrawal } from './withdrawal-open.js';
import { bankPayoutOf, eWalletPayoutOf } from './withdrawal-payout.js';
import { expireDueDraws, transitionDraw } from './withdrawal-service.js';
import { orderSettings } from '../order-settings.js';
import { assertIdentityForWithdrawal } from '../../site-config/identity/identity-rules.js';

/**
 * The member's withdrawal calls (spec section 7). Each call first expires the member's
 * draws whose time is over; a billNo of another member is orderNotFound.
 */
export function withdrawalRoutes(app: FastifyInstance): void {
  const now = () => app.lobby.providers.clock.now();

  registerCall(app, withdrawInfo, async (ctx) => {
    const member = ctx.requireMember();
    return withdrawInfoOf(ctx.db, member.id, member.siteId, ctx.request.type, now());
  });

  registerCall(app, withdrawPasswordStatus, async (ctx) => ({ isSet: await hasWithdrawPassword(ctx.db, ctx.requireMember().id) }));

  registerCall(app, withdrawPasswordSet, async (ctx) => {
    await ctx.db.transaction((tx) => storeWithdrawPassword(tx, ctx.requireMember().id, ctx.request.password, false));
    return { isSet: true };
  });

  registerCall(app, withdrawPasswordUpdate, async (ctx) => {
    const memberId = ctx.requireMember().id;
    await verifyOrRefuse(ctx.db, memberId, ctx.request.oldPassword, now());
    await ctx.db.transaction((tx) => storeWithdrawPassword(tx, memberId, ctx.request.password, true));
    return { isSet: true };
  });

  registerCall(app, withdrawPasswordReset, async (ctx) => {
    const memberId = ctx.requireMember().id;
    if (!(await loginPasswordMatches(ctx.db, memberId, ctx.request.loginPassword))) throw new BusinessError('passwordWrong', 'loginPassword: the login password is wrong');
    await ctx.db.transaction((tx) => storeWithdrawPassword(tx, memberId, ctx.request.password, true));
    return { isSet: true };
  });

  registerCall(app, withdrawPasswordVerify, async (ctx) => {
    await verifyOrRefuse(ctx.db, ctx.requireMember().id, ctx.request.password, now());
    return { verified: true };
  });

  registerCall(app, withdrawalRequest, async (ctx) => {
    const member = ctx.requireMember();
    const { amount, withdrawType, withdrawPassword, bankName, bankCard, bankCardId } = ctx.request;
    return ctx.db.transaction(async (tx) => {
      await passwordOrRefuse(tx, member.id, withdrawPassword);
      const payout = await bankPayoutOf(tx, member.id, { bankName, bankCard, bankCardId });
      await assertIdentityForWithdrawal(tx, { siteId: member.siteId, memberId: member.id, kind: 'bank', cardNo: payout.bankCardFull });
      const { order, draws } = await openWithdrawal(tx, { memberId: member.id, siteId: member.siteId, currency: 'CNY', amountMinor: toMinor(amount, 2), withdrawType, payout }, now());
      return withdrawalView(order, draws, now());
    });
  }, { idempotency: 'ledger' });

  registerCall(app, usdtWithdraw, async (ctx) => {
    const member = ctx.requireMember();
    const { amount, protocol, address, withdrawPassword } = ctx.request;
    if (!orderSettings(member.siteId).supportUsdt) throw new BusinessError('usdtNotSupported', 'USDT withdrawals are switched off on this site (supportUsdt)');
    const checked = validateUsdtAddress(address, protocol);
    if (!checked.ok && checked.error === 'usdtAddressChecksum') throw new BusinessError('addressChecksumMismatch', `address: the ${protocol} checksum does not match: check for a typo`);
    if (!checked.ok) throw new BusinessError('addressInvalid', `address: not a ${protocol} address`);
    return ctx.db.transaction(async (tx) => {
      await passwordOrRefuse(tx, member.id, withdrawPassword);
      await assertIdentityForWithdrawal(tx, { siteId: member.siteId, memberId: member.id, kind: 'usdt', address });
      const input = { memberId: member.id, siteId: member.siteId, currency: 'USDT' as const, amountMinor: toMinor(amount, 6), withdrawType: WITHDRAW_TYPE.usdt, payout: { protocol, address } };
      const { order, draws } = await openWithdrawal(tx, input, now());
      return withdrawalView(order, draws, now());
    });
  }, { idempotency: 'ledger' });

  registerCall(app, eWalletWithdraw, async (ctx) => {
    const member = ctx.requireMember();
    const { amount, addressId, withdrawPassword } = ctx.request;
    return ctx.db.transaction(async (tx) => {
      await passwordOrRefuse(tx, member.id, withdrawPassword);
      const { withdrawType, payout } = await eWalletPayoutOf(tx, member.id, addressId);
      await assertIdentityForWithdrawal(tx, { siteId: member.siteId, memberId: member.id, kind: 'eWallet' });
      const { order, draws } = await openWithdrawal(tx, { memberId: member.id, siteId: member.siteId, currency: 'CNY', amountMinor: toMinor(amount, 2), withdrawType, payout }, now());
      return withdrawalView(order, draws, now());
    });
  }, { idempotency: 'ledger' });

  registerCall(app, withdrawOrderInfo, (ctx) =>
    memberTx(ctx, async (tx, memberId) => {
      const found = ctx.request.billNo ? await withdrawalOf(tx, ctx.request.billNo, memberId) : await activeWithdrawal(tx, memberId);
      if (ctx.request.billNo && !found) throw new BusinessError('orderNotFound', `billNo: no withdrawal ${ctx.request.billNo}`);
      return found ? withdrawalView(found.order, found.draws, now()) : null;
    }),
  );

  registerCall(app, withdrawalConfirm, (ctx) => memberDrawStep(ctx, ctx.request.billNo, 'memberConfirm', ''));
  registerCall(app, withdrawalAppeal, (ctx) => memberDrawStep(ctx, ctx.request.billNo, 'memberAppeal', ctx.request.content));

  function memberDrawStep(ctx: CallContext<unknown>, billNo: string, event: 'memberConfirm' | 'memberAppeal', appeal: string) {
    return memberTx(ctx, async (tx, memberId) => {
      const draw = await drawByBill(tx, billNo, memberId, true);
      if (!draw) throw new BusinessError('orderNotFound', `billNo: no withdrawal draw ${billNo}`);
      await transitionDraw(tx, draw, event, `member:${memberId}`, now());
      if (appeal) await tx.query('UPDATE withdrawal_draws SET appeal = $2 WHERE id = $1', [draw.id, appeal]);
      const found = (await withdrawalOf(tx, draw.order_bill_no, memberId))!;
      return withdrawalView(found.order, found.draws, now());
    });
  }

  function memberTx<T>(ctx: CallContext<unknown>, work: (tx: Queryable, memberId: number) => Promise<T>): Promise<T> {
    const member = ctx.requireMember();
    return ctx.db.transaction(async (tx) => {
      await expireDueDraws(tx, member.id, now());
      return work(tx, member.id);
    });
  }

  /**
   * The withdrawal password inside a money-moving call: a wrong one is refused and counted
   * toward the same lockout as withdrawPasswordVerify. The call's transaction rolls back,
   * so the count is a RecordedRefusal, written with the stored refusal (once per key).
   */
  async function passwordOrRefuse(tx: Queryable, memberId: number, password: string): Promise<void> {
    const nowMs = now();
    if ((await checkWithdrawPassword(tx, memberId, password, nowMs, false)) === 'ok') return;
    throw new RecordedRefusal('withdrawPasswordWrong', 'withdrawPassword: wrong', (recordTx) => countWithdrawPasswordFailure(recordTx, memberId, nowMs));
  }

  /** Checks and counts a wrong password in its own transaction, then refuses. */
  async function verifyOrRefuse(db: CallContext<unknown>['db'], memberId: number, password: string, nowMs: number): Promise<void> {
    const verdict = await db.transaction((tx) => checkWithdrawPassword(tx, memberId, password, nowMs, true));
    if (verdict !== 'ok') throw new BusinessError('withdrawPasswordWrong', 'password: the withdrawal password is wrong');
  }
}

