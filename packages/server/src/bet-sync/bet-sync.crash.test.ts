import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { auditLedger } from '../ledger/index.js';
import { feedPosition, syncVenueBets } from './index.js';
import { SeededBetFeed, fundSeededMembers } from './seeded-feed.fixture.js';
import { crashTargets } from '../testing/crash-targets.js';

/**
 * Crash safety of bet sync (issue 18): a process pulling a venue's feed is killed with
 * SIGKILL in the middle of a sync. After it, lobby's books must hold exactly the records up
 * to the feed position it committed (no page half applied); after a restart the pull goes on
 * from there and every bet is posted once: nothing lost, nothing doubled.
 */
const WORKER = fileURLToPath(new URL('./crash-worker.fixture.mjs', import.meta.url));
const FEED = { venueCode: 'CRASHV', records: 1_500, members: 12, seed: 18 };
const FUNDING = 5_000_000;

/** Starts the worker; `onSequence` hears each committed position. */
function startWorker(env: Record<string, string>, onSequence: (sequence: number) => void): ChildProcess {
  const child = spawn(process.execPath, [WORKER], {
    env: { ...process.env, ...env, VENUE: FEED.venueCode, RECORDS: String(FEED.records), MEMBERS: String(FEED.members), SEED: String(FEED.seed) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: child.stdout! }).on('line', (line) => onSequence((JSON.parse(line) as { lastSequence: number }).lastSequence));
  return child;
}

/** The books, bets and entries equal what the feed's first `upTo` records make. */
async function expectBooksAt(db: Database, feed: SeededBetFeed, upTo: number): Promise<void> {
  const expected = feed.expected(FUNDING, upTo);
  expect(await auditLedger(db)).toMatchObject({ ok: true });
  const wallets = await db.query<{ member_id: number; balance_minor: number }>(
    'SELECT member_id, balance_minor FROM ledger_accounts WHERE kind = $1 ORDER BY member_id', [`venue:${FEED.venueCode}`]);
  expect(new Map(wallets.rows.map((w) => [Number(w.member_id), Number(w.balance_minor)]))).toEqual(expected.books);
  const bets = await db.query<{ provider_bet_id: string; version: number }>('SELECT provider_bet_id, version FROM game_bets WHERE venue_code = $1', [FEED.venueCode]);
  expect(new Map(bets.rows.map((b) => [b.provider_bet_id, Number(b.version)]))).toEqual(expected.versions);
  const entries = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transfers WHERE reference LIKE $1`, [`bet:${FEED.venueCode}:%`]);
  expect(entries.rows[0]!.n).toBe(expected.entries);
}

describe('bet sync crash safety', async () => {
  const list = await crashTargets('lobby-bet-sync-crash-');
  afterAll(async () => {
    for (const target of list) await target.cleanup();
  });

  it.each(list.map((target) => [target.name, target] as const))('survives SIGKILL in the middle of a sync on %s', async (_name, target) => {
    const feed = new SeededBetFeed(FEED);
    let db = await target.open();
    await migrate(db);
    await db.transaction((tx) => fundSeededMembers(tx, feed, FUNDING));
    await db.close();

    let seen = 0;
    const child = startWorker(target.env, (sequence) => (seen = sequence));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Killed at a moment of its own: after a few hundred records, while pages keep coming.
    while (seen < 300) {
      if (child.exitCode !== null) throw new Error('the worker exited before the kill');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill('SIGKILL');
    await exited;
    expect(seen).toBeLessThan(FEED.records);

    db = await target.open();
    const position = await feedPosition(db, FEED.venueCode);
    expect(position.lastSequence).toBeGreaterThanOrEqual(seen);
    expect(position.lastSequence).toBeLessThan(FEED.records);
    await expectBooksAt(db, feed, position.lastSequence);

    const resumed = await syncVenueBets(db, feed, FEED.venueCode);
    expect(resumed).toMatchObject({ reachedEnd: true, lastSequence: FEED.records });
    await expectBooksAt(db, feed, FEED.records);
    expect(await syncVenueBets(db, feed, FEED.venueCode)).toMatchObject({ applied: 0, reachedEnd: true });
    await expectBooksAt(db, feed, FEED.records);
    await db.close();
  }, 180_000);
});
