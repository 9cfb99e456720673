import type { ActivityInput } from '../engine/index.js';

const DAY_MS = 86_400_000;

/**
 * This area's seeded invite-friend activity (docs/AGENTS.md): 18 yuan to the inviter per
 * friend whose deposits reach 100 yuan, 8 yuan to that friend, people and deposit tiers;
 * one reward per device or phone; open from a day before the first start for 180 days.
 */
export function seedActivities(now: Date): ActivityInput[] {
  const startsAt = new Date(now.getTime() - DAY_MS);
  return [{
    kind: 'invite_friend',
    title: '邀请好友 Invite friends',
    category: 'all',
    sort: 30,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 180 * DAY_MS),
    termsText: [
      '好友通过您的邀请链接注册并累计存款满100元，您可领取18元；好友本人可领取8元。邀请满3位、10位合格好友另有奖励，合格好友累计存款满1000元、5000元另有奖励。',
      'A friend who registers through your link and deposits 100 yuan in total earns you 18 yuan, and the friend 8 yuan. 3 and 10 qualified friends, and 1,000 and 5,000 yuan of their deposits, earn tier awards.',
      '同一设备或手机号的账户只能领取一次；邀请人与好友使用同一设备或手机号的，不计奖励。',
      'One reward per device or phone number; a friend sharing the inviter\'s device or phone earns nothing.',
    ].join('\n'),
    budgetMinor: 50_000_00,
    oneRewardPer: ['device', 'phone'],
    caps: { perMemberMinor: 5_000_00 },
    config: {
      rewardFeeMinor: 18_00,
      qualifyDepositMinor: 100_00,
      inviteeRewardMinor: 8_00,
      reInvite: true,
      peopleAwards: [{ threshold: 3, rewardMinor: 38_00 }, { threshold: 10, rewardMinor: 188_00 }],
      depositAwards: [{ threshold: 1_000_00, rewardMinor: 58_00 }, { threshold: 5_000_00, rewardMinor: 288_00 }],
      wallet: 'centre',
    },
  }];
}
