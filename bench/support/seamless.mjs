// What the seamless-wallet benches share (seamless.bench.mjs, responsible.bench.mjs): the
// server's modules on a fresh PostgreSQL database, funded members, and a provider round (a
// signed bet, then its win, through the seamless endpoint in process).
import { serverModules } from '../../scripts/server-sources.mjs';
import { openFreshPostgresOrNull, SEAMLESS_MODULES } from './postgres.mjs';

/**
 * Loads the seamless modules (SEAMLESS_MODULES) and runs `measure(m, db)` on a fresh migrated
 * PostgreSQL database with `workers` connections; skips it (said on the console) when
 * PostgreSQL cannot be reached. Closes both afterwards.
 *
 * @example await onFreshPostgres('seamless', 10, async (m, db) => { ... });
 */
export async function onFreshPostgres(bench, workers, measure) {
  const { modules: m, close } = await serverModules(SEAMLESS_MODULES);
  try {
    const db = await openFreshPostgresOrNull(m, bench, workers);
    if (!db) return;
    try {
      await measure(m, db);
    } finally {
      await db.close();
    }
  } finally {
    await close();
  }
}

/** `count` members named `<prefix><i>`, each with 1,000,000 yuan in the centre wallet; `prepare(id)` runs for each after it. */
export async function fundedMembers(m, db, prefix, count, prepare = async () => {}) {
  const ids = [];
  for (let i = 0; i < count; i += 1) {
    const id = await m.members.insertMember(db, { siteId: 4, name: `${prefix}${i}`, passwordHash: 'not-a-login-hash' });
    await db.transaction((tx) => m.ledger.seedDeposit(tx, id, 100_000_000_00, `bench-seed:${id}`));
    await prepare(id);
    ids.push(id);
  }
  return ids;
}

/**
 * The sandbox studio's seamless client in process (app.inject, as the studio reaches lobby), and
 * a round of it: a bet of 1 yuan, then its win (2.50 yuan every third round, else 0), each
 * transaction id new (`<prefix>b<n>`, `<prefix>w<n>`). `latencies`, when given, gets each
 * request's time in ms.
 *
 * @example const play = studioRounds(m, app, 'rp'); await play(memberId);
 */
export function studioRounds(m, app, prefix, latencies = null) {
  const { providerId, secret } = m.seamless.studioCredentialsOf(app);
  const client = new m.seamless.SeamlessWalletClient({ providerId, secret, transport: m.seamless.injectTransport(app) });
  let next = 0;
  return async (memberId) => {
    const n = (next += 1);
    const t0 = performance.now();
    const bet = await client.bet({ transactionId: `${prefix}b${n}`, roundId: `${prefix}r${n}`, memberId, venueCode: 'LBSTUDIO', gameCode: 'bench', amountMinor: 100 });
    const t1 = performance.now();
    const win = await client.win({ transactionId: `${prefix}w${n}`, roundId: `${prefix}r${n}`, amountMinor: n % 3 === 0 ? 250 : 0 });
    latencies?.push(t1 - t0, performance.now() - t1);
    if (!bet.ok || !win.ok) throw new Error(`seamless round: ${JSON.stringify(bet)} ${JSON.stringify(win)}`);
  };
}
