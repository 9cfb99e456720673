import type { ActivityInput } from './index.js';

const DAY_MS = 86_400_000;

/**
 * The engine's own seeded activities (docs/PROMOTIONS.md "Seeds"): a display page with the
 * brand's promotion rules, and a discount a new member applies for once (8.80 yuan to the
 * centre wallet, for members with a bound phone). Both open from a day before `now` for 90 days.
 */
export function seedActivities(now: Date): ActivityInput[] {
  const startsAt = new Date(now.getTime() - DAY_MS);
  const endsAt = new Date(now.getTime() + 90 * DAY_MS);
  return [
    {
      kind: 'display',
      title: 'Promotion rules',
      category: 'all',
      sort: 100,
      config: { summary: 'How promotions work: budgets, terms versions and one reward per person' },
      startsAt,
      endsAt,
      termsText: [
        'Every promotion pays from its own budget; when the budget is spent, the promotion stops paying.',
        'The terms version is shown beside every claim button; if the terms change, read them again before claiming.',
        'One reward per person: accounts that share a device, a phone number, a bank card or a payment account may be refused a second reward where an activity says so.',
        'Claims are limited to 10 per activity within 10 seconds.',
      ].join('\n'),
      budgetMinor: 0,
    },
    {
      kind: 'discount',
      title: 'Welcome discount: 8.80 yuan',
      category: 'deposit',
      sort: 10,
      config: { rewardMinor: 8_80, wallet: 'centre', repeat: 'once', summary: 'Apply once and 8.80 yuan lands in your centre wallet' },
      startsAt,
      endsAt,
      termsText: 'Members with a bound phone number may apply once. The reward is paid to the centre wallet at once and can be withdrawn.',
      eligibility: { requirePhone: true },
      caps: { claimsPerMember: 1 },
      budgetMinor: 8_800_00,
    },
  ];
}
