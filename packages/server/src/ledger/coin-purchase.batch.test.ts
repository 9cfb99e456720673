import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database.js';
import { testEngines } from '../testing/databases.js';
import { databaseSuite } from '../testing/server-suite.js';
import type { IdempotencyClaim } from '../idempotency/index.js';
import {
  CENTRE_BALANCE_MARK, COIN_BALANCE_MARK, LedgerError, auditLedger, buyCoinOnce, coinOrdersOf, createTransfer, ensureMemberAccounts,
  ensureSystemAccount, seedDeposit, type KeyedPurchase,
} from './index.js';

/**
 * Batched keyed purchases (buyCoinOnce, migration 0107): purchases that reach one
 * database together are applied by one statement, each with its own outcome.
 */
describe.each(testEngines())('batched coin purchases on %s', (engine) => {
  const suite = databaseSuite(engine);
  let batchStatements = 0;
  /** The database, counting the batch statements that reach it. */
  let counted: Queryable;
  let nextName = 0;

  beforeAll(async () => {
    counted = {
      query: (sql, params) => {
        if (sql.includes('ledger_buy_coin_batch')) batchStatements += 1;
        return suite.db.query(sql, params);
      },
      exec: (sql) => suite.db.exec(sql),
    };
  });

  async function member(centreMinor: number): Promise<number> {
    // Ledger accounts name a member by id only; no member row is needed here.
    nextName += 1;
    const id = 70_000 + nextName;
    if (centreMinor > 0) await suite.db.transaction((tx) => seedDeposit(tx, id, centreMinor, `batch-seed:${id}`));
    return id;
  }

  const claimOf = (memberId: number, key: string): IdempotencyClaim => ({ scope: `member:${memberId}`, key, callName: 'buyCoin', requestHash: 'same-body' });

  function buy(memberId: number, key: string, moneyMinor: number): Promise<KeyedPurchase> {
    return buyCoinOnce(counted, claimOf(memberId, key), { memberId, moneyMinor }, (draft) => ({
      ok: { code: 0, billNo: draft.billNo, centre: CENTRE_BALANCE_MARK, coin: COIN_BALANCE_MARK },
      refusal: { code: 220001 },
    }));
  }

  async function wallet(memberId: number) {
    const { centre, coin } = await ensureMemberAccounts(suite.db, memberId);
    return { centre: centre.balanceMinor, coin: coin.balanceMinor };
  }

  it('applies purchases arriving together in one statement; a refusal inside refuses only its own purchase', async () => {
    const rich = await member(1_000_00);
    const poor = await member(3_00);
    const fresh = await member(50_00);
    const before = batchStatements;
    // The first goes at once; the four that arrive while it runs go together.
    const [warm, poorFirst, poorSecond, richBuy, freshBuy] = await Promise.all([
      buy(rich, 'warm', 1_00),
      buy(poor, 'p1', 2_00),
      buy(poor, 'p2', 2_00),
      buy(rich, 'r1', 5_00),
      buy(fresh, 'f1', 50_00),
    ]);
    expect(batchStatements - before).toBe(2);
    expect(warm.outcome).toBe('done');
    expect(poorFirst).toMatchObject({ outcome: 'done', purchase: { centreBalanceMinor: 1_00, coinBalanceMinor: 20 } });
    expect(poorSecond.outcome).toBe('refused');
    expect(richBuy).toMatchObject({ outcome: 'done', purchase: { centreBalanceMinor: 994_00, coinBalanceMinor: 60 } });
    expect(freshBuy).toMatchObject({ outcome: 'done', purchase: { centreBalanceMinor: 0, coinBalanceMinor: 500 } });
    expect(await wallet(poor)).toEqual({ centre: 1_00, coin: 20 });
    expect(await wallet(rich)).toEqual({ centre: 994_00, coin: 60 });
    expect(await wallet(fresh)).toEqual({ centre: 0, coin: 500 });
    expect(await coinOrdersOf(suite.db, poor)).toHaveLength(1);
    // Each key holds its own answer: the refusal replays as a refusal, the purchase with its balances.
    const replayRefusal = await buy(poor, 'p2', 2_00);
    expect(replayRefusal).toMatchObject({ outcome: 'stored', stored: { state: 'completed' } });
    expect(JSON.parse((replayRefusal as { stored: { responseJson: string } }).stored.responseJson)).toEqual({ code: 220001 });
    const replayDone = await buy(poor, 'p1', 2_00);
    const stored = JSON.parse((replayDone as { stored: { responseJson: string } }).stored.responseJson) as Record<string, unknown>;
    expect(stored).toEqual({ code: 0, billNo: (poorFirst as { purchase: { billNo: string } }).purchase.billNo, centre: 1, coin: 20 });
    expect(await wallet(poor)).toEqual({ centre: 1_00, coin: 20 });
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it('a key repeated inside a batch and a key already used make exactly one order each', async () => {
    const buyer = await member(100_00);
    const used = await buy(buyer, 'used-before', 1_00);
    expect(used.outcome).toBe('done');
    const before = batchStatements;
    const answers = await Promise.all([
      buy(buyer, 'first', 1_00),
      buy(buyer, 'twice', 2_00),
      buy(buyer, 'twice', 2_00),
      buy(buyer, 'used-before', 1_00),
      buy(buyer, 'twice', 2_00),
    ]);
    // first alone; then twice, used-before; the repeats of twice wait for the next batch and replay.
    expect(batchStatements - before).toBe(3);
    expect(answers.map((a) => a.outcome)).toEqual(['done', 'done', 'stored', 'stored', 'stored']);
    const twiceBill = (answers[1] as { purchase: { billNo: string } }).purchase.billNo;
    for (const replay of [answers[2], answers[4]]) {
      expect(JSON.parse((replay as { stored: { responseJson: string } }).stored.responseJson)).toMatchObject({ billNo: twiceBill });
    }
    expect(JSON.parse((answers[3] as { stored: { responseJson: string } }).stored.responseJson)).toMatchObject({
      billNo: (used as { purchase: { billNo: string } }).purchase.billNo,
    });
    expect(await coinOrdersOf(suite.db, buyer)).toHaveLength(3);
    expect(await wallet(buyer)).toEqual({ centre: 96_00, coin: 40 });
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it('a used key ahead of the same member in a batch buys nothing, and the purchases after it see the balance without it', async () => {
    const buyer = await member(5_00);
    const other = await member(10_00);
    const first = await buy(buyer, 'k1', 2_00);
    expect(first).toMatchObject({ outcome: 'done', purchase: { centreBalanceMinor: 3_00 } });
    const before = batchStatements;
    // All four in one batch (the batcher is still between batches after the first
    // purchase). Counted with k1, k2 would be refused (1.00 left); k1 buys nothing, so k2
    // is bought and k3 refused.
    const [warm, replay, second, third] = await Promise.all([
      buy(other, 'o1', 1_00), buy(buyer, 'k1', 2_00), buy(buyer, 'k2', 2_00), buy(buyer, 'k3', 2_00),
    ]);
    expect(batchStatements - before).toBe(1);
    expect(warm.outcome).toBe('done');
    expect(replay).toMatchObject({ outcome: 'stored', stored: { state: 'completed' } });
    expect(JSON.parse((replay as { stored: { responseJson: string } }).stored.responseJson)).toMatchObject({
      billNo: (first as { purchase: { billNo: string } }).purchase.billNo, centre: 3,
    });
    expect(second).toMatchObject({ outcome: 'done', purchase: { centreBalanceMinor: 1_00, coinBalanceMinor: 40 } });
    expect(third.outcome).toBe('refused');
    // The keys hold the answers as bought: k2 its purchase with the balances after it, k3 the refusal.
    const k2 = await buy(buyer, 'k2', 2_00);
    expect(JSON.parse((k2 as { stored: { responseJson: string } }).stored.responseJson)).toEqual({
      code: 0, billNo: (second as { purchase: { billNo: string } }).purchase.billNo, centre: 1, coin: 40,
    });
    const k3 = await buy(buyer, 'k3', 2_00);
    expect(JSON.parse((k3 as { stored: { responseJson: string } }).stored.responseJson)).toEqual({ code: 220001 });
    expect(await coinOrdersOf(suite.db, buyer)).toHaveLength(2);
    expect(await wallet(buyer)).toEqual({ centre: 1_00, coin: 40 });
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it('a batch that fails as a whole is applied one by one: only the purchase at fault fails', async () => {
    const full = await member(100_00);
    const other = await member(100_00);
    // The member's coin wallet credited to just under the safe integer range: 10 more coins overflow it.
    await suite.db.transaction(async (tx) => {
      const source = await ensureSystemAccount(tx, 'anchor:990001', 'COIN');
      const { coin } = await ensureMemberAccounts(tx, full);
      await createTransfer(tx, { debitAccountId: source.id, creditAccountId: coin.id, amountMinor: Number.MAX_SAFE_INTEGER - 5, currency: 'COIN', code: 'test', reference: `near-max:${full}` });
    });
    const before = batchStatements;
    const [warm, overflow, fine] = await Promise.allSettled([buy(other, 'o-warm', 1_00), buy(full, 'x1', 1_00), buy(other, 'o1', 1_00)]);
    // warm alone, then the failed batch of two, then each alone again.
    expect(batchStatements - before).toBe(4);
    expect(warm).toMatchObject({ status: 'fulfilled', value: { outcome: 'done' } });
    expect(overflow.status).toBe('rejected');
    expect((overflow as PromiseRejectedResult).reason).toBeInstanceOf(LedgerError);
    expect(fine).toMatchObject({ status: 'fulfilled', value: { outcome: 'done', purchase: { centreBalanceMinor: 98_00 } } });
    expect(await coinOrdersOf(suite.db, full)).toHaveLength(0);
    expect((await wallet(full)).centre).toBe(100_00);
    // Nothing was stored for the failed key: a retry with it runs again (and fails the same way).
    await expect(buy(full, 'x1', 1_00)).rejects.toBeInstanceOf(LedgerError);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });
});
