// Responsible-play figures of issue 22, measured in the same run on PostgreSQL: coin purchases
// (buyCoinOnce, the buyCoin call's batched path, in process) and seamless rounds (a signed bet
// then its win through the seamless endpoint, in process as seamless.bench.mjs) per second
// for members WITH limits set (24-hour loss, 7-day wager and a stake limit, high enough never
// to refuse, so every purchase and bet is checked against its rolling windows, kept as hourly
// totals filled when the limit is set) beside the same
// work for members without limits. The two take turns, ROUNDS rounds of ROUND_S seconds each
// (the order swapped every round), and the budgeted ratio (with / without, at least 0.9) is the median of
// the rounds' ratios, as in wallet.bench.mjs. Talks only to 127.0.0.1.
import { randomUUID } from 'node:crypto';
import { createReport } from './support/harness.mjs';
import { timedLoop } from './support/ledger-loop.mjs';
import { middleOf, takingTurns } from './support/rounds.mjs';
import { fundedMembers, onFreshPostgres, studioRounds } from './support/seamless.mjs';

// Nine rounds, not five: single rounds of this machine spread 0.7 to 1.4 around a gap of a few per cent.
const ROUNDS = Number(process.env.BENCH_LEDGER_ROUNDS ?? 9);
const ROUND_S = Number(process.env.BENCH_ROUND_S ?? 3);
const WORKERS = 10;
const MEMBERS = 200;
/** Limits that never refuse in a run, so the figures time the checks, not refusals. */
const LIMITS = [['loss', 'day', 1_000_000_000_00], ['wager', 'week', 1_000_000_000_00], ['stake', 'day', 1_000_000_00]];

/** Funded members; with `limited`, each with LIMITS set. */
const membersOf = (m, db, prefix, limited) =>
  fundedMembers(m, db, prefix, MEMBERS, async (id) => {
    if (!limited) return;
    for (const [kind, period, value] of LIMITS) {
      await db.query('INSERT INTO rp_limits (member_id, kind, period, value, set_at) VALUES ($1, $2, $3, $4, now())', [id, kind, period, value]);
    }
  });

/** Rounds taking turns (takingTurns: without limits the base, with limits the subject); the median round by ratio. */
async function paired(round) {
  const rounds = (await takingTurns(ROUNDS, (side) => round(side === 'subject')))
    .map(({ base: without, subject: withLimits }) => ({ without, withLimits, ratio: withLimits.perSecond / without.perSecond }));
  return { ...middleOf(rounds, (r) => r.ratio), ratios: rounds.map((r) => r.ratio.toFixed(2)) };
}

async function figures(m, db) {
  const app = await m.testApp.buildTestApp(db);
  try {
    const members = { false: await membersOf(m, db, 'rp-free', false), true: await membersOf(m, db, 'rp-limited', true) };
    const purchaseRound = (limited) =>
      timedLoop({
        workers: WORKERS,
        durationS: ROUND_S,
        work: async (worker, i) => {
          const memberId = members[limited][(i * WORKERS + worker) % MEMBERS];
          const claim = { scope: `member:${memberId}`, key: randomUUID(), callName: 'buyCoin', requestHash: 'bench' };
          const result = await m.ledger.buyCoinOnce(db, claim, { memberId, moneyMinor: 100 }, (draft) => ({
            ok: { code: 0, msg: 'ok', data: { billNo: draft.billNo, coinWalletBalance: m.ledger.COIN_BALANCE_MARK, centerWalletBalance: m.ledger.CENTRE_BALANCE_MARK } },
            refusal: { code: 220001, msg: 'exceedsBalance', data: null },
          }));
          if (result.outcome !== 'done') throw new Error(`responsible bench purchase ${result.outcome}`);
        },
      });
    const play = studioRounds(m, app, 'rp');
    const seamlessRound = (limited) =>
      timedLoop({ workers: WORKERS, durationS: ROUND_S, work: (worker, i) => play(members[limited][(i * WORKERS + worker) % MEMBERS]) });
    // Warm both sides alike (JIT, prepared plans, connections, the hour's totals, and each
    // member's history): warming one side only left it 3 s more rows per member, and the same
    // work on both sides (no limits set on either) then measured 0.96, against 1.00 warmed alike.
    for (const limited of [false, true]) await purchaseRound(limited);
    for (const limited of [false, true]) await seamlessRound(limited);
    await db.exec('ANALYZE'); // planner statistics of every table, as a database in service has them
    const purchases = await paired(purchaseRound);
    const seamless = await paired(seamlessRound);
    const audit = await m.ledger.auditLedger(db);
    return { purchases, seamless, auditOk: audit.ok };
  } finally {
    await app.close();
  }
}

export async function run() {
  const report = createReport('responsible');
  await onFreshPostgres('responsible', WORKERS, async (m, db) => {
    const f = await figures(m, db);
    console.log(`responsible bench: coin purchases with / without limits per round (postgres): ${f.purchases.ratios.join(', ')}`);
    console.log(`responsible bench: seamless rounds with / without limits per round (postgres): ${f.seamless.ratios.join(', ')}`);
    report.add('postgres: coin purchases/s, members without limits', f.purchases.without.perSecond, 'op/s');
    report.add('postgres: coin purchases/s, members with limits', f.purchases.withLimits.perSecond, 'op/s');
    report.add('postgres: coin purchase p99 with limits', f.purchases.withLimits.p99Ms, 'ms');
    report.add(`postgres: coin purchases with / without limits, median of ${ROUNDS}`, Number(f.purchases.ratio.toFixed(3)), 'ratio', { min: 0.9 });
    report.add('postgres: seamless rounds/s (bet + win), without limits', f.seamless.without.perSecond, 'op/s');
    report.add('postgres: seamless rounds/s (bet + win), with limits', f.seamless.withLimits.perSecond, 'op/s');
    report.add('postgres: seamless round p99 with limits', f.seamless.withLimits.p99Ms, 'ms');
    report.add(`postgres: seamless rounds with / without limits, median of ${ROUNDS}`, Number(f.seamless.ratio.toFixed(3)), 'ratio', { min: 0.9 });
    report.add('postgres: ledger audit after the run (1 = sound)', f.auditOk ? 1 : 0, 'bool', { min: 1 });
  });
  return report;
}
