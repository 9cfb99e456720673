import type { ActivityInput } from '../engine/index.js';

const DAY_MS = 86_400_000;

/**
 * The seeded new-member tasks: open to members registered from a day before the seed ran,
 * for 90 days; each new member has 7 task days for a scratch card (1.88 to 18.88 yuan), a
 * deposit task (100 yuan deposited: 18 yuan), a first withdrawal (50 yuan: 8 yuan), a first
 * game (a settled bet of 10 yuan: 5.88 yuan), a 3-day game package (each day 100 yuan
 * deposited and 100 yuan bet: 28 yuan) and the reborn bonus (200 yuan deposited and played,
 * balance below 5 yuan: 20 yuan). One reward per device.
 */
export function seedActivities(now: Date): ActivityInput[] {
  const startsAt = new Date(now.getTime() - DAY_MS);
  return [{
    kind: 'new_task',
    title: '新人任务',
    category: 'newcomer',
    sort: 10,
    config: {
      taskDays: 7,
      tasks: {
        new: { prizes: [{ amountMinor: 1_88, weight: 60 }, { amountMinor: 5_88, weight: 30 }, { amountMinor: 18_88, weight: 10 }] },
        deposit: { minDepositMinor: 100_00, rewardMinor: 18_00 },
        withdrawal: { minWithdrawalMinor: 50_00, rewardMinor: 8_00 },
        gameFirst: { minBetMinor: 10_00, rewardMinor: 5_88 },
        gamePackage: { signDays: 3, dayDepositMinor: 100_00, dayBetMinor: 100_00, rewardMinor: 28_00 },
        reborn: { minDepositMinor: 200_00, belowMinor: 5_00, rewardMinor: 20_00 },
      },
    },
    startsAt,
    endsAt: new Date(startsAt.getTime() + 91 * DAY_MS),
    termsText: '新注册会员 7 天内完成任务领取奖励：刮刮卡、首存、首提、首次游戏、游戏礼包（3 天每天存款并投注各 100 元）与复活金（存款 200 元并全部投注后余额不足 5 元）。同一设备只能领取一次，奖励进入中心钱包。',
    oneRewardPer: ['device'],
    budgetMinor: 200_000_00,
  }];
}
