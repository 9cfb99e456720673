import type { FastifyInstance } from 'fastify';
import { usdtDepositAddress, usdtDepositMerchants, usdtDepositPay } from '@lobby/sdk';
import { depositVerifyMobileStatus, phoneBound } from '../../../deposit-verify/routes.js';
import { BusinessError } from '../../../http/errors.js';
import { registerCall } from '../../../http/register-call.js';
import { paymentsOf } from '../../../payments/payment-registry.js';
import { depositView } from '../deposit-repository.js';
import { usdtAddressOf, usdtMerchantsOf } from './merchants.js';
import { openUsdtDeposit } from './usdt-deposit.js';

/**
 * The USDT deposit calls (spec section 7, "USDT deposit QR address by merchantNo", and the
 * USDT routes of section 4): the merchants (cold wallets), a merchant's address, and the
 * order (usdtDepositPay, idempotent like every money call). The order is then a deposit
 * order like any other: depositOrderStatus, cancelNormalOrder, alreadyPaid, the provider's
 * callback and the operator's confirm or reject.
 */
export function usdtDepositRoutes(app: FastifyInstance): void {
  const payments = paymentsOf(app);
  const now = () => app.lobby.providers.clock.now();

  registerCall(app, usdtDepositAddress, async (ctx) => usdtAddressOf(ctx.requireMember().siteId, ctx.request.merchantNo));
  registerCall(app, usdtDepositMerchants, async (ctx) => usdtMerchantsOf(ctx.requireMember().siteId));

  registerCall(app, usdtDepositPay, async (ctx) => {
    const member = ctx.requireMember();
    // The brand's mobile binding verification before deposit applies to USDT too.
    if (depositVerifyMobileStatus(member.siteId) === 1 && !(await phoneBound(ctx.db, member.id))) {
      throw new BusinessError('identityNoPhone', 'bind a mobile phone before depositing');
    }
    const input = { memberId: member.id, siteId: member.siteId, ...ctx.request };
    const row = await ctx.db.transaction((tx) => openUsdtDeposit(tx, input, (name) => payments.providers.get(name), now()));
    return depositView(row, now());
  }, { idempotency: 'ledger' });
}
