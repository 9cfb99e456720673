import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { ensureAccounts } from './account-repository.js';
import { LedgerError } from './ledger-error.js';
import { applyTransfers } from './ledger-repository.js';
import type { SystemAccountKind } from './ledger-types.js';

/** Spec section 9: 10 coins per yuan unless configured otherwise. */
export const COIN_RATE_DEFAULT = 10;
/** Spec sections 5 and 9: a purchase is 1 to 500000 whole yuan. */
export const COIN_MONEY_MIN_YUAN = 1;
export const COIN_MONEY_MAX_YUAN = 500_000;

const MINOR_PER_YUAN = 100;

/**
 * The house takes its side of coin purchases in this many slots (`house:0` to
 * `house:15`), picked by member: every purchase locks its house row until commit, so one
 * house row would serialise the purchases of all members. The house's balance is the
 * sum of its slots (and of the plain `house` account).
 */
export const HOUSE_SLOTS = 16;

/** @example houseKindFor(42) // 'house:10' */
export function houseKindFor(memberId: number): SystemAccountKind {
  return `house:${memberId % HOUSE_SLOTS}`;
}

export interface CoinOrder {
  id: number;
  billNo: string;
  memberId: number;
  moneyMinor: number;
  coins: number;
  coinRate: number;
  createdAt: Date;
}

/** An accepted purchase and the two wallets right after it. */
export interface CoinPurchase extends CoinOrder {
  centreBalanceMinor: number;
  coinBalanceMinor: number;
}

export interface BuyCoinInput {
  memberId: number;
  /** Whole yuan, as minor units (a multiple of 100). */
  moneyMinor: number;
  coinRate?: number;
}

/** Why a purchase was refused before the ledger was asked. */
export class CoinPurchaseError extends Error {
  constructor(readonly rule: 'moneyOutOfRange' | 'moneyMustBeWholeYuan' | 'coinRateInvalid') {
    super(rule);
    this.name = 'CoinPurchaseError';
  }
}

/**
 * Buys coins from the centre wallet inside `tx`: yuan go from the member's centre wallet
 * to the house (the member's house slot), coins (money times the rate) from the house to the member's coin wallet,
 * as one linked batch, and the order is recorded. Throws LedgerError `exceedsBalance`
 * when the centre wallet holds too little; then nothing is written.
 *
 * @example const order = await buyCoin(tx, { memberId: 42, moneyMinor: 18_00 }); // 180 coins
 */
export async function buyCoin(tx: Queryable, input: BuyCoinInput): Promise<CoinPurchase> {
  const coinRate = input.coinRate ?? COIN_RATE_DEFAULT;
  const coins = coinsFor(input.moneyMinor, coinRate);
  const { memberId, moneyMinor } = input;
  const [centre, coin, houseCny, houseCoin] = await ensureAccounts(tx, [
    { memberId, kind: 'centre', currency: 'CNY' },
    { memberId, kind: 'coin', currency: 'COIN' },
    { memberId: null, kind: houseKindFor(memberId), currency: 'CNY' },
    { memberId: null, kind: houseKindFor(memberId), currency: 'COIN' },
  ]);
  const billNo = newBillNo();
  const { balancesMinor } = await applyTransfers(tx, [
    { debitAccountId: centre!.id, creditAccountId: houseCny!.id, amountMinor: moneyMinor, currency: 'CNY',
      code: 'buy_coin', reference: `${billNo}:money`, orderReference: billNo },
    { debitAccountId: houseCoin!.id, creditAccountId: coin!.id, amountMinor: coins, currency: 'COIN',
      code: 'buy_coin', reference: `${billNo}:coins`, orderReference: billNo },
  ]);
  const { rows } = await tx.query<{ id: number; created_at: Date }>(
    `INSERT INTO coin_orders (bill_no, member_id, money_minor, coins, coin_rate) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, created_at`,
    [billNo, memberId, moneyMinor, coins, coinRate],
  );
  const row = rows[0]!;
  return {
    id: row.id, billNo, memberId, moneyMinor, coins, coinRate, createdAt: row.created_at,
    centreBalanceMinor: balancesMinor.get(centre!.id)!, coinBalanceMinor: balancesMinor.get(coin!.id)!,
  };
}

/** Coins for a whole-yuan amount in minor units, in integer arithmetic. */
export function coinsFor(moneyMinor: number, coinRate: number): number {
  if (!Number.isSafeInteger(coinRate) || coinRate <= 0) throw new CoinPurchaseError('coinRateInvalid');
  if (!Number.isSafeInteger(moneyMinor)) throw new LedgerError('amountMustBeInteger', String(moneyMinor));
  if (moneyMinor % MINOR_PER_YUAN !== 0) throw new CoinPurchaseError('moneyMustBeWholeYuan');
  const yuan = moneyMinor / MINOR_PER_YUAN;
  if (yuan < COIN_MONEY_MIN_YUAN || yuan > COIN_MONEY_MAX_YUAN) throw new CoinPurchaseError('moneyOutOfRange');
  return yuan * coinRate;
}

/** A member's coin orders, newest first. */
export async function coinOrdersOf(q: Queryable, memberId: number, limit = 50): Promise<CoinOrder[]> {
  const { rows } = await q.query<{ id: number; bill_no: string; money_minor: number; coins: number; coin_rate: number; created_at: Date }>(
    `SELECT id, bill_no, money_minor, coins, coin_rate, created_at FROM coin_orders WHERE member_id = $1 ORDER BY id DESC LIMIT $2`,
    [memberId, limit],
  );
  return rows.map((r) => ({ id: r.id, billNo: r.bill_no, memberId, moneyMinor: r.money_minor, coins: r.coins, coinRate: r.coin_rate, createdAt: r.created_at }));
}

function newBillNo(): string {
  return `CO${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
}
