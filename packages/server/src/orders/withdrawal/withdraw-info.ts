import { E_WALLET_WAYS, fromMinor, type CallResponse, type withdrawInfo } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { balancesOf } from '../../ledger/index.js';
import { financeSettings } from '../../wallet/finance-settings.js';
import { dayStartMs, orderSettings } from '../order-settings.js';
import { hasWithdrawPassword } from './withdraw-password.js';

type WithdrawInfo = CallResponse<typeof withdrawInfo>;

/**
 * Withdraw info by type (spec section 3, "Withdraw info types"): '1' USDT, '3' normal,
 * '4' fast and '5' another pay type (the e-wallets EbPay and KoiPay, paid from the centre
 * wallet with the normal limits, to an address bound with eWalletAddressAdd) are offered;
 * '2' account-transfer pay answers `enabled: false`: the spec names it but does not say
 * where its money goes (docs/DECISIONS.md).
 *
 * @example await withdrawInfoOf(db, memberId, 4, '3', Date.now()) // { enabled: true, currency: 'RMB', ... }
 */
export async function withdrawInfoOf(q: Queryable, memberId: number, siteId: number, type: '1' | '2' | '3' | '4' | '5', nowMs: number): Promise<WithdrawInfo> {
  const settings = orderSettings(siteId);
  const balances = await balancesOf(q, memberId);
  const usdt = type === '1';
  const { rows } = await q.query<{ n: number; total: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(amount_minor) FILTER (WHERE currency = 'CNY'), 0)::bigint AS total
       FROM withdrawal_orders WHERE member_id = $1 AND created_at >= to_timestamp($2::float8 / 1000.0)`,
    [memberId, dayStartMs(nowMs)],
  );
  const [min, max, decimals] = usdt ? [settings.usdtMinMinor, settings.usdtMaxMinor, 6 as const] : [settings.withdrawMinMinor, settings.withdrawMaxMinor, 2 as const];
  return {
    type,
    enabled: type === '3' || type === '4' || type === '5' || (usdt && settings.supportUsdt),
    currency: usdt ? 'USDT' : 'RMB',
    balance: fromMinor(balances.get(usdt ? 'usdt' : 'centre') ?? 0, decimals),
    minAmount: fromMinor(min, decimals),
    maxAmount: fromMinor(max, decimals),
    fee: 0,
    surplusCount: Math.max(0, settings.withdrawsPerDay - rows[0]!.n),
    surplusAmount: fromMinor(Math.max(0, settings.withdrawMaxMinor * settings.withdrawsPerDay - rows[0]!.total), 2),
    hasWithdrawPassword: await hasWithdrawPassword(q, memberId),
    usdt: usdt ? { exchangeRate: fromMinor(financeSettings(siteId).baseRateE5, 5), protocols: ['TRC20', 'ERC20', 'OMNI'], supportUsdt: settings.supportUsdt } : null,
    fast: type === '4'
      ? { drawCount: settings.fastDrawCount, fixedAmount: [settings.fastDrawMaxMinor].map((m) => fromMinor(m, 2)), drawRewardRate: 0, drawType: 1, drawMarginRate: 0, whitelist: false }
      : null,
    eWallet: type === '5' ? { ways: E_WALLET_WAYS.map((way) => ({ ...way })) } : null,
  };
}
