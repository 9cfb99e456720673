import type { ActivityInput } from '../engine/index.js';

const DAY_MS = 86_400_000;

/**
 * The seeded gift activities (one living activity of every gift kind), open from a day
 * before `now` for 60 days. Figures in fen; docs/GIFTS.md describes each.
 */
export function seedActivities(now: Date): ActivityInput[] {
  const startsAt = new Date(now.getTime() - DAY_MS);
  const endsAt = new Date(now.getTime() + 60 * DAY_MS);
  const base = { startsAt, endsAt, category: 'gift' } as const;
  return [
    {
      ...base, kind: 'present', title: 'Turnover gifts', sort: 50, budgetMinor: 50_000_00,
      termsText: 'Valid bets made during the activity unlock the gifts below, each once per member. Money gifts are paid to the centre wallet at once; real gifts are sent to your receiver address after review. A first deposit made during the activity earns the first-deposit gift.',
      config: {
        activityTabTitle: 'Present',
        gifts: [
          { id: 'bet-100', giftName: '8.88 yuan gift', category: 2, amountMinor: 8_88, basis: 'turnover', threshold: 100_00 },
          { id: 'bet-1000', giftName: '58 yuan gift', category: 2, amountMinor: 58_00, basis: 'turnover', threshold: 1_000_00 },
          { id: 'bet-5000', giftName: 'Team scarf', category: 1, amountMinor: 199_00, basis: 'turnover', threshold: 5_000_00, giftProperties: 'Knitted, 150 cm, team colours' },
          { id: 'first-deposit', giftName: 'First deposit gift 18 yuan', category: 2, amountMinor: 18_00, basis: 'firstDeposit', threshold: 100_00 },
        ],
      },
    },
    {
      ...base, kind: 'super_gift', title: 'Super gift', sort: 51, budgetMinor: 50_000_00,
      termsText: 'Deposits confirmed during the activity reach the tiers below; each tier is taken once.',
      config: {
        gifts: [
          { id: 'dep-500', giftName: '18 yuan super gift', category: 2, amountMinor: 18_00, basis: 'deposit', threshold: 500_00 },
          { id: 'dep-5000', giftName: '188 yuan super gift', category: 2, amountMinor: 188_00, basis: 'deposit', threshold: 5_000_00 },
          { id: 'dep-20000', giftName: 'Wireless earbuds', category: 1, amountMinor: 699_00, basis: 'deposit', threshold: 20_000_00 },
        ],
      },
    },
    {
      ...base, kind: 'promo_v2', title: 'VIP upgrade promotions and yuebao task', sort: 52, budgetMinor: 30_000_00,
      termsText: 'Members at the VIP level shown take its gift once. Hold the yuebao balance shown to take the yuebao task gift.',
      config: {
        gifts: [
          { id: 'vip-1', giftName: 'VIP1 upgrade promotion', category: 2, amountMinor: 10_00, basis: 'vipLevel', threshold: 1 },
          { id: 'vip-3', giftName: 'VIP3 upgrade promotion', category: 2, amountMinor: 58_00, basis: 'vipLevel', threshold: 3 },
          { id: 'yeb-1000', giftName: 'Yuebao task: hold 1,000 yuan', category: 2, amountMinor: 5_00, basis: 'yuebao', threshold: 1_000_00 },
          { id: 'buff-card', giftName: 'Exclusive buff card: +0.20 % fan shui for 7 days', category: 0, amountMinor: 0, basis: 'vipLevel', threshold: 2, buff: { rebateBasisPoints: 20, days: 7 } },
        ],
      },
    },
    {
      ...base, kind: 'happy_send', title: 'Happy send', sort: 53, budgetMinor: 20_000_00,
      termsText: "Yesterday's valid bets (Beijing day) unlock today's gift; one gift of each level a day.",
      config: {
        gifts: [
          { id: 'daily-500', giftName: 'Daily 2.88 yuan', category: 2, amountMinor: 2_88, basis: 'dailyTurnover', threshold: 500_00 },
          { id: 'daily-5000', giftName: 'Daily 28.8 yuan', category: 2, amountMinor: 28_80, basis: 'dailyTurnover', threshold: 5_000_00 },
        ],
      },
    },
    {
      ...base, kind: 'luxury_gift', title: 'Luxury exchange', sort: 54, budgetMinor: 20_000_00,
      termsText: 'Every 100 yuan of valid bets during the activity earns one point. Points buy the gifts below; a refused real gift gives its points back.',
      config: {
        pointMinor: 100_00, maxGift: 10,
        gifts: [
          { id: 'lux-cash-10', giftName: '10 yuan', category: 2, amountMinor: 10_00, basis: 'points', threshold: 5 },
          { id: 'lux-watch', giftName: 'Smart watch', category: 1, amountMinor: 1_299_00, basis: 'points', threshold: 500, giftProperties: 'Black, 44 mm' },
          { id: 'lux-phone', giftName: 'Flagship phone', category: 1, amountMinor: 6_999_00, basis: 'points', threshold: 3_000 },
        ],
      },
    },
    {
      ...base, kind: 'top_gift', title: 'Top gift ranking', sort: 55, budgetMinor: 20_000_00,
      termsText: 'Members are ranked by valid bets during the activity; when it ends, ranks 1 (888 yuan), 2 to 3 (288 yuan) and 4 to 10 (58 yuan) claim their dividend within 7 days. Every 50 yuan of valid bets earns one point to exchange for the gifts below.',
      config: {
        pointMinor: 50_00,
        rankPrizes: [{ fromRank: 1, toRank: 1, amountMinor: 888_00 }, { fromRank: 2, toRank: 3, amountMinor: 288_00 }, { fromRank: 4, toRank: 10, amountMinor: 58_00 }],
        gifts: [
          { id: 'top-cash-20', giftName: '20 yuan', category: 2, amountMinor: 20_00, basis: 'points', threshold: 10 },
          { id: 'top-jersey', giftName: 'Signed jersey', category: 1, amountMinor: 888_00, basis: 'points', threshold: 400 },
        ],
      },
    },
  ];
}
