// Bet-sync figures of issue 18, each beside the baseline it is budgeted against, measured in
// the same run on PostgreSQL: bet-record ingest per second (syncVenueBets pulling a seeded
// feed of new bets and late corrections, pages of PAGE_SIZE records, each page one
// transaction: feed position locked and advanced, known bets read, stake and payout
// entries posted through the ledger, game_bets written) beside a bare batched INSERT of
// the same number of rows into a copy of game_bets (PAGE_SIZE rows a statement, each its
// own transaction). They take turns, the order swapped every round, ROUNDS rounds; the
// budgeted ratio is the median of the rounds' ratios (docs/VENUE-WALLETS.md, "Bet sync and
// reconciliation"). Talks only to 127.0.0.1.
import { serverModules } from '../scripts/server-sources.mjs';
import { createReport } from './support/harness.mjs';
import { openFreshPostgresOrNull } from './support/postgres.mjs';
import { middleOf, takingTurns } from './support/rounds.mjs';

const ROUNDS = Number(process.env.BENCH_BET_SYNC_ROUNDS ?? 5);
const RECORDS = Number(process.env.BENCH_BET_SYNC_RECORDS ?? 10_000);
const MEMBERS = 200;
const PAGE_SIZE = 500;
const FUNDING = 1_000_000_000;

/**
 * Inserts the feed's records into bench_bets, PAGE_SIZE rows a statement, sent as lobby's
 * upsert sends them (one JSON parameter, a row of fields per record, times in epoch
 * milliseconds: the fastest encoding known here, so the ratio is lobby's bookkeeping and not
 * an encoding); answers records per second.
 */
async function bareRound(db, feed, round) {
  const started = performance.now();
  for (let from = 0; from < feed.records.length; from += PAGE_SIZE) {
    const page = feed.records.slice(from, from + PAGE_SIZE);
    const rows = page.map((r) => [
      `BARE${round}`, `${r.betId}:v${r.version}`, r.roundId, r.version, r.memberId, r.gameCode, r.stakeMinor, r.validBetMinor,
      r.payoutMinor, r.status, r.result, r.placedAt.getTime(), r.settledAt.getTime(),
    ]);
    await db.query(
      `INSERT INTO bench_bets (venue_code, provider_bet_id, round_id, version, member_id, game_code, stake_minor, valid_bet_minor,
                               payout_minor, status, result, placed_at, settled_at)
       SELECT r->>0, r->>1, r->>2, (r->>3)::integer, (r->>4)::bigint, r->>5, (r->>6)::bigint, (r->>7)::bigint, (r->>8)::bigint,
              r->>9, r->>10, to_timestamp((r->>11)::numeric / 1000), to_timestamp((r->>12)::numeric / 1000)
         FROM jsonb_array_elements($1::jsonb) AS r`,
      [JSON.stringify(rows)],
    );
  }
  return feed.records.length / ((performance.now() - started) / 1000);
}

/** Pulls the feed to its end through bet sync; answers records per second. */
async function ingestRound(m, db, feed) {
  const started = performance.now();
  const outcome = await m.sync.syncVenueBets(db, feed, feed.options.venueCode, { pageSize: PAGE_SIZE, maxPages: Math.ceil(RECORDS / PAGE_SIZE) + 1 });
  const perSecond = feed.records.length / ((performance.now() - started) / 1000);
  if (!outcome.reachedEnd) throw new Error(`bet sync bench: the pull stopped short: ${outcome.stoppedBy}`);
  return perSecond;
}

/** After the rounds: every feed's books equal what its records make, and the ledger is sound. */
async function booksHold(m, db, feeds) {
  for (const feed of feeds) {
    const expected = feed.expected(FUNDING);
    const { rows } = await db.query('SELECT member_id, balance_minor FROM ledger_accounts WHERE kind = $1', [`venue:${feed.options.venueCode}`]);
    for (const row of rows) if (Number(row.balance_minor) !== expected.books.get(Number(row.member_id))) return false;
  }
  return (await m.ledger.auditLedger(db)).ok;
}

export async function run() {
  const report = createReport('bet-sync');
  const { modules: m, close } = await serverModules({
    databases: '/packages/server/src/testing/databases.ts',
    sync: '/packages/server/src/bet-sync/bet-sync-service.ts',
    feed: '/packages/server/src/bet-sync/seeded-feed.fixture.ts',
    ledger: '/packages/server/src/ledger/index.ts',
  });
  let db;
  try {
    db = await openFreshPostgresOrNull(m, 'bet-sync', 4);
    if (!db) return report;
    await db.exec('CREATE TABLE bench_bets (LIKE game_bets INCLUDING ALL)');
    const feeds = [];
    /** One round's side on its own feed (a venue of its own, funded before either side times). */
    const measure = async (side, round) => {
      if (!feeds[round]) {
        const feed = new m.feed.SeededBetFeed({ venueCode: `BENCH${round}`, records: RECORDS, members: MEMBERS, seed: 100 + round, firstMemberId: 800_001 });
        await db.transaction((tx) => m.feed.fundSeededMembers(tx, feed, FUNDING));
        feeds[round] = feed;
      }
      return side === 'base' ? bareRound(db, feeds[round], round) : ingestRound(m, db, feeds[round]);
    };
    // Round 0 warms both paths (JIT, plans, connections) and is not counted.
    await measure('base', 0);
    await measure('subject', 0);
    const rounds = (await takingTurns(ROUNDS, (side, round) => measure(side, round + 1)))
      .map(({ base: bare, subject: ingest }) => ({ bare, ingest, ratio: ingest / bare }));
    const median = middleOf(rounds, (r) => r.ratio);
    console.log(`bet-sync bench: ingest / bare INSERT per round (postgres): ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')}`);
    report.add(`postgres: bare batched INSERT records/s (${PAGE_SIZE} a statement)`, Math.round(median.bare), 'rec/s');
    report.add(`postgres: bet-record ingest records/s (${PAGE_SIZE} a page)`, Math.round(median.ingest), 'rec/s');
    report.add(`postgres: ingest / bare INSERT, median of ${ROUNDS} rounds`, Number(median.ratio.toFixed(3)), 'ratio', { min: 0.3 });
    report.add('postgres: books equal the feeds and the ledger is sound (1 = yes)', (await booksHold(m, db, feeds)) ? 1 : 0, 'bool', { min: 1 });
  } finally {
    await db?.close();
    await close();
  }
  return report;
}
