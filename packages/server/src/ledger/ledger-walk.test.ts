import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../testing/databases.js';
import { databaseSuite } from '../testing/server-suite.js';
import { walkStep, type WalkMember, type WalkPool } from './ledger-walk.fixture.js';
import { CoinPurchaseError, LedgerError, auditLedger, houseKindFor, ensureMemberAccounts, ensureSystemAccount, ensureVenueAccount, type Account } from './index.js';

/**
 * A property-based random walk over the ledger: deposits, withdrawals, venue moves,
 * conversions, coin purchases and arbitrary (often illegal) transfers across several
 * members and system accounts. After every step the ledger sums to zero per currency,
 * no member balance is negative, and every balance equals a plain model's prediction.
 * Replay a failure with LEDGER_WALK_SEED=<seed> (and LEDGER_WALK_PATH=<path>) as printed.
 */
const seed = process.env.LEDGER_WALK_SEED ? Number(process.env.LEDGER_WALK_SEED) : undefined;
const path = process.env.LEDGER_WALK_PATH;
const numRuns = Number(process.env.LEDGER_WALK_RUNS ?? 20);

const stepArb = fc.record({
  op: fc.constantFrom('deposit', 'withdraw', 'venueIn', 'venueOut', 'toUsdt', 'buyCoin', 'anyTransfer'),
  member: fc.nat({ max: 3 }),
  from: fc.nat({ max: 40 }),
  to: fc.nat({ max: 40 }),
  amountMinor: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 50_000 }) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 20_000_000 }) },
    { weight: 1, arbitrary: fc.constantFrom(0, -100, 0.5) },
  ),
});

describe.each(testEngines())('ledger random walk on %s', (engine) => {
  const suite = databaseSuite(engine);
  let run = 0;

  async function freshPool(): Promise<WalkPool> {
    run += 1;
    return suite.db.transaction(async (tx) => {
      const members: WalkMember[] = [];
      const all: Account[] = [];
      for (let i = 0; i < 4; i++) {
        const memberId = 50_000 + run * 10 + i;
        const wallets = await ensureMemberAccounts(tx, memberId);
        const venue = await ensureVenueAccount(tx, memberId, 'venue:AG', 'CNY');
        const houseCny = await ensureSystemAccount(tx, houseKindFor(memberId), 'CNY');
        const houseCoin = await ensureSystemAccount(tx, houseKindFor(memberId), 'COIN');
        members.push({ ...wallets, venue, houseCny, houseCoin });
        all.push(...Object.values(wallets), venue, houseCny, houseCoin);
      }
      const system = {
        houseCny: await ensureSystemAccount(tx, 'house', 'CNY'),
        houseUsdt: await ensureSystemAccount(tx, 'house', 'USDT'),
        houseCoin: await ensureSystemAccount(tx, 'house', 'COIN'),
        clearing: await ensureSystemAccount(tx, 'payment_clearing:sandbox', 'CNY'),
        venueClearing: await ensureSystemAccount(tx, 'venue_clearing:AG', 'CNY'),
      };
      all.push(...Object.values(system));
      return { run, members, system, model: new Map(all.map((account) => [account.id, { ...account }])) };
    });
  }

  it('keeps every invariant after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const pool = await freshPool();
        for (const [index, step] of steps.entries()) {
          const outcome = await walkStep(suite.db, pool, step, index);
          if (outcome.error !== undefined) {
            const known = outcome.error instanceof LedgerError || outcome.error instanceof CoinPurchaseError;
            expect(known ? (outcome.error as LedgerError).rule : outcome.error, `step ${index} ${JSON.stringify(step)}`).toBe(outcome.expectedRule);
          } else {
            expect(outcome.expectedRule, `step ${index} ${JSON.stringify(step)}`).toBeUndefined();
          }
          const audit = await auditLedger(suite.db);
          expect(audit).toMatchObject({ ok: true, negativeMemberAccountIds: [], untraceableAccountIds: [] });
          expect(outcome.actualBalances).toEqual(outcome.expectedBalances);
        }
      }),
      { numRuns, ...(seed === undefined ? {} : { seed }), ...(path === undefined ? {} : { path }), endOnFailure: true },
    );
  });
});
