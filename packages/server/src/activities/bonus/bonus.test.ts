import { describe, expect, it, beforeAll } from 'vitest';
import { CODE } from '@lobby/sdk';
import { insertBet } from '../../game-records/bets.fixture.js';
import { auditLedger, balancesOf } from '../../ledger/index.js';
import { insertMember } from '../../members/member-repository.js';
import { testEngines } from '../../testing/databases.js';
import { databaseSuite } from '../../testing/server-suite.js';
import { budgetLeftMinor, createActivity, publishActivity, type Activity } from '../engine/index.js';
import { insertConfirmedDeposit } from '../engine/engine.fixture.js';
import { bonusesWithProgress, forfeitBonus, grantBonus, settleBonuses, settleDueBonuses, setBrandMaxMultiple } from './index.js';
import { claimDepositBonus, depositInfoOf } from './deposit-service.js';

const SITE = 40;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = new Date(Date.UTC(2026, 10, 20, 4));
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
const VENUES = {
  dz: [{ code: 'BSLOTS', enName: 'Slots', zhName: '电子', gameType: 6 }],
  zr: [{ code: 'BLIVE', enName: 'Live', zhName: '真人', gameType: 3 }],
  ty: [{ code: 'BSPORT', enName: 'Sport', zhName: '体育', gameType: 1 }],
};

const codeOf = async (work: Promise<unknown>) => ((await work.then(() => null, (error: unknown) => error)) as { code?: number } | null)?.code;

describe.each(testEngines())('bonus money and wagering on %s', (engine) => {
  const suite = databaseSuite(engine);
  let next = 0;
  let activity: Activity;

  const newMember = async (siteId = SITE) => {
    next += 1;
    const id = await insertMember(suite.db, { siteId, name: `bonus${next}`, passwordHash: 'x' });
    if (id === null) throw new Error('member exists');
    return id;
  };
  const wallets = async (memberId: number) => {
    const balances = await balancesOf(suite.db, memberId);
    return { bonus: balances.get('bonus') ?? 0, centre: balances.get('centre') ?? 0 };
  };
  const grant = (memberId: number, overrides: Partial<Parameters<typeof grantBonus>[1]> = {}) => suite.db.transaction((tx) => grantBonus(tx, {
    activity, memberId, claimKey: `k${next}:${Math.random()}`, amountMinor: 10_00, multiple: 10, expiresAt: at(7 * 24), maxBetMinor: 50_00, termsVersion: 1, now: at(0), ...overrides,
  }));
  const bet = (memberId: number, venueCode: string, stakeMinor: number, placedAt: Date, status: 'settled' | 'open' | 'void' = 'settled') =>
    insertBet(suite.db, { memberId, venueCode, gameCode: 'no-such-game', stakeMinor, placedAt, status });
  const progressOf = async (memberId: number) => (await bonusesWithProgress(suite.db, memberId)).map((g) => ({ id: g.id, status: g.status, doneMinor: g.doneMinor, requiredMinor: g.requiredMinor }));

  beforeAll(async () => {
    await suite.db.query(`INSERT INTO sites (site_id, brand, config, phone_rules) VALUES ($1, 'bonus-brand', $2, '{}')`, [SITE, JSON.stringify({ venues: VENUES })]);
    const draft = await createActivity(suite.db, SITE, {
      kind: 'deposit_first', title: 'First deposit', config: { percentBp: 2000, maxBonusMinor: 100_00, minDepositMinor: 50_00, multiple: 10, maxBetMinor: 50_00, expiryDays: 7 },
      termsText: 'terms', startsAt: at(-24), endsAt: at(30 * 24), budgetMinor: 1_000_00,
    }, at(-24));
    activity = await publishActivity(suite.db, draft.id, at(-24));
  });

  it('pays a bonus into the bonus wallet from the budget with its wagering terms, once per claim key', async () => {
    const memberId = await newMember();
    const budgetBefore = await budgetLeftMinor(suite.db, activity.id);
    const first = await grant(memberId, { claimKey: 'once' });
    const again = await grant(memberId, { claimKey: 'once' });
    expect(first.fresh).toBe(true);
    expect(again).toEqual({ grant: first.grant, fresh: false });
    expect(first.grant).toMatchObject({ amountMinor: 10_00, multiple: 10, requiredMinor: 100_00, maxBetMinor: 50_00, status: 'wagering' });
    expect(first.grant.weights).toEqual({ 1: 50, 2: 50, 3: 10, 4: 20, 5: 20, 6: 100, 7: 100 });
    expect(await wallets(memberId)).toEqual({ bonus: 10_00, centre: 0 });
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(budgetBefore - 10_00);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it("refuses a multiple above the brand's cap (10 by default, or the brand's own) and changes nothing", async () => {
    const memberId = await newMember();
    expect(await codeOf(grant(memberId, { multiple: 11 }))).toBe(CODE.activityInvalid);
    await setBrandMaxMultiple(suite.db, SITE, 5, at(0));
    expect(await codeOf(grant(memberId, { multiple: 6 }))).toBe(CODE.activityInvalid);
    expect((await grant(memberId, { multiple: 5 })).grant.requiredMinor).toBe(50_00);
    await setBrandMaxMultiple(suite.db, SITE, 10, at(0));
    expect(await wallets(memberId)).toEqual({ bonus: 10_00, centre: 0 });
    const claims = await suite.db.query('SELECT 1 FROM promo_claims WHERE member_id = $1', [memberId]);
    expect(claims.rows).toHaveLength(1);
  });

  it('counts settled bets after the grant by venue weight; a bet above the maximum, an open bet and an earlier bet count nothing', async () => {
    const memberId = await newMember();
    const { grant: g } = await grant(memberId);
    await bet(memberId, 'BSLOTS', 30_00, at(-1)); // before the bonus
    await bet(memberId, 'BSLOTS', 30_00, at(1)); // 100%: 30
    await bet(memberId, 'BLIVE', 50_00, at(2)); // 10%: 5
    await bet(memberId, 'BSPORT', 40_00, at(3)); // 50%: 20
    await bet(memberId, 'BSLOTS', 60_00, at(4)); // above the 50 maximum bet: 0
    await bet(memberId, 'BSLOTS', 20_00, at(5), 'open'); // not settled: 0
    await bet(memberId, 'UNKNOWN', 20_00, at(6)); // no category: 0
    expect(await progressOf(memberId)).toEqual([{ id: g.id, status: 'wagering', doneMinor: 55_00, requiredMinor: 100_00 }]);
    expect(await settleBonuses(suite.db, memberId, at(7))).toBe(0);
  });

  it('counts bets toward the oldest bonus first and carries what a met bonus did not need to the next', async () => {
    const memberId = await newMember();
    const older = (await grant(memberId, { now: at(0), amountMinor: 2_00 })).grant; // needs 20
    const newer = (await grant(memberId, { now: at(1), amountMinor: 3_00 })).grant; // needs 30
    await bet(memberId, 'BSLOTS', 15_00, at(0.5)); // only the older one was paid: 15 to it
    await bet(memberId, 'BSLOTS', 25_00, at(2)); // 5 to the older (met), 20 on to the newer
    await bet(memberId, 'BLIVE', 50_00, at(3)); // live 10%: 5 to the newer
    expect(await progressOf(memberId)).toEqual([
      { id: older.id, status: 'wagering', doneMinor: 20_00, requiredMinor: 20_00 },
      { id: newer.id, status: 'wagering', doneMinor: 25_00, requiredMinor: 30_00 },
    ]);
  });

  it('converts a met bonus into the centre wallet once, in one ledger transaction', async () => {
    const memberId = await newMember();
    const { grant: g } = await grant(memberId);
    await bet(memberId, 'BSLOTS', 50_00, at(1));
    await bet(memberId, 'BSLOTS', 50_00, at(2));
    expect(await settleBonuses(suite.db, memberId, at(3))).toBe(1);
    expect(await settleBonuses(suite.db, memberId, at(4))).toBe(0);
    expect(await wallets(memberId)).toEqual({ bonus: 0, centre: 10_00 });
    const transfers = await suite.db.query<{ code: string; reference: string }>("SELECT code, reference FROM ledger_transfers WHERE reference LIKE 'promo_bonus_%' AND reference LIKE $1", [`%:${g.id}`]);
    expect(transfers.rows).toEqual([{ code: 'promo_bonus_convert', reference: `promo_bonus_convert:${g.id}` }]);
    expect((await progressOf(memberId))[0]).toMatchObject({ status: 'converted', doneMinor: 100_00 });
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it('expires a bonus not met in time: its amount goes back to the budget; later bets change nothing', async () => {
    const memberId = await newMember();
    const { grant: g } = await grant(memberId, { expiresAt: at(10) });
    await bet(memberId, 'BSLOTS', 50_00, at(1));
    const budgetBefore = await budgetLeftMinor(suite.db, activity.id);
    await settleDueBonuses(suite.db, at(9)); // settles every member's bonuses (other tests' too)
    expect((await progressOf(memberId)).find((entry) => entry.id === g.id)).toMatchObject({ status: 'wagering', doneMinor: 50_00 });
    await bet(memberId, 'BSLOTS', 50_00, at(11)); // after the expiry: does not count
    expect(await settleDueBonuses(suite.db, at(12))).toBeGreaterThanOrEqual(1);
    expect(await wallets(memberId)).toEqual({ bonus: 0, centre: 0 });
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(budgetBefore + 10_00);
    expect((await progressOf(memberId)).find((entry) => entry.id === g.id)).toMatchObject({ status: 'expired', doneMinor: 50_00 });
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it('forfeits only its own wagering bonus, back to the budget; a met one converts instead', async () => {
    const memberId = await newMember();
    const other = await newMember();
    const { grant: g } = await grant(memberId);
    const budgetBefore = await budgetLeftMinor(suite.db, activity.id);
    expect(await codeOf(forfeitBonus(suite.db, other, g.id, at(1)))).toBe(CODE.bonusNotFound);
    expect((await forfeitBonus(suite.db, memberId, g.id, at(1))).status).toBe('forfeited');
    expect(await codeOf(forfeitBonus(suite.db, memberId, g.id, at(2)))).toBe(CODE.bonusNotWagering);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(budgetBefore + 10_00);
    const met = (await grant(memberId, { now: at(3) })).grant;
    await bet(memberId, 'BSLOTS', 50_00, at(4));
    await bet(memberId, 'BSLOTS', 50_00, at(4));
    expect(await codeOf(forfeitBonus(suite.db, memberId, met.id, at(5)))).toBe(CODE.bonusNotWagering);
    expect(await wallets(memberId)).toEqual({ bonus: 0, centre: 10_00 });
  });

  it('first deposit: status 0 before, 2 once the first deposit is confirmed in the window, 3 after the claim; a second claim is refused', async () => {
    const memberId = await newMember();
    const info = (now: Date) => depositInfoOf(suite.db, SITE, 'deposit_first', activity.id, memberId, now);
    const claim = (now: Date, mode: 'first' | 'stage' = 'first') =>
      claimDepositBonus(suite.db, { siteId: SITE, kind: 'deposit_first', id: activity.id, memberId, termsVersion: activity.termsVersion, mode, now });
    expect((await info(at(1))).status).toBe(0);
    expect(await codeOf(claim(at(1)))).toBe(CODE.depositBonusNotReady);
    await insertConfirmedDeposit(suite.db, memberId, 300_00, at(2));
    await insertConfirmedDeposit(suite.db, memberId, 900_00, at(3)); // a later deposit: not the first
    const ready = await info(at(4));
    expect(ready).toMatchObject({ status: 2, deposits: [{ amount: 300, bonus: 60, status: 2 }] });
    expect(await codeOf(claim(at(4), 'stage'))).toBe(CODE.depositBonusWrongMode);
    const paid = await claim(at(4));
    expect(paid.bonus).toMatchObject({ amount: 60, multiple: 10, required: 600, done: 0, percent: 0, status: 'wagering', maxBet: 50 });
    expect(paid.info).toMatchObject({ status: 3, deposits: [{ status: 3 }] });
    expect(await codeOf(claim(at(5)))).toBe(CODE.depositBonusReceived);
    expect(await wallets(memberId)).toEqual({ bonus: 60_00, centre: 0 });
  });

  it('first deposit made before the activity counts nothing', async () => {
    const memberId = await newMember();
    await insertConfirmedDeposit(suite.db, memberId, 300_00, at(-48));
    const info = await depositInfoOf(suite.db, SITE, 'deposit_first', activity.id, memberId, at(1));
    expect(info).toMatchObject({ status: 0, deposits: [], reason: 'your first deposit was not made during this activity', reasonKey: 'firstDepositOutside' });
  });

  it('expires a bonus 7 days (the config) after the claim', async () => {
    const memberId = await newMember();
    await insertConfirmedDeposit(suite.db, memberId, 100_00, at(2));
    const paid = await claimDepositBonus(suite.db, { siteId: SITE, kind: 'deposit_first', id: activity.id, memberId, termsVersion: 1, mode: 'first', now: at(3) });
    expect(new Date(paid.bonus.expiresAt).getTime() - at(3).getTime()).toBe(7 * DAY);
  });
});
