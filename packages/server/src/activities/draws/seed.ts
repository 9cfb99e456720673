import type { ActivityInput } from '../engine/index.js';
import type { DrawGiftConfig, RaffleConfig, SpinWheelConfig } from './config.js';

const DAY_MS = 86_400_000;

/**
 * The seeded draw activities (one living activity of each draw kind), relative to `now`:
 * a draw gift (a draw for each 100 yuan deposited in the day's window), a wheel (a free
 * daily spin, more for deposits and bets) and a week-long raffle (a ticket for each 100 yuan
 * deposited). Every award is money in fen; budgets cover many members.
 */
export function seedActivities(now: Date): ActivityInput[] {
  const startsAt = new Date(now.getTime() - DAY_MS);
  const drawGift: DrawGiftConfig = {
    awards: [
      { name: '88 元现金', amountMinor: 88_00, weight: 1 },
      { name: '18 元现金', amountMinor: 18_00, weight: 9 },
      { name: '8 元现金', amountMinor: 8_00, weight: 40 },
      { name: '2 元现金', amountMinor: 2_00, weight: 150 },
      { name: '谢谢参与', amountMinor: 0, weight: 300 },
    ],
    moneyEachMinor: 100_00,
    depositRequirementMinor: 100_00,
    maxDrawsPerWindow: 10,
    vipHint: 'VIP 等级越高，存款越多，抽奖次数越多',
  };
  const wheel: SpinWheelConfig = {
    segments: [
      { name: '58 元', amountMinor: 58_00, weight: 1 },
      { name: '28 元', amountMinor: 28_00, weight: 4 },
      { name: '8 元', amountMinor: 8_00, weight: 30 },
      { name: '5 元', amountMinor: 5_00, weight: 60 },
      { name: '2 元', amountMinor: 2_00, weight: 150 },
      { name: '1 元', amountMinor: 1_00, weight: 255 },
      { name: '谢谢参与', amountMinor: 0, weight: 300 },
      { name: '再接再厉', amountMinor: 0, weight: 200 },
    ],
    tasks: [
      { id: 'daily-login', name: '每日登录', kind: 'login', targetMinor: 0, spins: 1 },
      { id: 'deposit-100', name: '当日存款满 100 元', kind: 'deposit', targetMinor: 100_00, spins: 2 },
      { id: 'bets-500', name: '当日有效投注满 500 元', kind: 'turnover', targetMinor: 500_00, spins: 3 },
    ],
  };
  const raffle: RaffleConfig = {
    basis: 'deposit',
    moneyEachMinor: 100_00,
    maxTicketsPerMember: 100,
    prizes: [
      { name: '一等奖', amountMinor: 888_00, count: 1 },
      { name: '二等奖', amountMinor: 188_00, count: 3 },
      { name: '三等奖', amountMinor: 18_00, count: 10 },
    ],
  };
  return [
    {
      kind: 'draw_gift', title: '存款抽奖', category: 'deposit', sort: 30, config: drawGift as unknown as Record<string, unknown>, startsAt, endsAt: new Date(now.getTime() + 30 * DAY_MS),
      termsText: '每个抽奖时段（北京时间每日）内存款满 100 元即可抽奖，每 100 元一次，每日最多 10 次。奖金即时到账中心钱包。每次抽奖的种子在时段开始前公布哈希，时段结束后公开，可自行验证。',
      budgetMinor: 20_000_00,
    },
    {
      kind: 'spin_wheel', title: '幸运大转盘', category: 'daily', sort: 31, config: wheel as unknown as Record<string, unknown>, startsAt, endsAt: new Date(now.getTime() + 30 * DAY_MS),
      termsText: '完成每日任务领取转盘次数：每日登录 1 次，当日存款满 100 元 2 次，当日有效投注满 500 元 3 次。奖金即时到账中心钱包。转盘结果可在次日验证。',
      budgetMinor: 10_000_00,
    },
    {
      kind: 'raffle', title: '周末大抽奖', category: 'deposit', sort: 32, config: raffle as unknown as Record<string, unknown>, startsAt, endsAt: new Date(now.getTime() + 7 * DAY_MS),
      termsText: '活动期间每存款 100 元获得 1 张奖券（每人最多 100 张），活动结束时公开抽出 14 名中奖者：一等奖 888 元 1 名，二等奖 188 元 3 名，三等奖 18 元 10 名。',
      budgetMinor: 2_000_00,
    },
  ];
}
