import { afterAll, describe, expect, it } from 'vitest';
import { buyCoin, md5Hex, webLogin, type Envelope } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { signedPost, startWorker, stopWorker, type Worker } from './crash.fixture.js';
import { auditLedger } from './index.js';
import { crashTargets } from '../testing/crash-targets.js';

/**
 * Crash safety (issue 3): a real server process takes a load of coin purchases and is
 * killed with SIGKILL mid-load. The database must hold every invariant, no order may be
 * half applied, every acknowledged purchase must have survived, and after a restart every
 * key replays to exactly one order.
 */

type BuyAnswer = Envelope<{ billNo: string } | null>;
const moneyOf = (key: string) => 1 + (Number(key.split('-').pop()) % 20);

/** Sends purchases from 8 concurrent clients until `stopped()`; failed sends (the kill) are ignored. */
function load(worker: Worker, token: string, sent: string[], acknowledged: Map<string, BuyAnswer>, stopped: () => boolean) {
  return Array.from({ length: 8 }, async (_, client) => {
    for (let i = 0; !stopped(); i++) {
      const key = `crash-${client}-${i}`;
      sent.push(key);
      const answer = await signedPost<BuyAnswer['data']>(worker.url, buyCoin, { money: moneyOf(key) }, { 'x-token': token, 'x-idempotency-key': key }).catch(() => undefined);
      if (answer) acknowledged.set(key, answer);
    }
  });
}

/** Every invariant after a crash; answers the bill numbers of the orders. */
async function checkInvariants(db: Database, acknowledged: Map<string, BuyAnswer>): Promise<Set<string>> {
  expect(await auditLedger(db)).toMatchObject({ ok: true });
  const orders = await db.query<{ bill_no: string; money_minor: number; coins: number; member_id: number }>('SELECT bill_no, money_minor, coins, member_id FROM coin_orders');
  const halfApplied = await db.query(`
    SELECT o.bill_no FROM coin_orders o
    WHERE (SELECT count(*) FROM ledger_transfers t WHERE t.order_reference = o.bill_no) <> 2
    UNION ALL
    SELECT t.order_reference FROM ledger_transfers t
    WHERE t.code = 'buy_coin' AND NOT EXISTS (SELECT 1 FROM coin_orders o WHERE o.bill_no = t.order_reference)`);
  expect(halfApplied.rows).toEqual([]);
  const keys = await db.query<{ state: string; response_json: string | null }>(`SELECT state, response_json FROM idempotency_keys WHERE call_name = 'buyCoin'`);
  expect(keys.rows.filter((k) => k.state !== 'completed')).toEqual([]);
  const keyedBills = keys.rows.map((k) => (JSON.parse(k.response_json!) as BuyAnswer).data?.billNo).filter(Boolean);
  const bills = new Set(orders.rows.map((o) => o.bill_no));
  expect(new Set(keyedBills)).toEqual(bills);
  expect(keyedBills).toHaveLength(bills.size);
  for (const answer of acknowledged.values()) if (answer.code === 0) expect(bills.has(answer.data!.billNo)).toBe(true);
  const spent = orders.rows.reduce((sum, o) => sum + o.money_minor, 0);
  const centre = await db.query<{ balance_minor: number }>(
    `SELECT balance_minor FROM ledger_accounts WHERE kind = 'centre' AND member_id = $1`, [orders.rows[0]?.member_id ?? -1]);
  if (orders.rows.length > 0) expect(centre.rows[0]!.balance_minor).toBe(10_000_00 - spent);
  return bills;
}

describe('crash safety', async () => {
  const list = await crashTargets('lobby-crash-');
  afterAll(async () => {
    for (const target of list) await target.cleanup();
  });

  it.each(list.map((target) => [target.name, target] as const))('survives SIGKILL under load on %s', async (_name, target) => {
    let worker = await startWorker(target.env);
    const login = await signedPost<{ token: string }>(worker.url, webLogin, { name: 'demo', password: md5Hex('demo1234') });
    const token = login.data.token;
    const sent: string[] = [];
    const acknowledged = new Map<string, BuyAnswer>();
    let stopped = false;
    const clients = load(worker, token, sent, acknowledged, () => stopped);
    while (acknowledged.size < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    stopped = true;
    await stopWorker(worker, 'SIGKILL');
    await Promise.all(clients);
    expect([...acknowledged.values()].filter((a) => a.code === 0).length).toBeGreaterThanOrEqual(40);
    expect(sent.length).toBeGreaterThan(acknowledged.size); // requests were in flight at the kill

    let db = await target.open();
    await checkInvariants(db, acknowledged);
    await db.close();

    worker = await startWorker(target.env);
    for (const key of sent) {
      const replay = await signedPost<BuyAnswer['data']>(worker.url, buyCoin, { money: moneyOf(key) }, { 'x-token': token, 'x-idempotency-key': key });
      if (acknowledged.has(key)) expect(replay).toEqual(acknowledged.get(key));
      acknowledged.set(key, replay as BuyAnswer);
    }
    await stopWorker(worker, 'SIGTERM');
    db = await target.open();
    const bills = await checkInvariants(db, acknowledged);
    expect(bills.size).toBe([...acknowledged.values()].filter((a) => a.code === 0).length);
    await db.close();
  }, 180_000);
});
