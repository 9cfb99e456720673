import type { ActivityInput } from '../engine/index.js';
import { addDays, beijingDay, dayBounds } from './days.js';

/** How long the seeded sign-in runs: 13 weeks. */
const SEED_DAYS = 91;

/**
 * The seeded daily sign-in: a 7-day cycle that began two Beijing days before the seed ran
 * (so a new user sees missed days to sign retroactively), rewards of 1 to 5 yuan a day,
 * cumulative rewards after 3 and 7 signed days, two retroactive signs a cycle with no
 * deposit needed, and an 8-yuan bonus for a fully signed previous cycle.
 */
export function seedActivities(now: Date): ActivityInput[] {
  const firstDay = addDays(beijingDay(now), -2);
  const startsAt = dayBounds(firstDay).from;
  return [{
    kind: 'sign_in',
    title: '每日签到',
    category: 'daily',
    sort: 20,
    config: {
      cycleDays: 7,
      dayRewardsMinor: [1_00, 1_00, 2_00, 1_00, 1_00, 2_00, 5_00],
      cumulative: [{ days: 3, rewardMinor: 3_00 }, { days: 7, rewardMinor: 10_00 }],
      awardWay: 'receive',
      signRule: { dayDepositMinor: 0, dayTurnoverMinor: 0 },
      retroactive: { perCycle: 2, depositMinor: 0 },
      lastCycleBonusMinor: 8_00,
    },
    startsAt,
    endsAt: dayBounds(addDays(firstDay, SEED_DAYS)).from,
    termsText: '每天签到领取当日奖励；本周期内漏签的日子可补签 2 次；累计签到 3 天、7 天可另领奖励；上一周期 7 天全签，本周期可领全勤奖金。奖励进入中心钱包。',
    budgetMinor: 200_000_00,
  }];
}
