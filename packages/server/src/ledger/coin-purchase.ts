import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { LedgerError, ledgerErrorFromDatabase } from './ledger-error.js';
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
 * Buys coins from the centre wallet: yuan go from the member's centre wallet to the house
 * (the member's house slot), coins (money times the rate) from the house to the member's
 * coin wallet, as one linked batch, and the order is recorded. One statement (the
 * database function `ledger_buy_coin`, migration 0103, with the ledger's rules: accounts
 * locked in id order, balance checked under the lock, transfers posted by the ledger
 * triggers), so it is atomic on its own and joins the caller's transaction `tx` when there
 * is one. Throws LedgerError `exceedsBalance` when the centre wallet holds too little;
 * then nothing is written.
 *
 * @example const order = await buyCoin(tx, { memberId: 42, moneyMinor: 18_00 }); // 180 coins
 */
export async function buyCoin(tx: Queryable, input: BuyCoinInput): Promise<CoinPurchase> {
  const coinRate = input.coinRate ?? COIN_RATE_DEFAULT;
  const coins = coinsFor(input.moneyMinor, coinRate);
  const { memberId, moneyMinor } = input;
  const billNo = newBillNo();
  let row: PurchaseRow;
  try {
    const { rows } = await tx.query<PurchaseRow>(
      'SELECT o_order_id, o_created_at, o_centre_balance, o_coin_balance FROM ledger_buy_coin($1, $2, $3, $4, $5, $6)',
      [memberId, moneyMinor, coins, coinRate, billNo, houseKindFor(memberId)],
    );
    row = rows[0]!;
  } catch (error) {
    throw purchaseErrorFromDatabase(error);
  }
  return {
    id: Number(row.o_order_id), billNo, memberId, moneyMinor, coins, coinRate, createdAt: row.o_created_at,
    centreBalanceMinor: Number(row.o_centre_balance), coinBalanceMinor: Number(row.o_coin_balance),
  };
}

interface PurchaseRow {
  o_order_id: number | bigint;
  o_created_at: Date;
  o_centre_balance: number | bigint;
  o_coin_balance: number | bigint;
}

/** The function's refusals (SQLSTATE LG010, LG011) and constraint refusals, as ledger rules. */
function purchaseErrorFromDatabase(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'LG010') return new LedgerError('exceedsBalance', (error as Error).message);
  if (code === 'LG011') return new LedgerError('overflowsDebits', (error as Error).message);
  return ledgerErrorFromDatabase(error);
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
