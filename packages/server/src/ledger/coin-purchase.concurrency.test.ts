import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../db/database.js';
import { IdempotencyError, replayStored, requestHash, runIdempotent, type IdempotentResult } from '../idempotency/index.js';
import { openConcurrencyPostgres } from './concurrency-database.fixture.js';
import {
  CENTRE_BALANCE_MARK, COIN_BALANCE_MARK, LedgerError, auditLedger, buyCoin, buyCoinOnce, coinOrdersOf, ensureMemberAccounts, seedDeposit,
} from './index.js';

/**
 * Concurrency suites on PostgreSQL only: PGlite has one connection and serialises every
 * transaction, so row locks never compete there. Pool of 20 connections, as in issue 3.
 */
const url = process.env.TEST_DATABASE_URL;

interface Answer {
  code: number;
  data: { billNo: string; moneyMinor: number; coins: number } | null;
}

type Purchase = (db: Database, memberId: number, key: string, moneyMinor: number) => Promise<IdempotentResult<Answer>>;

/** The generic path: idempotent claim, ledger moves, stored response, in one transaction of several statements. */
function purchaseInTransaction(db: Database, memberId: number, key: string, moneyMinor: number) {
  const body = { money: moneyMinor / 100 };
  return runIdempotent<Answer>(
    db,
    { scope: `member:${memberId}`, key, callName: 'buyCoin', requestHash: requestHash('buyCoin', body) },
    async (tx) => {
      const order = await buyCoin(tx, { memberId, moneyMinor });
      return { code: 0, data: { billNo: order.billNo, moneyMinor: order.moneyMinor, coins: order.coins } };
    },
    (error) => (error instanceof LedgerError && error.rule === 'exceedsBalance' ? { code: 220001, data: null } : undefined),
  );
}

/** The path the buyCoin call takes: claim, purchase and stored response in one statement (buyCoinOnce). */
async function purchaseInOneStatement(db: Database, memberId: number, key: string, moneyMinor: number): Promise<IdempotentResult<Answer>> {
  const claim = { scope: `member:${memberId}`, key, callName: 'buyCoin', requestHash: requestHash('buyCoin', { money: moneyMinor / 100 }) };
  const result = await buyCoinOnce(db, claim, { memberId, moneyMinor }, (draft) => ({
    ok: { code: 0, data: { billNo: draft.billNo, moneyMinor: draft.moneyMinor, coins: draft.coins } },
    refusal: { code: 220001, data: null },
  }));
  if (result.outcome === 'done') return { response: { code: 0, data: { billNo: result.purchase.billNo, moneyMinor, coins: result.purchase.coins } }, replayed: false };
  if (result.outcome === 'refused') return { response: { code: 220001, data: null }, replayed: false };
  return replayStored<Answer>(result.stored, claim);
}

const paths: [string, Purchase][] = [
  ['runIdempotent + buyCoin', purchaseInTransaction],
  ['buyCoinOnce (the buyCoin call)', purchaseInOneStatement],
];

async function wallet(db: Database, memberId: number) {
  const { centre, coin } = await ensureMemberAccounts(db, memberId);
  return { centre: centre.balanceMinor, coin: coin.balanceMinor };
}

describe.skipIf(!url).each(paths)('coin purchases under concurrency on postgres through %s', (_name, purchase) => {
  let db: Database;
  beforeAll(async () => {
    db = await openConcurrencyPostgres(url!, 20);
  });
  afterAll(async () => {
    await db.close();
  });

  it('1,000 concurrent purchases with distinct keys on one member lose and duplicate nothing', async () => {
    const memberId = 1;
    const startMinor = 100_000_00;
    await db.transaction((tx) => seedDeposit(tx, memberId, startMinor, 'concurrency-seed:1'));
    const amounts = fc.sample(fc.integer({ min: 1, max: 500 }), { numRuns: 1_000, seed: 20_240_611 }).map((yuan) => yuan * 100);
    let lowestSeenMinor = startMinor;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) lowestSeenMinor = Math.min(lowestSeenMinor, (await wallet(db, memberId)).centre);
    })();
    const answers = await Promise.all(amounts.map((moneyMinor, i) => purchase(db, memberId, `distinct-${i}`, moneyMinor)));
    sampling = false;
    await sampler;

    const accepted = answers.filter((a) => a.response.code === 0).map((a) => a.response.data!);
    expect(answers.every((a) => a.replayed === false && [0, 220001].includes(a.response.code))).toBe(true);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThan(1_000);
    const spentMinor = accepted.reduce((sum, order) => sum + order.moneyMinor, 0);
    const coins = accepted.reduce((sum, order) => sum + order.coins, 0);
    expect(await wallet(db, memberId)).toEqual({ centre: startMinor - spentMinor, coin: coins });
    expect(lowestSeenMinor).toBeGreaterThanOrEqual(0);

    const orders = await coinOrdersOf(db, memberId, 10_000);
    expect(orders.map((o) => o.billNo).sort()).toEqual(accepted.map((o) => o.billNo).sort());
    const keys = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM idempotency_keys WHERE state = 'completed'`);
    expect(keys.rows[0]!.n).toBe(1_000);
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });

  it('1,000 concurrent purchases across 100 members sharing house slots balance exactly', async () => {
    const members = Array.from({ length: 100 }, (_, i) => 1_000 + i);
    for (const memberId of members) await db.transaction((tx) => seedDeposit(tx, memberId, 30_00, `spread-seed:${memberId}`));
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) => purchase(db, members[i % 100]!, `spread-${i}`, (1 + (i % 7)) * 100)),
    );
    for (const memberId of members) {
      const mine = answers.filter((_, i) => members[i % 100] === memberId && _.response.code === 0).map((a) => a.response.data!);
      const spent = mine.reduce((sum, order) => sum + order.moneyMinor, 0);
      expect(await wallet(db, memberId)).toEqual({ centre: 30_00 - spent, coin: spent / 10 });
      expect(await coinOrdersOf(db, memberId)).toHaveLength(mine.length);
    }
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });

  it('200 concurrent replays of one key make exactly one order', async () => {
    const memberId = 2;
    await db.transaction((tx) => seedDeposit(tx, memberId, 1_000_00, 'concurrency-seed:2'));
    const answers = await Promise.all(Array.from({ length: 200 }, () => purchase(db, memberId, 'one-key', 18_00)));
    const billNos = new Set(answers.map((a) => a.response.data?.billNo));
    expect(billNos.size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await coinOrdersOf(db, memberId)).toHaveLength(1);
    expect(await wallet(db, memberId)).toEqual({ centre: 1_000_00 - 18_00, coin: 180 });
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });

  it('racers with one key and two bodies make one order; the other body is refused', async () => {
    const memberId = 3;
    await db.transaction((tx) => seedDeposit(tx, memberId, 1_000_00, 'concurrency-seed:3'));
    const settled = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => purchase(db, memberId, 'contested', i % 2 === 0 ? 1_00 : 2_00)),
    );
    const fulfilled = settled.filter((s) => s.status === 'fulfilled').map((s) => s.value);
    const rejected = settled.filter((s) => s.status === 'rejected').map((s) => s.reason as unknown);
    expect(fulfilled).toHaveLength(50);
    expect(rejected.every((e) => e instanceof IdempotencyError && e.reason === 'keyReused')).toBe(true);
    expect(new Set(fulfilled.map((a) => a.response.data!.billNo)).size).toBe(1);
    expect(await coinOrdersOf(db, memberId)).toHaveLength(1);
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });
});

/**
 * Several server instances (each its own batcher, here several Queryable views of one
 * pool) racing the same keys: the database's unique index is all that keeps one order per
 * key, since each batch writes its keys once, after its accounts are locked (migration 0109).
 */
describe.skipIf(!url)('coin purchases from several instances at once on postgres', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openConcurrencyPostgres(url!, 20);
  });
  afterAll(async () => {
    await db.close();
  });

  /** An instance: a batcher of its own on the shared pool. */
  const instance = (): Queryable => ({ query: (sql, params) => db.query(sql, params), exec: (sql) => db.exec(sql) });

  function buyOn(on: Queryable, memberId: number, key: string, moneyMinor: number) {
    const claim = { scope: `member:${memberId}`, key, callName: 'buyCoin', requestHash: requestHash('buyCoin', { money: moneyMinor / 100 }) };
    return buyCoinOnce(on, claim, { memberId, moneyMinor }, (draft) => ({
      ok: { code: 0, billNo: draft.billNo, centre: CENTRE_BALANCE_MARK, coin: COIN_BALANCE_MARK },
      refusal: { code: 220001 },
    }));
  }

  it('4 instances x 50 racers with one key make exactly one order, and every answer names it', async () => {
    const memberId = 20;
    await db.transaction((tx) => seedDeposit(tx, memberId, 1_000_00, 'instances-seed:20'));
    const instances = Array.from({ length: 4 }, instance);
    // Each instance also buys for other keys of the same member in the same batches.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => buyOn(instances[i % 4]!, memberId, i % 5 === 0 ? `other-${i}` : 'raced', 1_00)),
    );
    const raced = answers.filter((_, i) => i % 5 !== 0);
    const done = raced.filter((a) => a.outcome === 'done');
    expect(done).toHaveLength(1);
    const billNo = (done[0] as { purchase: { billNo: string } }).purchase.billNo;
    for (const answer of raced) {
      if (answer.outcome === 'done') continue;
      expect(answer.outcome).toBe('stored');
      expect(JSON.parse((answer as { stored: { responseJson: string } }).stored.responseJson)).toMatchObject({ code: 0, billNo });
    }
    expect(answers.filter((_, i) => i % 5 === 0).every((a) => a.outcome === 'done')).toBe(true);
    expect(await coinOrdersOf(db, memberId)).toHaveLength(1 + 40);
    expect(await wallet(db, memberId)).toEqual({ centre: 1_000_00 - 41_00, coin: 410 });
    // Each stored answer holds the balances right after its own purchase: all distinct.
    const { rows } = await db.query<{ response_json: string }>(`SELECT response_json FROM idempotency_keys WHERE scope = 'member:20'`);
    const centres = rows.map((row) => (JSON.parse(row.response_json) as { centre: number }).centre);
    expect(new Set(centres).size).toBe(41);
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });

  it('4 instances buying for 100 shared members with distinct keys balance exactly', async () => {
    const members = Array.from({ length: 100 }, (_, i) => 3_000 + i);
    for (const memberId of members) await db.transaction((tx) => seedDeposit(tx, memberId, 30_00, `instances-spread:${memberId}`));
    const instances = Array.from({ length: 4 }, instance);
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) => buyOn(instances[i % 4]!, members[i % 100]!, `spread-${i}`, (1 + (i % 7)) * 100)),
    );
    expect(answers.every((a) => a.outcome === 'done' || a.outcome === 'refused')).toBe(true);
    for (const memberId of members) {
      const mine = answers.filter((a, i) => members[i % 100] === memberId && a.outcome === 'done');
      const spent = mine.reduce((sum, a) => sum + (a as { purchase: { moneyMinor: number } }).purchase.moneyMinor, 0);
      expect(await wallet(db, memberId)).toEqual({ centre: 30_00 - spent, coin: spent / 10 });
      expect(await coinOrdersOf(db, memberId)).toHaveLength(mine.length);
    }
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });
});
