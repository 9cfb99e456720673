// Seamless wallet figures of issue 18, measured in the same run: provider rounds (a bet
// then its win, each a signed request through the seamless endpoint, answered and kept
// for repeats) per second across distinct members, beside a bare single-row
// UPDATE ... RETURNING loop through the same driver, on PostgreSQL. The two take turns,
// ROUNDS rounds of ROUND_S seconds each (the order swapped every round), and the
// budgeted ratio is the median of the rounds' ratios, as in wallet.bench.mjs. The
// endpoint is reached in process (app.inject, as the sandbox studio reaches it), so the
// figure is lobby's cost without the network. Talks only to 127.0.0.1.
import { createReport } from './support/harness.mjs';
import { timedLoop } from './support/ledger-loop.mjs';
import { middleOf, takingTurns } from './support/rounds.mjs';
import { fundedMembers, onFreshPostgres, studioRounds } from './support/seamless.mjs';

const ROUNDS = Number(process.env.BENCH_LEDGER_ROUNDS ?? 5);
const ROUND_S = Number(process.env.BENCH_ROUND_S ?? 3);
const WORKERS = 10;
const MEMBERS = 200;

async function seamlessFigures(m, db) {
  const app = await m.testApp.buildTestApp(db);
  try {
    await db.exec('CREATE TABLE bench_rows (id integer PRIMARY KEY, n bigint NOT NULL)');
    await db.query('INSERT INTO bench_rows SELECT g, 0 FROM generate_series(1, $1) g', [MEMBERS]);
    const memberIds = await fundedMembers(m, db, 'seamless', MEMBERS);
    const requestLatencies = [];
    const play = studioRounds(m, app, '', requestLatencies);
    const bareRound = () =>
      timedLoop({
        workers: WORKERS,
        durationS: ROUND_S,
        work: (worker, i) => db.query('UPDATE bench_rows SET n = n + 1 WHERE id = $1 RETURNING n', [((i * WORKERS + worker) % MEMBERS) + 1]),
      });
    const seamlessRound = () => timedLoop({ workers: WORKERS, durationS: ROUND_S, work: (worker, i) => play(memberIds[(i * WORKERS + worker) % MEMBERS]) });
    await seamlessRound(); // warm: JIT, prepared plans, connections
    // Planner statistics of every table, as a database in service has them: plans made while
    // the fresh tables were empty (index-less scans) otherwise stay until autovacuum analyzes.
    await db.exec('ANALYZE');
    requestLatencies.length = 0;
    const rounds = (await takingTurns(ROUNDS, (side) => (side === 'base' ? bareRound() : seamlessRound())))
      .map(({ base: bare, subject: seamless }) => ({ bare, seamless, ratio: seamless.perSecond / bare.perSecond }));
    const { bare, seamless, ratio } = middleOf(rounds, (r) => r.ratio);
    requestLatencies.sort((a, b) => a - b);
    const requestP99Ms = Number(requestLatencies[Math.floor(requestLatencies.length * 0.99)].toFixed(2));
    const audit = await m.ledger.auditLedger(db);
    return { bare, seamless, ratio, ratios: rounds.map((r) => r.ratio.toFixed(2)), requestP99Ms, worstRoundP99Ms: Math.max(...rounds.map((r) => r.seamless.p99Ms)), auditOk: audit.ok };
  } finally {
    await app.close();
  }
}

export async function run() {
  const report = createReport('seamless');
  await onFreshPostgres('seamless', WORKERS, async (m, db) => {
    const f = await seamlessFigures(m, db);
    console.log(`seamless bench: seamless rounds / bare UPDATE per round (postgres): ${f.ratios.join(', ')}`);
    report.add(`postgres: bare UPDATE ... RETURNING/s (${WORKERS} workers)`, f.bare.perSecond, 'op/s');
    report.add('postgres: bare UPDATE p99', f.bare.p99Ms, 'ms');
    report.add('postgres: seamless rounds/s (bet + win), distinct members', f.seamless.perSecond, 'op/s');
    report.add('postgres: seamless round (bet + win) p50', f.seamless.p50Ms, 'ms');
    report.add('postgres: seamless round (bet + win) p99, worst round', f.worstRoundP99Ms, 'ms');
    report.add('postgres: seamless request (bet or win) p99', f.requestP99Ms, 'ms', { max: 20 });
    report.add(`postgres: seamless rounds / bare UPDATE, median of ${ROUNDS} rounds`, Number(f.ratio.toFixed(3)), 'ratio', { min: 0.4 });
    report.add('postgres: ledger audit after the run (1 = sound)', f.auditOk ? 1 : 0, 'bool', { min: 1 });
  });
  return report;
}
