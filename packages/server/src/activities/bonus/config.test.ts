import { describe, expect, it } from 'vitest';
import { depositRule, validateConfig } from './config.js';
import { bonusForDeposit, beijingMonth, monthReward } from './deposit-kinds.js';
import { seedActivities } from './seed.js';
import { wageringDone } from './wagering.js';

describe('bonus area config', () => {
  it('accepts the three kinds with defaults and names the first problem', () => {
    expect(validateConfig('deposit_first', { percentBp: 2000, maxBonusMinor: 388_00 })).toBeNull();
    expect(validateConfig('deposit_again', { mode: 'stage', stages: [{ minDepositMinor: 100_00, bonusMinor: 8_00 }, { minDepositMinor: 1_000_00, bonusMinor: 88_00 }] })).toBeNull();
    expect(validateConfig('month_money', { tiers: [{ minDepositMinor: 0, minTurnoverMinor: 0, rewardMinor: 1_00 }] })).toBeNull();
    expect(validateConfig('deposit_first', [])).toBe('config must be a JSON object');
    expect(validateConfig('deposit_first', { maxBonusMinor: 1 })).toBe('percentBp is required');
    expect(validateConfig('deposit_first', { percentBp: 2000, maxBonusMinor: 1, multiple: 101 })).toBe('multiple must be an integer from 0 to 100');
    expect(validateConfig('deposit_first', { percentBp: 2000, maxBonusMinor: 1, multiple: 2.5 })).toBe('multiple must be an integer from 0 to 100');
    expect(validateConfig('deposit_first', { percentBp: 2000, maxBonusMinor: 1, weights: { 8: 10 } })).toBe('weights: 8 is not a venue category (1 sports .. 7 fishing)');
    expect(validateConfig('deposit_first', { percentBp: 2000, maxBonusMinor: 1, weights: { 3: 101 } })).toBe('weights.3 must be an integer percent from 0 to 100');
    expect(validateConfig('deposit_again', { mode: 'every', percentBp: 1, maxBonusMinor: 1 })).toBe('mode must be one of nth, noLimit, stage');
    expect(validateConfig('deposit_again', { mode: 'nth', nth: 1, percentBp: 1, maxBonusMinor: 1 })).toBe('nth must be an integer from 2 to 100');
    expect(validateConfig('deposit_again', { mode: 'stage', stages: [{ minDepositMinor: 5, bonusMinor: 1 }, { minDepositMinor: 5, bonusMinor: 2 }] })).toBe('stages must ascend by minDepositMinor');
    expect(validateConfig('month_money', { tiers: [] })).toBe('tiers must be a list of 1 to 10 entries');
  });

  it('seeds one living activity of each kind, each config valid and funded', () => {
    const now = new Date(Date.UTC(2026, 10, 26));
    const seeds = seedActivities(now);
    expect(seeds.map((seed) => seed.kind)).toEqual(['deposit_first', 'deposit_again', 'month_money']);
    for (const seed of seeds) {
      expect(validateConfig(seed.kind, seed.config)).toBeNull();
      expect(seed.startsAt <= now && seed.endsAt > now && seed.budgetMinor > 0).toBe(true);
    }
  });

  it('computes a deposit bonus as a percent up to the maximum, or by stage; below the minimum nothing', () => {
    const first = depositRule('deposit_first', { percentBp: 2000, maxBonusMinor: 388_00, minDepositMinor: 100_00 });
    expect([bonusForDeposit(first, 99_99), bonusForDeposit(first, 100_00), bonusForDeposit(first, 333_33), bonusForDeposit(first, 10_000_00)]).toEqual([0, 20_00, 66_66, 388_00]);
    const stage = depositRule('deposit_again', { mode: 'stage', stages: [{ minDepositMinor: 100_00, bonusMinor: 8_00 }, { minDepositMinor: 1_000_00, bonusMinor: 88_00 }] });
    expect([bonusForDeposit(stage, 99_00), bonusForDeposit(stage, 500_00), bonusForDeposit(stage, 1_000_00)]).toEqual([0, 8_00, 88_00]);
  });

  it('reads months in Beijing time and pays the highest tier both totals reach', () => {
    expect(beijingMonth(new Date('2026-11-30T16:30:00Z'), -1)).toEqual({ month: '2026-11', from: new Date('2026-10-31T16:00:00Z'), to: new Date('2026-11-30T16:00:00Z') });
    expect(beijingMonth(new Date('2026-01-10T00:00:00Z'), -1).month).toBe('2025-12');
    const tiers = [{ minDepositMinor: 10, minTurnoverMinor: 50, rewardMinor: 1 }, { minDepositMinor: 100, minTurnoverMinor: 500, rewardMinor: 5 }];
    const rule = { tiers, multiple: 1, maxBetMinor: 1, expiryDays: 1, weights: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0 } };
    expect([monthReward(rule, { depositsMinor: 9, turnoverMinor: 1_000 }), monthReward(rule, { depositsMinor: 1_000, turnoverMinor: 60 }), monthReward(rule, { depositsMinor: 100, turnoverMinor: 500 })]).toEqual([0, 1, 5]);
  });

  it('weights a bet by its category, rounding so a met bonus takes only what it needs', () => {
    const t = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
    const grants = [
      { id: 1, requiredMinor: 1_05, weights: { 3: 10 }, maxBetMinor: 1_000_00, grantedAt: t(0), endsAt: t(10) },
      { id: 2, requiredMinor: 100_00, weights: { 3: 10 }, maxBetMinor: 1_000_00, grantedAt: t(0), endsAt: t(10) },
    ];
    // 10_50 of valid bet at 10% meets the first bonus's 1_05; the remaining 1_00 counts 10 fen toward the second.
    const done = wageringDone(grants, [{ stakeMinor: 11_50, validBetMinor: 11_50, category: 3, placedAt: t(1), settledAt: t(2) }]);
    expect([done.get(1), done.get(2)]).toEqual([1_05, 10]);
  });
});
