// Sportsbook settlement figure of issue 19, beside the baseline it is budgeted against,
// measured in the same run on PostgreSQL: BETS open singles on one market (half on the
// winning selection, half on a losing one, MEMBERS members) settled by the sportsbook's
// applyOutcome (outcome recorded; bets in chunks of SETTLEMENT_CHUNK, each chunk one
// transaction: bets locked, legs and market outcome read, the sdk's settleBet per bet, venue
// balances locked and moved, feed entries inserted, bets updated) beside a bare batched
// UPDATE of the same rows in a copy of sportsbook_bets (BARE_BATCH rows a statement, each its
// own transaction). They take turns, ROUNDS rounds after a warm-up; the budgeted
// ratio is the median of the rounds' ratios (docs/SPORTSBOOK.md, "Benchmark"). Talks only
// to 127.0.0.1.
import { serverModules } from '../scripts/server-sources.mjs';
import { createReport } from './support/harness.mjs';
import { openFreshPostgresOrNull } from './support/postgres.mjs';
import { middleOf } from './support/rounds.mjs';

const ROUNDS = Number(process.env.BENCH_SPORTS_SETTLEMENT_ROUNDS ?? 3);
const BETS = Number(process.env.BENCH_SPORTS_SETTLEMENT_BETS ?? 100_000);
const MEMBERS = 1_000;
const FIRST_MEMBER = 900_000;
const STAKE = 10_00;
/** Rows a bare UPDATE statement takes (the baseline's batch). */
const BARE_BATCH = 5_000;
const ODDS = 1950;

/** BETS open singles on market `m<round>` (even bets on 'home', odd on 'away'), copied into bench_sb_bets for the bare update. */
async function seed(db, round) {
  const shown = JSON.stringify({ sport: 'football', leagueEn: 'Bench', leagueZh: 'Bench', homeEn: 'A', homeZh: 'A', awayEn: 'B', awayZh: 'B', startsAt: '2026-11-26T00:00:00Z', marketType: '1x2', line: null, selectionEn: 'x', selectionZh: 'x' });
  await db.query(
    `INSERT INTO sportsbook_bets (bet_id, slip_id, member_id, venue_code, game_code, kind, lines, line_count, stake_per_line_minor, stake_minor,
       potential_payout_minor, policy, status, placed_at, reason)
     SELECT 'b' || $1::text || '-' || i, 's' || $1 || '-' || i, $3::bigint + i % $4::int, 'LBSPORT', 'football', 'single', '[[0]]', 1, $5::bigint, $5::bigint, $5::bigint * $6::bigint / 1000, 'accept_any', 'open', now(), 'Placed'
       FROM generate_series(1, $2::int) AS i`,
    [round, BETS, FIRST_MEMBER, MEMBERS, STAKE, ODDS],
  );
  await db.query(
    `INSERT INTO sportsbook_legs (bet_id, leg_index, fixture_id, market_id, selection_id, odds, market_version, live, shown)
     SELECT 'b' || $1::text || '-' || i, 0, 'bench-fixture', 'm' || $1, CASE WHEN i % 2 = 0 THEN 'home' ELSE 'away' END, $3, 1, false, $4::jsonb FROM generate_series(1, $2::int) AS i`,
    [round, BETS, ODDS, shown],
  );
  await db.query(`INSERT INTO bench_sb_bets SELECT * FROM sportsbook_bets WHERE bet_id LIKE 'b' || $1::text || '-%'`, [round]);
  await db.query('ANALYZE sportsbook_bets; ANALYZE sportsbook_legs; ANALYZE bench_sb_bets');
}

/** The same rows settled by a bare UPDATE, chunk by chunk; answers bets per second. */
async function bareRound(db, round, chunk) {
  const ids = Array.from({ length: BETS }, (_, i) => `b${round}-${i + 1}`);
  const started = performance.now();
  for (let from = 0; from < ids.length; from += chunk) {
    await db.query(
      `UPDATE bench_sb_bets SET status = 'settled', outcome = CASE WHEN right(bet_id, 1) IN ('0','2','4','6','8') THEN 'won' ELSE 'lost' END,
              payout_minor = CASE WHEN right(bet_id, 1) IN ('0','2','4','6','8') THEN potential_payout_minor ELSE 0 END, valid_bet_minor = stake_minor,
              in_books = true, version = version + 1, reason = 'Settled', settled_at = now()
        WHERE bet_id = ANY($1::text[])`,
      [ids.slice(from, from + chunk)],
    );
  }
  return BETS / ((performance.now() - started) / 1000);
}

/** The market's outcome applied by the sportsbook; answers bets per second. */
async function settleRound(m, db, round) {
  const outcome = {
    fixtureId: 'bench-fixture', marketId: `m${round}`, version: 1, state: 'settled',
    results: { home: { outcome: 'won' }, draw: { outcome: 'lost' }, away: { outcome: 'lost' } }, voidFrom: null, voidTo: null, reason: 'full time', at: new Date(),
  };
  const started = performance.now();
  const changed = await m.settlement.applyOutcome(db, outcome, new Date());
  const perSecond = BETS / ((performance.now() - started) / 1000);
  if (changed !== BETS) throw new Error(`sports settlement bench: ${changed} of ${BETS} bets settled`);
  return perSecond;
}

/** After the rounds: every bet settled once, each member's balance is its payouts, the feed gap-free. */
async function booksHold(db, rounds) {
  const { rows: [bets] } = await db.query(`SELECT count(*) FILTER (WHERE status = 'settled')::int AS settled, count(*)::int AS total FROM sportsbook_bets`);
  const { rows: [money] } = await db.query(`SELECT coalesce(sum(balance_minor), 0)::bigint AS held FROM sandbox_venue_wallets WHERE venue_code = 'LBSPORT'`);
  const { rows: [feed] } = await db.query(`SELECT count(*)::int AS n, max(sequence)::int AS last FROM sportsbook_bet_feed WHERE venue_code = 'LBSPORT'`);
  const wins = Math.floor(BETS / 2) * rounds;
  return bets.settled === bets.total && Number(money.held) === wins * Math.floor((STAKE * ODDS) / 1000) && feed.n === BETS * rounds && feed.last === feed.n;
}

export async function run() {
  const report = createReport('sports-settlement');
  const { modules: m, close } = await serverModules({
    databases: '/packages/server/src/testing/databases.ts',
    settlement: '/packages/server/src/sportsbook/settlement.ts',
  });
  let db;
  try {
    db = await openFreshPostgresOrNull(m, 'sports-settlement', 4);
    if (!db) return report;
    await db.exec('CREATE TABLE bench_sb_bets (LIKE sportsbook_bets INCLUDING ALL)');
    await db.query(`INSERT INTO sandbox_venue_wallets (venue_code, member_id, balance_minor) SELECT 'LBSPORT', $1 + i, 0 FROM generate_series(0, $2 - 1) AS i`, [FIRST_MEMBER, MEMBERS]);
    const chunk = m.settlement.SETTLEMENT_CHUNK;
    const rounds = [];
    // Round 0 warms both paths (JIT, plans, connections) and is not counted.
    for (let round = 0; round <= ROUNDS; round += 1) {
      await seed(db, round);
      const bare = await bareRound(db, round, BARE_BATCH);
      const settle = await settleRound(m, db, round);
      if (round > 0) rounds.push({ bare, settle, ratio: settle / bare });
    }
    const median = middleOf(rounds, (r) => r.ratio);
    console.log(`sports-settlement bench: settlement / bare UPDATE per round (postgres): ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')}`);
    report.add(`postgres: bare batched UPDATE bets/s (${BARE_BATCH} a statement)`, Math.round(median.bare), 'bets/s');
    report.add(`postgres: settlement of ${BETS} open bets on one market (${chunk} a transaction), bets/s`, Math.round(median.settle), 'bets/s');
    report.add(`postgres: settlement / bare UPDATE, median of ${ROUNDS} rounds`, Number(median.ratio.toFixed(3)), 'ratio', { min: 0.3 });
    report.add('postgres: every bet settled once, balances equal the payouts, feed gap-free (1 = yes)', (await booksHold(db, ROUNDS + 1)) ? 1 : 0, 'bool', { min: 1 });
  } finally {
    await db?.close();
    await close();
  }
  return report;
}
