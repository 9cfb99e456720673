import { randomBytes, randomInt } from 'node:crypto';
import { COIN_AMOUNT_MAX, COIN_AMOUNT_MIN, COIN_RATE_DEFAULT } from '@lobby/sdk';
import type { Database, Queryable } from '../db/database.js';
import { playRefusal } from '../responsible/guard.js';
import type { IdempotencyClaim, StoredKey } from '../idempotency/idempotency-repository.js';
import { LedgerError, ledgerErrorFromDatabase } from './ledger-error.js';
import type { SystemAccountKind } from './ledger-types.js';

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
  /** The app clock's time of the purchase: the responsible-play windows end here (now when absent). */
  at?: Date;
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

/** Stand for the two balances in the success response a keyed purchase stores; the database writes the numbers in. */
export const CENTRE_BALANCE_MARK = '@centreBalance@';
export const COIN_BALANCE_MARK = '@coinBalance@';

/** What a keyed purchase stores for its key, rendered before the database answers. */
export interface PurchaseResponses {
  /** The success response with CENTRE_BALANCE_MARK (written in yuan) and COIN_BALANCE_MARK as the balances. */
  ok: unknown;
  /** The response stored when the centre wallet holds too little. */
  refusal: unknown;
}

/** A purchase before the database answers: what the renderer of the responses knows. */
export interface CoinOrderDraft {
  billNo: string;
  moneyMinor: number;
  coins: number;
  coinRate: number;
}

/** What a keyed purchase did: bought, refused (too little in the centre wallet) or found the key already used. */
export type KeyedPurchase =
  | { outcome: 'done'; purchase: CoinPurchase }
  | { outcome: 'refused' }
  | { outcome: 'stored'; stored: StoredKey };

/**
 * A coin purchase under an idempotency key in ONE statement: the key is claimed, the
 * coins bought and the key completed with the rendered response in the statement's own
 * transaction; a key already used answers `stored` (replay it or refuse it with
 * `replayStored`) and buys nothing. Same rules and semantics as
 * `runIdempotent(db, claim, (tx) => buyCoin(tx, input), refusal)`.
 *
 * Batched (issue 3, TigerBeetle's batching): the purchases that reach the same `db`
 * while one statement is running wait and go together in the next one,
 * `ledger_buy_coin_batch` (migration 0107), at most PURCHASE_BATCH_MAX at a time; a lone
 * purchase goes at once, so an idle server adds no delay. Each purchase keeps its own
 * outcome (one refused for its balance does not fail the others), its key is claimed in
 * the transaction that moves its money, and a key repeated while its first use is in a
 * batch waits for the next batch, where it finds the committed key and replays it. When a
 * batch of several fails as a whole (an amount past the safe range, a deadlock between
 * instances), its purchases are applied one by one, so only the one at fault fails.
 *
 * @example const result = await buyCoinOnce(db, claim, { memberId, moneyMinor: 18_00 }, (draft) => ({ ok: { billNo: draft.billNo, centre: CENTRE_BALANCE_MARK, coin: COIN_BALANCE_MARK }, refusal: { code: 220001 } }));
 */
export async function buyCoinOnce(
  db: Queryable,
  claim: IdempotencyClaim,
  input: BuyCoinInput,
  render: (draft: CoinOrderDraft) => PurchaseResponses,
): Promise<KeyedPurchase> {
  const coinRate = input.coinRate ?? COIN_RATE_DEFAULT;
  const coins = coinsFor(input.moneyMinor, coinRate);
  const { memberId, moneyMinor } = input;
  const billNo = newBillNo();
  const responses = render({ billNo, moneyMinor, coins, coinRate });
  let batches = batchesByDatabase.get(db);
  if (!batches) {
    batches = new PurchaseBatches(db);
    batchesByDatabase.set(db, batches);
  }
  return batches.submit({
    claim, memberId, moneyMinor, coins, coinRate, billNo,
    ok: JSON.stringify(responses.ok), refusal: JSON.stringify(responses.refusal), at: input.at ?? new Date(),
  });
}

/** Most purchases one batch statement applies. */
export const PURCHASE_BATCH_MAX = 128;

interface PurchaseDraft {
  claim: IdempotencyClaim;
  memberId: number;
  moneyMinor: number;
  coins: number;
  coinRate: number;
  billNo: string;
  ok: string;
  refusal: string;
  at: Date;
}

interface PendingPurchase extends PurchaseDraft {
  resolve(result: KeyedPurchase): void;
  reject(error: unknown): void;
}

interface BatchRow extends PurchaseRow {
  o_index: number;
  /** 'guard': a break, a session-time limit or a money limit the statement could not clear (migration 1030); nothing was claimed, guardedPurchase applies it. */
  o_outcome: 'done' | 'refused' | 'stored' | 'guard';
  o_call_name: string;
  o_request_hash: string;
  o_state: StoredKey['state'];
  o_response: string | null;
}

const batchesByDatabase = new WeakMap<Queryable, PurchaseBatches>();

/**
 * Group commit of keyed purchases on one database (see buyCoinOnce). One batch in flight
 * at a time, also on PostgreSQL: more in flight were measured slower there (2026-11-22,
 * docs/WALLET.md), because every batch's transaction notifies `lobby_ledger` and
 * PostgreSQL commits notifying transactions one at a time, so smaller batches only meant
 * more commits in the same queue.
 */
class PurchaseBatches {
  private queue: PendingPurchase[] = [];
  private writing = false;
  /**
   * The house slot this instance's batches take the house side on: every purchase of a
   * batch on the same slot, so a batch locks and posts two house accounts however many
   * members it holds (before: the slots of all its members, up to 32 accounts).
   * Instances pick their slot at random, so two instances mostly use different ones.
   */
  private readonly house: SystemAccountKind = `house:${randomInt(HOUSE_SLOTS)}`;

  constructor(private readonly db: Queryable) {}

  submit(draft: PurchaseDraft): Promise<KeyedPurchase> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...draft, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    const batch: PendingPurchase[] = [];
    const later: PendingPurchase[] = [];
    const keys = new Set<string>();
    for (const pending of this.queue) {
      const key = `${pending.claim.scope}\n${pending.claim.key}`;
      if (batch.length < PURCHASE_BATCH_MAX && !keys.has(key)) {
        keys.add(key);
        batch.push(pending);
      } else {
        later.push(pending);
      }
    }
    this.queue = later;
    // The next batch starts after the callers just answered had their turn to ask again
    // (a macrotask later), so a steady load goes in full batches, not in halves.
    void this.write(batch).finally(() => {
      setImmediate(() => {
        this.writing = false;
        this.pump();
      });
    });
  }

  private async write(batch: PendingPurchase[]): Promise<void> {
    let rows: BatchRow[];
    try {
      rows = await applyBatch(this.db, batch, this.house);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(purchaseErrorFromDatabase(error));
        return;
      }
      for (const pending of batch) {
        try {
          const row = (await applyBatch(this.db, [pending], this.house))[0]!;
          pending.resolve(row.o_outcome === 'guard' ? await guardedPurchase(this.db, pending, this.house) : keyedPurchaseOf(pending, row));
        } catch (single) {
          pending.reject(purchaseErrorFromDatabase(single));
        }
      }
      return;
    }
    const byIndex = new Map(rows.map((row) => [Number(row.o_index), row]));
    const guarded: PendingPurchase[] = [];
    batch.forEach((pending, i) => {
      const row = byIndex.get(i + 1);
      if (row?.o_outcome === 'guard') guarded.push(pending);
      else if (row) pending.resolve(keyedPurchaseOf(pending, row));
      else pending.reject(new Error(`coin purchase batch answered nothing for ${pending.billNo}`));
    });
    // Members with a limit or a break: one guarded transaction each, in turn (the next batch waits for them).
    for (const pending of guarded) {
      try {
        pending.resolve(await guardedPurchase(this.db, pending, this.house));
      } catch (error) {
        pending.reject(purchaseErrorFromDatabase(error));
      }
    }
  }
}

const isDatabase = (q: Queryable): q is Database => typeof (q as Partial<Database>).transaction === 'function';

/**
 * A purchase of a member with a limit or a break (issue 22, docs/RESPONSIBLE-PLAY.md "Where
 * money moves"): in ONE transaction the play guard takes the member's rp lock and checks
 * exclusion, session time and the loss limits (door 'coinPurchase'), then the batch function
 * applies the purchase alone. A refusal throws the guard's BusinessError and leaves nothing
 * behind (the key is not claimed, so the same key may be sent again once the limit allows);
 * a key already used answers `stored` as in a batch, even when the guard would refuse now.
 */
async function guardedPurchase(db: Queryable, pending: PendingPurchase, house: SystemAccountKind): Promise<KeyedPurchase> {
  const work = async (tx: Queryable): Promise<KeyedPurchase> => {
    const refusal = await playRefusal(tx, { memberId: pending.memberId, door: 'coinPurchase', amountMinor: pending.moneyMinor, at: pending.at });
    if (refusal) {
      const { rows } = await tx.query<{ call_name: string; request_hash: string; state: StoredKey['state']; response_json: string | null }>(
        'SELECT call_name, request_hash, state, response_json FROM idempotency_keys WHERE scope = $1 AND key = $2',
        [pending.claim.scope, pending.claim.key],
      );
      const stored = rows[0];
      if (stored) return { outcome: 'stored', stored: { callName: stored.call_name, requestHash: stored.request_hash, state: stored.state, responseJson: stored.response_json } };
      throw refusal;
    }
    const row = (await applyBatch(tx, [pending], house, 'ledger_buy_coin_batch'))[0]!;
    return keyedPurchaseOf(pending, row);
  };
  return isDatabase(db) ? db.transaction(work) : work(db);
}

/**
 * One batch statement: `rp_ledger_buy_coin_batch` (migration 1030: a purchase its limits do
 * not clear, or of a member in a break, answers 'guard' and is left alone), or, inside a guarded transaction,
 * `ledger_buy_coin_batch` itself.
 */
async function applyBatch(
  db: Queryable,
  batch: readonly PurchaseDraft[],
  house: SystemAccountKind,
  fn: 'rp_ledger_buy_coin_batch' | 'ledger_buy_coin_batch' = 'rp_ledger_buy_coin_batch',
): Promise<BatchRow[]> {
  const guarded = fn === 'rp_ledger_buy_coin_batch';
  const { rows } = await db.query<BatchRow>(
    guarded ? `SELECT * FROM ${fn}($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)` : `SELECT * FROM ${fn}($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      batch.map((p) => p.claim.scope), batch.map((p) => p.claim.key), batch.map((p) => p.claim.callName), batch.map((p) => p.claim.requestHash),
      batch.map((p) => p.memberId), batch.map((p) => p.moneyMinor), batch.map((p) => p.coins), batch.map((p) => p.coinRate),
      batch.map((p) => p.billNo), batch.map(() => house), batch.map((p) => p.ok), batch.map((p) => p.refusal),
      ...(guarded ? [batch.map((p) => p.at)] : []),
    ],
    // Prepared once per pooled connection: a batch skips parsing and planning its call
    // (purchases / bare UPDATE on PostgreSQL 0.44-0.45 -> 0.46-0.48, alternating rounds).
    { prepareAs: fn === 'rp_ledger_buy_coin_batch' ? 'lobby_rp_buy_coin_batch' : 'lobby_buy_coin_batch' },
  );
  return rows;
}

function keyedPurchaseOf(draft: PurchaseDraft, row: BatchRow): KeyedPurchase {
  if (row.o_outcome === 'stored') {
    return { outcome: 'stored', stored: { callName: row.o_call_name, requestHash: row.o_request_hash, state: row.o_state, responseJson: row.o_response } };
  }
  if (row.o_outcome === 'refused') return { outcome: 'refused' };
  const { billNo, memberId, moneyMinor, coins, coinRate } = draft;
  return {
    outcome: 'done',
    purchase: {
      id: Number(row.o_order_id), billNo, memberId, moneyMinor, coins, coinRate, createdAt: row.o_created_at,
      centreBalanceMinor: Number(row.o_centre_balance), coinBalanceMinor: Number(row.o_coin_balance),
    },
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
  if (yuan < COIN_AMOUNT_MIN || yuan > COIN_AMOUNT_MAX) throw new CoinPurchaseError('moneyOutOfRange');
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
