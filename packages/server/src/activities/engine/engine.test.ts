import { describe, expect, it } from 'vitest';
import { CODE, type CodeName } from '@lobby/sdk';
import type { Database } from '../../db/database.js';
import { insertBet } from '../../game-records/bets.fixture.js';
import { createSession } from '../../members/sessions.js';
import { testEngines } from '../../testing/databases.js';
import { memberWithBalance, walletOf } from '../../testing/members.js';
import { databaseSuite } from '../../testing/server-suite.js';
import { claimOnce, insertConfirmedDeposit, publishedActivity } from './engine.fixture.js';
import {
  budgetLeftMinor, createActivity, endActivity, memberFacts, pauseActivity, publishActivity, resumeActivity, setBlacklisted, updateActivity, type ActivityInput,
} from './index.js';

const NOW = new Date(Date.UTC(2026, 10, 26, 9));
const DAY = 86_400_000;

const base = (overrides: Partial<ActivityInput> = {}): ActivityInput => ({
  kind: 'display', title: 'Autumn welcome', config: {}, termsText: 'One reward per member.', startsAt: new Date(NOW.getTime() - DAY), endsAt: new Date(NOW.getTime() + 7 * DAY),
  budgetMinor: 500_00, ...overrides,
});

/** Rejects with the BusinessError of `code`; answers its message. */
async function refusal(work: Promise<unknown>, code: CodeName): Promise<string> {
  const error = await work.then(() => undefined, (caught: unknown) => caught as { code?: number; message: string });
  expect(error, `expected ${code}`).toBeDefined();
  expect(error!.code, error!.message).toBe(CODE[code]);
  return error!.message;
}

/** Rows that must not move when a claim or a write is refused. */
async function footprint(db: Database) {
  const { rows } = await db.query<{ claims: string | number; transfers: string | number; activities: string | number }>(
    'SELECT (SELECT count(*) FROM promo_claims) AS claims, (SELECT count(*) FROM ledger_transfers) AS transfers, (SELECT count(*) FROM promo_activities) AS activities',
  );
  return { claims: Number(rows[0]!.claims), transfers: Number(rows[0]!.transfers), activities: Number(rows[0]!.activities) };
}

const houseBalance = async (db: Database) =>
  Number((await db.query<{ b: string | number }>("SELECT coalesce(sum(balance_minor), 0) AS b FROM ledger_accounts WHERE member_id IS NULL AND kind = 'house'")).rows[0]!.b);

describe.each(testEngines())('promotion engine on %s', (engine) => {
  const suite = databaseSuite(engine, { demoData: true });
  /** A new member whose session has a device id of its own (the fixture's sessions all share one). */
  const member = async (siteId = 4) => {
    const created = await memberWithBalance(suite.db, 0, { siteId, nowMs: NOW.getTime() });
    await suite.db.query("UPDATE sessions SET device_id = 'own-device-' || member_id WHERE member_id = $1", [created.memberId]);
    return created;
  };

  it('refuses bad activities naming the problem, and writes nothing', async () => {
    const before = await footprint(suite.db);
    const cases: [Partial<ActivityInput>, RegExp][] = [
      [{ kind: 'lottery' as never }, /kind: lottery is not an activity kind/],
      [{ title: '  ' }, /title must be 1 to 120/],
      [{ endsAt: new Date(NOW.getTime() - 2 * DAY) }, /endsAt must be after startsAt/],
      [{ startsAt: new Date('nonsense') }, /startsAt must be a time/],
      [{ budgetMinor: -1 }, /budgetMinor must be a whole number/],
      [{ budgetMinor: 1.5 }, /budgetMinor must be a whole number/],
      [{ config: [] as never }, /config must be a JSON object/],
      [{ eligibility: { minVipLevel: 11 } }, /minVipLevel/],
      [{ eligibility: { luck: true } as never }, /eligibility.luck is not a condition/],
      [{ caps: { claimsPerMember: 0 } }, /caps.claimsPerMember/],
      [{ oneRewardPer: ['face' as never] }, /oneRewardPer: face/],
      [{ category: 'Not OK' }, /category/],
      [{ termsText: 'x'.repeat(20_001) }, /termsText/],
    ];
    for (const [overrides, message] of cases) {
      expect(await refusal(createActivity(suite.db, 4, base(overrides), NOW), 'activityInvalid')).toMatch(message);
    }
    expect(await refusal(createActivity(suite.db, 999, base(), NOW), 'activityInvalid')).toMatch(/siteId: 999/);
    expect(await footprint(suite.db)).toEqual(before);
  });

  it('funds the budget from the house, tops it up, and returns what is left when ended', async () => {
    const house = await houseBalance(suite.db);
    const draft = await createActivity(suite.db, 4, base({ budgetMinor: 300_00 }), NOW);
    expect(draft).toMatchObject({ state: 'draft', termsVersion: 1, budgetMinor: 300_00, category: 'all', oneRewardPer: [] });
    expect(await budgetLeftMinor(suite.db, draft.id)).toBe(300_00);
    expect(await houseBalance(suite.db)).toBe(house - 300_00);
    const toppedUp = await updateActivity(suite.db, draft.id, { budgetMinor: 450_00, title: 'Autumn welcome, bigger' }, NOW);
    expect(toppedUp).toMatchObject({ budgetMinor: 450_00, termsVersion: 1, title: 'Autumn welcome, bigger' });
    expect(await budgetLeftMinor(suite.db, draft.id)).toBe(450_00);
    expect(await refusal(updateActivity(suite.db, draft.id, { budgetMinor: 100_00 }, NOW), 'activityInvalid')).toMatch(/can only grow/);
    expect(await refusal(updateActivity(suite.db, draft.id, { kind: 'race' } as never, NOW), 'activityInvalid')).toMatch(/kind cannot change/);

    const live = await publishActivity(suite.db, draft.id, NOW);
    const { memberId } = await member();
    await claimOnce(suite.db, live.id, memberId, { claimKey: 'welcome', amountMinor: 20_00, now: NOW });
    expect(await walletOf(suite.db, memberId)).toBe(20_00);
    const ended = await endActivity(suite.db, draft.id, NOW);
    expect(ended).toMatchObject({ returnedMinor: 430_00, activity: { state: 'ended' } });
    expect(await budgetLeftMinor(suite.db, draft.id)).toBe(0);
    expect(await houseBalance(suite.db)).toBe(house - 20_00);
    expect(await endActivity(suite.db, draft.id, NOW)).toMatchObject({ returnedMinor: 0 });
    expect(await refusal(updateActivity(suite.db, draft.id, { title: 'again' }, NOW), 'activityInvalid')).toMatch(/has ended/);
    expect(await refusal(publishActivity(suite.db, draft.id, NOW), 'activityInvalid')).toMatch(/ended: it cannot publish/);
  });

  it('moves draft, published, paused: each move idempotent, claims only while published and in the window', async () => {
    const draft = await createActivity(suite.db, 4, base(), NOW);
    const { memberId } = await member();
    await refusal(claimOnce(suite.db, draft.id, memberId, { claimKey: 'a', amountMinor: 1_00, now: NOW }), 'activityNotFound');
    expect(await refusal(pauseActivity(suite.db, draft.id, NOW), 'activityInvalid')).toMatch(/draft: it cannot pause/);
    await publishActivity(suite.db, draft.id, NOW);
    expect((await publishActivity(suite.db, draft.id, NOW)).state).toBe('published');
    expect((await pauseActivity(suite.db, draft.id, NOW)).state).toBe('paused');
    expect((await pauseActivity(suite.db, draft.id, NOW)).state).toBe('paused');
    expect(await refusal(claimOnce(suite.db, draft.id, memberId, { claimKey: 'a', amountMinor: 1_00, now: NOW }), 'activityNotLive')).toMatch(/paused/);
    expect((await resumeActivity(suite.db, draft.id, NOW)).state).toBe('published');
    expect(await refusal(claimOnce(suite.db, draft.id, memberId, { claimKey: 'a', amountMinor: 1_00, now: new Date(NOW.getTime() + 8 * DAY) }), 'activityNotLive')).toMatch(/ended/);
    expect((await claimOnce(suite.db, draft.id, memberId, { claimKey: 'a', amountMinor: 1_00, now: NOW })).fresh).toBe(true);
  });

  it('bumps the terms version on a change of terms, and refuses a claim made on old terms', async () => {
    const activity = await publishedActivity(suite.db, NOW);
    const { memberId } = await member();
    const same = await updateActivity(suite.db, activity.id, { title: 'Renamed', sort: 3, category: 'daily' }, NOW);
    expect(same.termsVersion).toBe(1);
    const unchanged = await updateActivity(suite.db, activity.id, { termsText: activity.termsText, eligibility: {} }, NOW);
    expect(unchanged.termsVersion).toBe(1);
    const changed = await updateActivity(suite.db, activity.id, { termsText: 'New rules' }, NOW);
    expect(changed.termsVersion).toBe(2);
    expect((await updateActivity(suite.db, activity.id, { caps: { claimsPerMember: 5 } }, NOW)).termsVersion).toBe(3);
    const before = await footprint(suite.db);
    const message = await refusal(claimOnce(suite.db, activity.id, memberId, { claimKey: 'x', amountMinor: 1_00, now: NOW, termsVersion: 2 }), 'activityTermsChanged');
    expect(message).toMatch(/version 3; the claim was made on version 2/);
    expect(await footprint(suite.db)).toEqual(before);
    expect((await claimOnce(suite.db, activity.id, memberId, { claimKey: 'x', amountMinor: 1_00, now: NOW, termsVersion: 3 })).amountMinor).toBe(1_00);
  });

  it('reads the member facts from the profile, the confirmed deposits and the settled bets of the window', async () => {
    const { memberId } = await member();
    await suite.db.query("UPDATE members SET phone = '13800138000', real_name = 'Li Lei', grade = 2 WHERE id = $1", [memberId]);
    await insertConfirmedDeposit(suite.db, memberId, 100_00, new Date(NOW.getTime() - 3 * DAY));
    await insertConfirmedDeposit(suite.db, memberId, 250_00, new Date(NOW.getTime() - 1000));
    await suite.db.query(
      `INSERT INTO deposit_orders (bill_no, member_id, site_id, pay_type_id, amount_minor, state, provider, timeout_minutes, expires_at, created_at, updated_at)
       VALUES ($3, $1, 4, '1', 99900, 102, 'sandbox', 30, $2, $2, $2)`,
      [memberId, NOW, `Topen${memberId}`],
    );
    await insertBet(suite.db, { memberId, stakeMinor: 40_00, placedAt: new Date(NOW.getTime() - 2000) });
    await insertBet(suite.db, { memberId, stakeMinor: 70_00, placedAt: new Date(NOW.getTime() - 5 * DAY) });
    await insertBet(suite.db, { memberId, stakeMinor: 900_00, status: 'void', placedAt: new Date(NOW.getTime() - 2000) });
    const facts = await memberFacts(suite.db, memberId, { from: new Date(NOW.getTime() - DAY), to: NOW });
    expect(facts).toMatchObject({
      phoneBound: true, realNamed: true, vipLevel: 2, depositsMinor: 250_00, depositCount: 1, turnoverMinor: 40_00, blacklisted: false,
      firstDepositAt: new Date(NOW.getTime() - 3 * DAY), firstWithdrawalAt: null,
    });
  });

  it('refuses members who do not meet each condition, naming it, and pays those who do', async () => {
    const activity = await publishedActivity(suite.db, NOW, {
      eligibility: { requirePhone: true, requireRealName: true, minVipLevel: 1, minDepositMinor: 100_00, minTurnoverMinor: 50_00, registeredWithinDays: 30 },
    });
    const { memberId } = await member();
    const claim = () => claimOnce(suite.db, activity.id, memberId, { claimKey: 'once', amountMinor: 8_00, now: NOW });
    const before = await footprint(suite.db);
    expect(await refusal(claim(), 'activityNotEligible')).toBe('needs a bound phone');
    await suite.db.query("UPDATE members SET phone = '13900139000' WHERE id = $1", [memberId]);
    expect(await refusal(claim(), 'activityNotEligible')).toBe('needs a real name on the account');
    await suite.db.query("UPDATE members SET real_name = 'Han Meimei' WHERE id = $1", [memberId]);
    expect(await refusal(claim(), 'activityNotEligible')).toBe('needs VIP level 1 (the account is at 0)');
    await suite.db.query('UPDATE members SET grade = 1 WHERE id = $1', [memberId]);
    expect(await refusal(claim(), 'activityNotEligible')).toBe('needs deposits of 100.00 since the activity started (so far 0.00)');
    await insertConfirmedDeposit(suite.db, memberId, 60_00, new Date(NOW.getTime() - 2 * DAY)); // before the window: does not count
    await insertConfirmedDeposit(suite.db, memberId, 100_00, new Date(NOW.getTime() - 60_000));
    expect(await refusal(claim(), 'activityNotEligible')).toBe('needs valid bets of 50.00 since the activity started (so far 0.00)');
    await insertBet(suite.db, { memberId, stakeMinor: 50_00, placedAt: new Date(NOW.getTime() - 60_000) });
    await suite.db.query('UPDATE members SET created_at = $2 WHERE id = $1', [memberId, new Date(NOW.getTime() - 31 * DAY)]);
    expect(await refusal(claim(), 'activityNotEligible')).toBe('for members registered within 30 days');
    const after = await footprint(suite.db);
    expect(after.claims).toBe(before.claims);
    expect(after.transfers).toBe(before.transfers);
    await suite.db.query('UPDATE members SET created_at = $2 WHERE id = $1', [memberId, new Date(NOW.getTime() - 2 * DAY)]);
    expect((await claim()).amountMinor).toBe(8_00);
    expect(await walletOf(suite.db, memberId)).toBe(8_00);
  });

  it('refuses a blacklisted member and a member of another brand', async () => {
    const activity = await publishedActivity(suite.db, NOW);
    const { memberId } = await member();
    await setBlacklisted(suite.db, memberId, true, 'bonus abuse ring', 'operator:ops', NOW);
    expect(await refusal(claimOnce(suite.db, activity.id, memberId, { claimKey: 'k', amountMinor: 1_00, now: NOW }), 'activityNotEligible')).toMatch(/excluded from promotions/);
    expect(await refusal(claimOnce(suite.db, activity.id, memberId, { claimKey: 'k', amountMinor: 1_00, now: NOW, skipEligibility: true }), 'activityNotEligible')).toMatch(/excluded/);
    await setBlacklisted(suite.db, memberId, false, '', 'operator:ops', NOW);
    expect((await claimOnce(suite.db, activity.id, memberId, { claimKey: 'k', amountMinor: 1_00, now: NOW })).fresh).toBe(true);
    const other = await member(8);
    expect(await refusal(claimOnce(suite.db, activity.id, other.memberId, { claimKey: 'k', amountMinor: 1_00, now: NOW }), 'activityNotEligible')).toMatch(/another brand/);
  });

  it('holds the caps per member (claims and money) and per campaign; a paid claim key replays', async () => {
    const activity = await publishedActivity(suite.db, NOW, { caps: { claimsPerMember: 2, perMemberMinor: 15_00, perCampaignMinor: 25_00 } });
    const a = await member();
    const b = await member();
    const claim = (memberId: number, claimKey: string, amountMinor: number) => claimOnce(suite.db, activity.id, memberId, { claimKey, amountMinor, now: NOW });
    await claim(a.memberId, 'd1', 10_00);
    expect(await refusal(claim(a.memberId, 'd2', 6_00), 'activityCapReached')).toMatch(/at most 15.00 per member; 10.00 received/);
    await claim(a.memberId, 'd2', 5_00);
    expect((await claim(a.memberId, 'd2', 5_00)).fresh).toBe(false);
    const before = await footprint(suite.db);
    expect(await refusal(claim(a.memberId, 'd3', 0), 'activityCapReached')).toMatch(/at most 2 claims per member; 2 made/);
    await claim(b.memberId, 'd1', 10_00);
    expect(await refusal(claim(b.memberId, 'd2', 1_00), 'activityCapReached')).toMatch(/campaign pays at most 25.00; 25.00 paid/);
    const after = await footprint(suite.db);
    expect(after.claims - before.claims).toBe(1);
    expect(after.transfers - before.transfers).toBe(1);
  });

  it('refuses a claim that would overspend the budget, and pays nothing for it', async () => {
    const activity = await publishedActivity(suite.db, NOW, { budgetMinor: 12_00 });
    const { memberId } = await member();
    await claimOnce(suite.db, activity.id, memberId, { claimKey: 'one', amountMinor: 10_00, now: NOW });
    const before = await footprint(suite.db);
    await refusal(claimOnce(suite.db, activity.id, memberId, { claimKey: 'two', amountMinor: 3_00, now: NOW }), 'activityBudgetSpent');
    expect(await footprint(suite.db)).toEqual(before);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(2_00);
  });

  it('limits claims of one member on one activity to 10 within 10 seconds', async () => {
    const activity = await publishedActivity(suite.db, NOW);
    const { memberId } = await member();
    for (let i = 0; i < 10; i += 1) await claimOnce(suite.db, activity.id, memberId, { claimKey: `spin:${i}`, amountMinor: 0, now: new Date(NOW.getTime() + i * 100) });
    const before = await footprint(suite.db);
    const at = new Date(NOW.getTime() + 2_000);
    expect(await refusal(claimOnce(suite.db, activity.id, memberId, { claimKey: 'spin:10', amountMinor: 0, now: at }), 'activityClaimTooFrequent')).toMatch(/at most 10 claims of this activity within 10 s/);
    expect(await footprint(suite.db)).toEqual(before);
    expect((await claimOnce(suite.db, activity.id, memberId, { claimKey: 'spin:10', amountMinor: 0, now: new Date(NOW.getTime() + 10_100) })).fresh).toBe(true);
    // A kind may set its own limit.
    await refusal(claimOnce(suite.db, activity.id, memberId, { claimKey: 'spin:11', amountMinor: 0, now: new Date(NOW.getTime() + 10_200), rateLimit: { claims: 1, withinMs: 1_000 } }), 'activityClaimTooFrequent');
  });

  it.each([
    ['device' as const, async (a: number, b: number) => {
      await createSession(suite.db, a, `dev-${a}-${b}`, NOW.getTime());
      await createSession(suite.db, b, `dev-${a}-${b}`, NOW.getTime());
    }],
    ['phone' as const, async (a: number, b: number) => {
      await suite.db.query("UPDATE members SET phone = '137' || lpad($3::text, 8, '0') WHERE id IN ($1, $2)", [a, b, a]);
    }],
    ['bankCard' as const, async (a: number, b: number) => {
      await suite.db.query("INSERT INTO member_bank_cards (member_id, bank_name, card_type, card_no, real_name) VALUES ($1, 'ICBC', 0, $3, 'A'), ($2, 'ICBC', 0, $4, 'B')", [a, b, `6222 0000 ${a}`, `62220000${a}`]);
    }],
    ['paymentAccount' as const, async (a: number, b: number) => {
      await suite.db.query("INSERT INTO member_virtual_addresses (member_id, protocol, address) VALUES ($1, 1, $3), ($2, 1, upper($3))", [a, b, `tgfx${a}wallet`]);
    }],
  ])('gives one reward per %s across accounts sharing it, naming the rule', async (rule, share) => {
    const activity = await publishedActivity(suite.db, NOW, { oneRewardPer: [rule] });
    const first = await member();
    const second = await member();
    const third = await member();
    await share(first.memberId, second.memberId);
    await claimOnce(suite.db, activity.id, first.memberId, { claimKey: 'gift', amountMinor: 5_00, now: NOW });
    const before = await footprint(suite.db);
    const message = await refusal(claimOnce(suite.db, activity.id, second.memberId, { claimKey: 'gift', amountMinor: 5_00, now: NOW }), 'activitySharedIdentity');
    expect(message).toMatch(/another account sharing this .* already took part/);
    expect(await footprint(suite.db)).toEqual(before);
    expect((await claimOnce(suite.db, activity.id, third.memberId, { claimKey: 'gift', amountMinor: 5_00, now: NOW })).fresh).toBe(true);
    expect((await claimOnce(suite.db, activity.id, first.memberId, { claimKey: 'gift', amountMinor: 5_00, now: NOW })).fresh).toBe(false);
  });
});
