import type { UsdtDepositRoute } from '@lobby/sdk';
import type { Queryable } from '../../../db/database.js';
import { applyTransfers, ensureAccounts, houseKindFor, type TransferInput } from '../../../ledger/index.js';
import type { DepositRow } from '../deposit-repository.js';
import type { UsdtProtocol } from './merchants.js';

/**
 * Crediting a confirmed USDT deposit (deposit-service.ts calls it from the credit step of
 * the deposit machine). Kept apart from opening an order, which needs deposit-service.ts
 * itself, so the modules do not import each other.
 */

/** One USDT deposit as stored beside its deposit order. */
export interface UsdtDepositRow {
  bill_no: string;
  route: UsdtDepositRoute;
  merchant_no: string;
  protocol: UsdtProtocol;
  address: string;
  usdt_minor: number;
  rate_e5: number;
  credit_currency: 'CNY' | 'USDT';
  credit_minor: number;
}

/** The USDT side of a deposit order, or undefined for any other order. */
export async function usdtDepositOf(q: Queryable, billNo: string): Promise<UsdtDepositRow | undefined> {
  const { rows } = await q.query<UsdtDepositRow>(
    `SELECT bill_no, route, merchant_no, protocol, address, usdt_minor, rate_e5, credit_currency, credit_minor FROM usdt_deposit_orders WHERE bill_no = $1`,
    [billNo],
  );
  return rows[0];
}

/**
 * Credits a confirmed USDT deposit, by transfers named for the order (so at most once):
 * route 'usdt' moves the USDT from the provider's USDT clearing account to the member's
 * USDT wallet; route 'rmb' moves the USDT from clearing to the house (the member's house
 * slot) and the yuan from the house to the centre wallet, so each currency sums to zero.
 *
 * @example await creditUsdtDeposit(tx, order, usdtRow);
 */
export async function creditUsdtDeposit(tx: Queryable, row: DepositRow, usdt: UsdtDepositRow): Promise<void> {
  const house = houseKindFor(row.member_id);
  const [clearing, memberUsdt, centre, houseUsdt, houseCny] = await ensureAccounts(tx, [
    { memberId: null, kind: `payment_clearing:${row.provider}`, currency: 'USDT' },
    { memberId: row.member_id, kind: 'usdt', currency: 'USDT' },
    { memberId: row.member_id, kind: 'centre', currency: 'CNY' },
    { memberId: null, kind: house, currency: 'USDT' },
    { memberId: null, kind: house, currency: 'CNY' },
  ]);
  const common = { orderReference: row.bill_no };
  const transfers: TransferInput[] =
    usdt.route === 'usdt'
      ? [{ ...common, debitAccountId: clearing!.id, creditAccountId: memberUsdt!.id, amountMinor: usdt.usdt_minor, currency: 'USDT', code: 'deposit_usdt', reference: `deposit:${row.bill_no}` }]
      : [
          { ...common, debitAccountId: clearing!.id, creditAccountId: houseUsdt!.id, amountMinor: usdt.usdt_minor, currency: 'USDT', code: 'deposit_usdt_rmb', reference: `deposit_usdt:${row.bill_no}` },
          { ...common, debitAccountId: houseCny!.id, creditAccountId: centre!.id, amountMinor: usdt.credit_minor, currency: 'CNY', code: 'deposit_usdt_rmb', reference: `deposit:${row.bill_no}` },
        ];
  await applyTransfers(tx, transfers);
}
