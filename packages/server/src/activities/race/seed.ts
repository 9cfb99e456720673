import type { ActivityInput } from '../engine/index.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** This area's seeded race: a week's turnover race from an hour before the first start, five prized ranks. */
export function seedActivities(now: Date): ActivityInput[] {
  const startsAt = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS);
  return [{
    kind: 'race',
    title: '周流水竞赛 Weekly turnover race',
    category: 'daily',
    sort: 40,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 7 * DAY_MS),
    termsText: '活动期间有效投注额排名前五的会员获得奖金，最低有效投注100元方可上榜，活动结束时自动派发。\nThe five members with the most valid bets in the window win; 100 yuan of valid bets to rank; prizes are paid when the race ends.',
    budgetMinor: 1_610_00,
    config: { metric: 'turnover', prizesMinor: [888_00, 388_00, 188_00, 88_00, 58_00], minScoreMinor: 100_00, boardSize: 20, wallet: 'centre' },
  }];
}
