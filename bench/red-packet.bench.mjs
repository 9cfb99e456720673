// Red-packet grabs (issue 20; docs/RED-PACKET-RAIN.md, "Benchmark"): the built server on a
// fresh PostgreSQL database, 1,000 members with sessions, one rain session of 10,000 packets
// open; grabs go over HTTP as a browser sends them (signed, each with its own idempotency key).
// Two loads, each bounded in time and count:
// - sustained: CONNECTIONS concurrent connections, each taking the next of the 1,000 members
//   in turn, for DURATION_S seconds: grabs per second and p99 (budget: p99 <= 200 ms);
// - burst: every one of the 1,000 members sends one grab at the same instant (the issue's
//   "1,000 members grabbing in the same second"): how long until the last answer, and its p99.
// Afterwards the books are read: the money paid never exceeds the budget (budget 0 over),
// and every member's claims equal its ledger credits from the rain (budget 0 members off).
// Talks only to 127.0.0.1 (and PostgreSQL at BENCH_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { HEADER, redPacketRainGrab, redPacketRainInfo } from '../packages/sdk/dist/index.js';
import { serverModules } from '../scripts/server-sources.mjs';
import { createReport, startTarget } from './support/harness.mjs';
import { signedHeaders } from './support/signed.mjs';
import { scratchDatabase } from './support/postgres.mjs';

const MEMBERS = 1_000;
const CONNECTIONS = Number(process.env.BENCH_RAIN_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const PACKETS = 10_000;
const SESSION_BUDGET_MINOR = 5_000_00;
const P99_BUDGET_MS = 200;

const quantile = (sorted, q) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
const round2 = (ms) => Number(ms.toFixed(2));

/** One signed grab as the member; answers the envelope code and the time it took. */
async function grab(baseUrl, token, activityId) {
  const body = JSON.stringify({ activityId, termsVersion: 1 });
  const headers = { ...signedHeaders('POST', redPacketRainGrab.path, body, token), [HEADER.idempotencyKey]: randomUUID() };
  const t0 = performance.now();
  const response = await fetch(`${baseUrl}${redPacketRainGrab.path}`, { method: 'POST', headers, body });
  const envelope = await response.json();
  return { code: envelope.code, ms: performance.now() - t0 };
}

/** Members with sessions, straight into the database (the register call's password hashing would take minutes). */
async function membersWithTokens(m, db) {
  const { rows } = await db.query(
    "INSERT INTO members (site_id, name, password_hash) SELECT 4, 'rainbench' || g, 'not-a-login-hash' FROM generate_series(1, $1::int) g RETURNING id",
    [MEMBERS],
  );
  const tokens = [];
  for (const row of rows) tokens.push(await m.sessions.createSession(db, Number(row.id), `bench-device-${row.id}`, Date.now()));
  return tokens;
}

async function sustained(baseUrl, tokens, activityId) {
  const latencies = [];
  const codes = new Map();
  let next = 0;
  const until = performance.now() + DURATION_S * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < until) {
      const token = tokens[next++ % tokens.length];
      const { code, ms } = await grab(baseUrl, token, activityId);
      latencies.push(ms);
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
  }));
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: Math.round((codes.get(0) ?? 0) / elapsedS), p50Ms: round2(quantile(latencies, 0.5)), p99Ms: round2(quantile(latencies, 0.99)), codes };
}

async function burst(baseUrl, tokens, activityId) {
  const started = performance.now();
  const answers = await Promise.all(tokens.map((token) => grab(baseUrl, token, activityId)));
  const allMs = performance.now() - started;
  const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return { allMs: round2(allMs), p99Ms: round2(quantile(latencies, 0.99)), ok: answers.filter((answer) => answer.code === 0).length };
}

/** The books after the run: money paid beside the budget, and members whose claims differ from their ledger credits. */
async function books(db, activityId, budgetMinor) {
  const paid = await db.query('SELECT coalesce(sum(amount_minor), 0) AS total, count(*) AS claims FROM promo_claims WHERE activity_id = $1', [activityId]);
  const off = await db.query(
    `SELECT c.member_id FROM promo_claims c
       LEFT JOIN (SELECT a.member_id, sum(t.amount_minor) AS credited FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
                   WHERE t.reference LIKE $2 GROUP BY a.member_id) l ON l.member_id = c.member_id
      WHERE c.activity_id = $1 GROUP BY c.member_id, l.credited HAVING sum(c.amount_minor) <> coalesce(l.credited, 0)`,
    [activityId, `promo:${activityId}:%`],
  );
  const left = await db.query("SELECT balance_minor FROM ledger_accounts WHERE member_id IS NULL AND kind = $1", [`promo_budget:${activityId}`]);
  const paidMinor = Number(paid.rows[0].total);
  return { paidMinor, claims: Number(paid.rows[0].claims), overMinor: Math.max(0, paidMinor - budgetMinor), membersOff: off.rows.length, budgetLeftMinor: Number(left.rows[0].balance_minor) };
}

export async function run() {
  const report = createReport('red-packet');
  const database = await scratchDatabase('red-packet');
  if (!database) return report;
  const target = await startTarget('lobby', { BENCH_DATABASE_URL: database.url });
  const { modules: m, close } = await serverModules({
    postgres: '/packages/server/src/db/postgres.ts',
    engine: '/packages/server/src/activities/engine/index.ts',
    sessions: '/packages/server/src/members/sessions.ts',
  });
  const db = await m.postgres.openPostgres(database.url, 5);
  try {
    const tokens = await membersWithTokens(m, db);
    const opensAt = Date.now() + 3_000;
    const draft = await m.engine.createActivity(db, 4, {
      kind: 'red_packet_rain', title: 'Bench rain', termsText: '', budgetMinor: SESSION_BUDGET_MINOR, startsAt: new Date(opensAt), endsAt: new Date(opensAt + 3_600_000),
      config: { everyMinutes: 60, durationSeconds: 1_800, sessionBudgetMinor: SESSION_BUDGET_MINOR, packetsPerSession: PACKETS, minPacketMinor: 10, grabsPerMember: 100, wallet: 'centre' },
    }, new Date());
    await m.engine.publishActivity(db, draft.id, new Date());
    // The page read before the rain opens commits the session and writes its packets.
    const infoPath = `${redPacketRainInfo.path}?activityId=${draft.id}`;
    await fetch(`${target.url}${infoPath}`, { headers: signedHeaders('GET', infoPath, '', tokens[0]) });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt - Date.now()) + 100));

    const load = await sustained(target.url, tokens, draft.id);
    const codes = [...load.codes].map(([code, count]) => `${code}: ${count}`).join(', ');
    console.log(`red-packet bench: sustained answers by code: ${codes}`);
    report.add(`grabs/s, ${MEMBERS} members over ${CONNECTIONS} connections, ${DURATION_S} s`, load.perSecond, 'op/s');
    report.add('grab p50', load.p50Ms, 'ms');
    report.add('grab p99', load.p99Ms, 'ms', { max: P99_BUDGET_MS });
    const all = await burst(target.url, tokens, draft.id);
    report.add(`burst: ${MEMBERS} members grab at once, until the last answer`, all.allMs, 'ms');
    report.add('burst: grab p99', all.p99Ms, 'ms');
    report.add('burst: grabs paid', all.ok, 'count');
    const after = await books(db, draft.id, SESSION_BUDGET_MINOR);
    console.log(`red-packet bench: ${after.claims} packets paid, ${after.paidMinor} of ${SESSION_BUDGET_MINOR} minor units; budget left ${after.budgetLeftMinor}`);
    report.add('money paid over the budget', after.overMinor, 'minor', { max: 0 });
    report.add('members whose claims differ from their ledger credits', after.membersOff, 'count', { max: 0 });
  } finally {
    await db.close();
    await close();
    await target.stop();
    await database.drop();
  }
  return report;
}
