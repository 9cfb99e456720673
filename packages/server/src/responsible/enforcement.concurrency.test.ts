import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, buyCoin, depositPay, venueTransferIn } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { openConcurrencyPostgres } from '../ledger/concurrency-database.fixture.js';
import { auditLedger } from '../ledger/index.js';
import { SeamlessWalletClient, injectTransport } from '../seamless/client.js';
import { studioCredentialsOf } from '../seamless/credentials.js';
import { buildTestApp } from '../testing/app.js';
import { callWithKey } from '../testing/client.js';
import { memberWithBalance, walletOf } from '../testing/members.js';
import { setLimit } from './enforcement.fixture.js';

/**
 * Requests of one member racing its limits, on PostgreSQL only (PGlite has one connection
 * and serialises every transaction): the play guard locks the member's rp row in the
 * transaction that moves the money, so 100 concurrent attempts through every door never pass
 * a limit together (issue 22: "two deposits, or a deposit and a venue transfer, racing a
 * limit: never more than the limit in total").
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('responsible play under concurrency on postgres', () => {
  let db: Database;
  let app: FastifyInstance;
  let seamless: SeamlessWalletClient;

  beforeAll(async () => {
    db = await openConcurrencyPostgres(url!, 20);
    app = await buildTestApp(db);
    const { providerId, secret } = studioCredentialsOf(app);
    seamless = new SeamlessWalletClient({ providerId, secret, transport: injectTransport(app), timeoutMs: 120_000 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const sum = async (sql: string, memberId: number) => Number((await db.query<{ n: string | number }>(sql, [memberId])).rows[0]!.n);

  it('100 concurrent venue transfers in, coin purchases and seamless bets never put more than the loss limit into play', async () => {
    const { memberId, token } = await memberWithBalance(db, 10_000_00);
    await setLimit(db, memberId, 'loss', 100_00);
    const attempts = Array.from({ length: 100 }, (_, i) => {
      if (i % 3 === 0) return callWithKey(app, venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 5 }, token).then((a) => a.body.code);
      if (i % 3 === 1) return callWithKey(app, buyCoin, { money: 5 }, token).then((a) => a.body.code);
      return seamless
        .bet({ transactionId: `rp-cc-${memberId}-${i}`, roundId: `rp-cc-${memberId}-${i}`, memberId, venueCode: 'LBSTUDIO', gameCode: 'fruit-reels', amountMinor: 5_00 })
        .then((a) => (a.ok ? 0 : a.code));
    });
    const codes = await Promise.all(attempts);
    const accepted = codes.filter((code) => code === 0).length;
    // Every refusal names a limit: the loss limit itself, or the transfer cap, or the seamless LIMIT_REACHED.
    expect(codes.filter((code) => code !== 0).every((code) => [CODE.limitLossReached, CODE.rpTransferOverAllowance, 'LIMIT_REACHED'].includes(code as never))).toBe(true);
    expect(accepted).toBe(20);
    const putIn =
      (await sum(`SELECT coalesce(sum(amount_minor), 0) AS n FROM venue_transfers WHERE member_id = $1 AND direction = 'in' AND state <> 'failed'`, memberId)) +
      (await sum('SELECT coalesce(sum(money_minor), 0) AS n FROM coin_orders WHERE member_id = $1', memberId)) +
      (await sum(`SELECT coalesce(sum(stake_minor), 0) AS n FROM game_bets WHERE member_id = $1`, memberId));
    expect(putIn).toBe(100_00);
    expect(await walletOf(db, memberId)).toBe(10_000_00 - 100_00);
    expect((await auditLedger(db)).ok).toBe(true);
  }, 120_000);

  const putInHours = (memberId: number) => sum('SELECT coalesce(sum(put_minor), 0) AS n FROM rp_hours WHERE member_id = $1', memberId);
  const coinOrder = (q: Pick<Database, 'query'>, memberId: number, billNo: string, moneyMinor: number) =>
    q.query('INSERT INTO coin_orders (bill_no, member_id, money_minor, coins, coin_rate) VALUES ($1, $2, $3, $4, 10)', [billNo, memberId, moneyMinor, moneyMinor / 10]);

  it('a loss limit set while a purchase is in flight: the hourly totals count it once, whether the purchase or the limit commits first', async () => {
    const { memberId } = await memberWithBalance(db, 1_000_00);
    // A purchase written and not yet committed when the limit is set: the fill waits for it, then reads it.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const inFlight = new Promise<void>((resolve) => (written = resolve));
    const purchase = db.transaction(async (tx) => {
      await coinOrder(tx, memberId, `rp-flight-a-${memberId}`, 70_00);
      written();
      await gate;
    });
    await inFlight;
    let limitSet = false;
    const limit = setLimit(db, memberId, 'loss', 100_00).then(() => (limitSet = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(limitSet).toBe(false);
    release();
    await Promise.all([purchase, limit]);
    expect(await putInHours(memberId)).toBe(70_00);

    // A limit written and not yet committed when a purchase of its member comes: the purchase waits for it, then
    // its trigger counts it (the fill could not see it).
    const other = (await memberWithBalance(db, 1_000_00)).memberId;
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let limitWritten!: () => void;
    const limitInFlight = new Promise<void>((resolve) => (limitWritten = resolve));
    const otherLimit = db.transaction(async (tx) => {
      await setLimit(tx, other, 'loss', 100_00);
      limitWritten();
      await held;
    });
    await limitInFlight;
    let bought = false;
    const after = coinOrder(db, other, `rp-flight-b-${other}`, 30_00).then(() => (bought = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bought).toBe(false);
    commit();
    await Promise.all([otherLimit, after]);
    expect(await putInHours(other)).toBe(30_00);
  });

  it('100 concurrent deposits racing a deposit limit open no more than the limit, and racing transfers still keep the loss limit', async () => {
    const { memberId, token } = await memberWithBalance(db, 1_000_00);
    await setLimit(db, memberId, 'deposit', 150_00);
    await setLimit(db, memberId, 'loss', 30_00);
    const attempts = Array.from({ length: 100 }, (_, i) =>
      (i % 2 === 0
        ? callWithKey(app, depositPay, { payTypeId: '1', amount: 100 }, token)
        : callWithKey(app, venueTransferIn, { api_name: 'LBLIVE', transferIntoVal: 1 }, token)
      ).then((a) => a.body.code),
    );
    const codes = await Promise.all(attempts);
    const deposits = codes.filter((_, i) => i % 2 === 0);
    const transfers = codes.filter((_, i) => i % 2 === 1);
    expect(deposits.filter((code) => code === 0)).toHaveLength(1);
    expect(deposits.every((code) => [0, CODE.hasOtherOne, CODE.limitDepositReached].includes(code))).toBe(true);
    expect(await sum(`SELECT coalesce(sum(amount_minor), 0) AS n FROM deposit_orders WHERE member_id = $1 AND state IN (101, 102, 104)`, memberId)).toBeLessThanOrEqual(150_00);
    expect(transfers.filter((code) => code === 0)).toHaveLength(30);
    expect(await sum(`SELECT coalesce(sum(amount_minor), 0) AS n FROM venue_transfers WHERE member_id = $1 AND direction = 'in' AND state <> 'failed'`, memberId)).toBe(30_00);
  }, 120_000);
});
