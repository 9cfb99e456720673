import type { ActivityInput } from '../engine/index.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** This area's seeded breakout: three weekly barriers of three steps, a point per yuan of valid bets. */
export function seedActivities(now: Date): ActivityInput[] {
  const startsAt = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS);
  const week = (n: number) => new Date(startsAt.getTime() + n * 7 * DAY_MS).toISOString();
  const steps = [{ points: 100, prizeMinor: 8_00 }, { points: 500, prizeMinor: 38_00 }, { points: 2_000, prizeMinor: 128_00 }];
  return [{
    kind: 'breakout',
    title: '闯关大挑战 Breakout',
    category: 'daily',
    sort: 50,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 21 * DAY_MS),
    termsText: '每周一关，关卡内每1元有效投注得1积分，积分达到每一步即可领取该步奖金。\nOne barrier a week; each yuan of valid bets inside a barrier earns a point; take each step\'s prize once your points reach it.',
    budgetMinor: 100_000_00,
    config: {
      metric: 'turnover', minorPerPoint: 100, pointsName: '闯关积分', webMainPicture: '', prizePoolId: 'weekly-breakout', wallet: 'centre',
      barriers: [
        { title: '第一关 Barrier 1', startsAt: week(0), endsAt: week(1), steps },
        { title: '第二关 Barrier 2', startsAt: week(1), endsAt: week(2), steps },
        { title: '第三关 Barrier 3', startsAt: week(2), endsAt: week(3), steps },
      ],
    },
  }];
}
