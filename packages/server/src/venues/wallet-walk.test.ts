import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BusinessError } from '../http/errors.js';
import { balancesOf, auditLedger, createTransfer, ensureAccounts, seedDeposit } from '../ledger/index.js';
import { insertMember } from '../members/member-repository.js';
import { convert } from '../banks/conversions.js';
import { testEngines } from '../testing/databases.js';
import { databaseSuite } from '../testing/server-suite.js';
import { SandboxVenueProvider, reconcilePendingTransfers, recycleVenues, transferWithVenue, type VenueFault } from './index.js';

/**
 * A property-based random walk over the member wallet half of issue 3: venue transfers in
 * and out under injected faults (lost answers, lost requests, refusals, double delivery),
 * retries with the same request key, recycling, and USDT conversions, across 3 members
 * and 3 venues. After every step the ledger audits sound; at the end, once pending
 * transfers are reconciled, every member's centre plus venue balances (the venues' own
 * books) equals a plain model (start, plus and minus the conversions), the books equal
 * the venues and the clearing accounts are empty. Replay with WALLET_WALK_SEED=<seed>.
 */
const seed = process.env.WALLET_WALK_SEED ? Number(process.env.WALLET_WALK_SEED) : undefined;
const numRuns = Number(process.env.WALLET_WALK_RUNS ?? 6);
const VENUES = ['LBSPORT', 'LBLIVE', 'YBHX'] as const;
const START_MINOR = 1_000_00;

const stepArb = fc.record({
  op: fc.constantFrom('in', 'out', 'retry', 'recycle', 'toRmb', 'toUsdt', 'reconcile'),
  member: fc.nat({ max: 2 }),
  venue: fc.constantFrom(...VENUES),
  fault: fc.option(fc.constantFrom<VenueFault>('timeout', 'timeoutBefore', 'fail', 'double'), { nil: undefined }),
  amountMinor: fc.oneof(fc.integer({ min: 1, max: 40_000 }), fc.integer({ min: 1, max: 2_000_000 })),
});

describe.each(testEngines())('wallet random walk on %s', (engine) => {
  const suite = databaseSuite(engine, { demoData: true });
  let run = 0;

  async function members(): Promise<number[]> {
    run += 1;
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = (await insertMember(suite.db, { siteId: 4, name: `walk${run}x${i}`, passwordHash: 'not-a-login-hash' }))!;
      await suite.db.transaction(async (tx) => {
        await seedDeposit(tx, id, START_MINOR, `walk-seed:${id}`);
        const [usdt, house] = await ensureAccounts(tx, [{ memberId: id, kind: 'usdt', currency: 'USDT' }, { memberId: null, kind: 'house', currency: 'USDT' }]);
        await createTransfer(tx, { debitAccountId: house!.id, creditAccountId: usdt!.id, amountMinor: 50_000_000, currency: 'USDT', code: 'test', reference: `walk-usdt:${id}` });
      });
      ids.push(id);
    }
    return ids;
  }

  it('conserves every member\'s money through faults, retries, recycling and conversions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 5, maxLength: 25 }), async (steps) => {
        const venue = new SandboxVenueProvider(suite.db);
        const ids = await members();
        const model = new Map(ids.map((id) => [id, { cny: START_MINOR, usdt: 50_000_000 }]));
        const lastKey = new Map<number, { key: string; direction: 'in' | 'out'; venue: string; amountMinor: number }>();
        for (const [n, step] of steps.entries()) {
          const memberId = ids[step.member]!;
          if (step.fault) venue.failNext(step.venue, step.fault);
          try {
            if (step.op === 'in' || step.op === 'out') {
              const request = { memberId, venueCode: step.venue, direction: step.op, amountMinor: step.amountMinor, requestKey: `walk:${run}:${n}` };
              lastKey.set(memberId, { key: request.requestKey, direction: step.op, venue: step.venue, amountMinor: step.amountMinor });
              await transferWithVenue(suite.db, venue, request);
            } else if (step.op === 'retry' && lastKey.has(memberId)) {
              const last = lastKey.get(memberId)!;
              await transferWithVenue(suite.db, venue, { memberId, venueCode: last.venue, direction: last.direction, amountMinor: last.amountMinor, requestKey: last.key });
            } else if (step.op === 'recycle') {
              await recycleVenues(suite.db, venue, { memberId, venues: VENUES.map((code) => ({ code, enName: code, zhName: code, gameType: 1, walletModel: 'transfer' as const })), requestKey: `walk-recycle:${run}:${n}` });
            } else if (step.op === 'toRmb' || step.op === 'toUsdt') {
              const c = await suite.db.transaction((tx) => convert(tx, memberId, step.op === 'toRmb' ? 'usdt_to_rmb' : 'rmb_to_usdt', step.amountMinor, 0));
              const m = model.get(memberId)!;
              m.cny += step.op === 'toRmb' ? c.rmbMinor : -c.rmbMinor;
              m.usdt += step.op === 'toRmb' ? -c.usdtMinor : c.usdtMinor;
            } else if (step.op === 'reconcile') {
              await reconcilePendingTransfers(suite.db, venue, memberId);
            }
          } catch (error) {
            if (!(error instanceof BusinessError)) throw error;
          }
          venue.clearFaults();
          expect(await auditLedger(suite.db)).toMatchObject({ ok: true });
        }
        expect(await reconcilePendingTransfers(suite.db, venue, null)).toBe(0);
        for (const id of ids) {
          const books = await balancesOf(suite.db, id);
          const atVenues = await Promise.all(VENUES.map((code) => venue.balance(code, id)));
          for (const [i, code] of VENUES.entries()) expect(books.get(`venue:${code}`) ?? 0).toBe(atVenues[i]);
          expect((books.get('centre') ?? 0) + atVenues.reduce((a, b) => a + b, 0)).toBe(model.get(id)!.cny);
          expect(books.get('usdt')).toBe(model.get(id)!.usdt);
        }
        const { rows } = await suite.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_accounts WHERE kind LIKE 'venue_clearing:%' AND balance_minor <> 0`);
        expect(rows[0]!.n).toBe(0);
      }),
      { numRuns, ...(seed === undefined ? {} : { seed }) },
    );
  });
});
