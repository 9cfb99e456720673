import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/databases.js';
import { memberWithBalance, walletOf } from '../../testing/members.js';
import { databaseSuite } from '../../testing/server-suite.js';
import { grantBonus } from '../bonus/index.js';
import { publishedActivity } from './engine.fixture.js';
import { budgetLeftMinor, CENTRE_WALLET_ONLY, configProblem, payReward, type ActivityKind } from './index.js';
import { SEED_AREAS } from './seed-runner.js';

/**
 * The bonus wallet's one way in (docs/BONUS-WAGERING.md): grantBonus, which records the
 * wagering terms. The kinds without wagering terms refuse `wallet: 'bonus'` in their
 * config, and payReward refuses it whoever calls it.
 */
const NOW = new Date(Date.UTC(2026, 10, 26, 9));
const CENTRE_ONLY_KINDS: readonly ActivityKind[] = ['red_packet_rain', 'race', 'breakout', 'draw_gift', 'spin_wheel', 'raffle', 'invite_friend'];

describe('the bonus wallet in activity configs', () => {
  const seeded = SEED_AREAS.flatMap(({ seeds }) => seeds(NOW));

  it('seeds an activity of every kind that used to take a wallet, each valid as seeded', () => {
    for (const kind of CENTRE_ONLY_KINDS) {
      const ofKind = seeded.filter((activity) => activity.kind === kind);
      expect(ofKind.length, kind).toBeGreaterThan(0);
      for (const activity of ofKind) expect(configProblem(kind, activity.config), `${kind}: ${activity.title}`).toBeNull();
    }
  });

  it("refuses wallet 'bonus' in every kind without wagering terms, naming the rule; the discount kind keeps it (it pays through grantBonus)", () => {
    for (const activity of seeded.filter((candidate) => CENTRE_ONLY_KINDS.includes(candidate.kind))) {
      expect(configProblem(activity.kind, { ...activity.config, wallet: 'bonus' }), activity.kind).toBe(CENTRE_WALLET_ONLY);
      expect(configProblem(activity.kind, { ...activity.config, wallet: 'centre' }), activity.kind).toBeNull();
    }
    expect(configProblem('discount', { rewardMinor: 8_80, wallet: 'bonus', wageringMultiple: 3 })).toBeNull();
  });
});

describe.each(testEngines())('payReward and the bonus wallet on %s', (engine) => {
  const suite = databaseSuite(engine, { demoData: true });
  const footprint = async (activityId: number) => {
    const { rows } = await suite.db.query<{ claims: number; grants: number }>(
      'SELECT (SELECT count(*)::int FROM promo_claims WHERE activity_id = $1) AS claims, (SELECT count(*)::int FROM promo_bonus_grants WHERE activity_id = $1) AS grants',
      [activityId],
    );
    return rows[0]!;
  };

  it('refuses to pay the bonus wallet without a grant: nothing is written and the budget stays', async () => {
    const activity = await publishedActivity(suite.db, NOW, { budgetMinor: 50_00 });
    const { memberId } = await memberWithBalance(suite.db, 0, { nowMs: NOW.getTime() });
    const paying = suite.db.transaction((tx) => payReward(tx, {
      activity, memberId, claimKey: 'stray', amountMinor: 10_00, wallet: 'bonus' as 'centre', termsVersion: activity.termsVersion, now: NOW,
    }));
    await expect(paying).rejects.toThrow(/centre wallet only.*grantBonus/);
    expect(await walletOf(suite.db, memberId, 'bonus')).toBe(0);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(50_00);
    expect(await footprint(activity.id)).toEqual({ claims: 0, grants: 0 });
  });

  it('pays the bonus wallet through grantBonus, with the grant that lets the money leave it', async () => {
    const activity = await publishedActivity(suite.db, NOW, { budgetMinor: 50_00 });
    const { memberId } = await memberWithBalance(suite.db, 0, { nowMs: NOW.getTime() });
    const { fresh } = await suite.db.transaction((tx) => grantBonus(tx, {
      activity, memberId, claimKey: 'welcome', amountMinor: 10_00, multiple: 1, expiresAt: new Date(NOW.getTime() + 86_400_000), maxBetMinor: 50_00,
      termsVersion: activity.termsVersion, now: NOW,
    }));
    expect(fresh).toBe(true);
    expect(await walletOf(suite.db, memberId, 'bonus')).toBe(10_00);
    expect(await footprint(activity.id)).toEqual({ claims: 1, grants: 1 });
  });
});
