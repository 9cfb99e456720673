import type { ActivityInput } from '../engine/index.js';

const DAY_MS = 86_400_000;

/**
 * This area's seeded activities, one living activity of each kind it runs, relative to
 * `now`: a first-deposit bonus, a second-deposit bonus and month money, each a year long
 * with its own budget (docs/BONUS-WAGERING.md, "Seeds").
 */
export function seedActivities(now: Date): ActivityInput[] {
  const window = { startsAt: new Date(now.getTime() - DAY_MS), endsAt: new Date(now.getTime() + 365 * DAY_MS) };
  const wagering = { multiple: 10, maxBetMinor: 50_00, expiryDays: 14 };
  return [
    {
      kind: 'deposit_first', title: '首存红利 20% · First deposit bonus 20%', category: 'deposit', sort: 10, ...window,
      config: { percentBp: 2000, maxBonusMinor: 388_00, minDepositMinor: 100_00, ...wagering },
      termsText: 'Your first confirmed deposit made during this activity earns a bonus of 20% of it, up to 388 yuan, paid into your bonus wallet. '
        + 'It converts into your centre wallet once your valid bets reach 10 times the bonus (slots and fishing count 100%, sports and e-sports 50%, lottery and chess 20%, live 10%; '
        + 'a bet above 50 yuan counts nothing) within 14 days; otherwise it expires. Your own deposit stays withdrawable at any time. One bonus per phone, device and bank card.',
      oneRewardPer: ['device', 'phone', 'bankCard'], budgetMinor: 200_000_00,
    },
    {
      kind: 'deposit_again', title: '二存红利 10% · Second deposit bonus 10%', category: 'deposit', sort: 11, ...window,
      config: { mode: 'nth', nth: 2, percentBp: 1000, maxBonusMinor: 188_00, minDepositMinor: 100_00, ...wagering },
      termsText: 'Your second confirmed deposit, made during this activity, earns a bonus of 10% of it, up to 188 yuan, paid into your bonus wallet with the same wagering as the first-deposit bonus. '
        + 'Your own deposit stays withdrawable at any time.',
      oneRewardPer: ['device', 'phone', 'bankCard'], budgetMinor: 100_000_00,
    },
    {
      kind: 'month_money', title: '月月红利 · Month money', category: 'deposit', sort: 12, ...window,
      config: {
        tiers: [
          { minDepositMinor: 1_000_00, minTurnoverMinor: 5_000_00, rewardMinor: 18_00 },
          { minDepositMinor: 10_000_00, minTurnoverMinor: 50_000_00, rewardMinor: 188_00 },
          { minDepositMinor: 50_000_00, minTurnoverMinor: 300_000_00, rewardMinor: 888_00 },
        ],
        multiple: 1, maxBetMinor: 500_00, expiryDays: 30,
      },
      termsText: "Each month (Beijing time) you may claim month money for last month: the reward of the highest tier your confirmed deposits and valid bets of last month both reach "
        + '(1,000 and 5,000 yuan: 18 yuan; 10,000 and 50,000: 188; 50,000 and 300,000: 888). It is paid as a bonus with 1x wagering within 30 days.',
      budgetMinor: 100_000_00,
    },
  ];
}
