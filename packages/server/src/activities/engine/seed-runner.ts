import type { Database } from '../../db/database.js';
import { seedActivities as bonusSeeds } from '../bonus/seed.js';
import { seedActivities as breakoutSeeds } from '../breakout/seed.js';
import { seedActivities as footballSeeds } from '../football/seed.js';
import { seedActivities as drawsSeeds } from '../draws/seed.js';
import { seedActivities as giftsSeeds } from '../gifts/seed.js';
import { seedActivities as inviteSeeds } from '../invite/seed.js';
import { seedActivities as raceSeeds } from '../race/seed.js';
import { seedActivities as rainSeeds } from '../rain/seed.js';
import { seedActivities as signInSeeds } from '../sign-in/seed.js';
import { seedActivities as tasksSeeds } from '../tasks/seed.js';
import { ACCOUNT_FLAG, applyTransfers, ensureAccounts } from '../../ledger/index.js';
import { checkedInput } from './activity-service.js';
import { budgetKind } from './rewards.js';
import type { ActivityInput } from './activity-types.js';
import { seedActivities as engineSeeds } from './seed.js';

/** Every area's seeded activities, by area (docs/PROMOTIONS.md "Seeds"). */
export const SEED_AREAS: readonly { area: string; seeds: (now: Date) => ActivityInput[] }[] = [
  { area: 'engine', seeds: engineSeeds },
  { area: 'bonus', seeds: bonusSeeds },
  { area: 'sign-in', seeds: signInSeeds },
  { area: 'tasks', seeds: tasksSeeds },
  { area: 'draws', seeds: drawsSeeds },
  { area: 'rain', seeds: rainSeeds },
  { area: 'race', seeds: raceSeeds },
  { area: 'breakout', seeds: breakoutSeeds },
  { area: 'gifts', seeds: giftsSeeds },
  { area: 'invite', seeds: inviteSeeds },
  { area: 'football', seeds: footballSeeds },
];

/** What a seed run did: activities created, left alone (seeded before) and refused (with the reason). */
export interface SeedReport {
  created: number;
  existing: number;
  refused: string[];
}

/**
 * Creates and publishes every area's seeded activities for every brand of the database,
 * each funded from the house, once: an activity carries its seed key (area, kind, place in
 * the area's list), so a restart, or two servers starting together, never makes it twice,
 * and an area that adds a seed later gets it on the next start. An activity its kind's
 * module refuses is reported and skipped, never fatal to the start.
 *
 * @example const report = await seedPromotions(db, new Date()); // { created: 38, existing: 0, refused: [] }
 */
export async function seedPromotions(db: Database, now: Date): Promise<SeedReport> {
  const report: SeedReport = { created: 0, existing: 0, refused: [] };
  const planned: { seedKey: string; input: ActivityInput }[] = [];
  for (const { area, seeds } of SEED_AREAS) {
    let inputs: ActivityInput[];
    try {
      inputs = seeds(now);
    } catch (error) {
      report.refused.push(`${area}: its seeds failed: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (const [index, input] of inputs.entries()) {
      const seedKey = `${area}:${index}:${input.kind}`;
      try {
        planned.push({ seedKey, input: checkedInput(input) });
      } catch (error) {
        report.refused.push(`${seedKey}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  if (planned.length === 0) return report;
  // One transaction and a handful of statements for every brand: the demo seed runs before every test suite.
  await db.transaction(async (tx) => {
    const sites = (await tx.query<{ site_id: number }>('SELECT site_id FROM sites ORDER BY site_id')).rows.map((row) => row.site_id);
    const made: { id: number; budgetMinor: number }[] = [];
    for (const siteId of sites) {
      const width = 15;
      const values = planned.map((_, i) => `(${Array.from({ length: width }, (__, j) => `$${i * width + j + 1}`).join(', ')}, $${i * width + width}, 1, 'published')`);
      const params = planned.flatMap(({ seedKey, input }) => [
        siteId, input.kind, input.title, input.category, input.sort, JSON.stringify(input.config), input.startsAt, input.endsAt, input.termsText,
        JSON.stringify(input.eligibility), JSON.stringify(input.caps), input.oneRewardPer, input.budgetMinor, seedKey, now,
      ]);
      const { rows } = await tx.query<{ id: number; budget_minor: string | number }>(
        `INSERT INTO promo_activities (site_id, kind, title, category, sort, config, starts_at, ends_at, terms_text, eligibility, caps, one_reward_per, budget_minor, seed_key, created_at, updated_at, terms_version, state)
         VALUES ${values.join(', ')}
         ON CONFLICT (site_id, seed_key) WHERE seed_key IS NOT NULL DO NOTHING RETURNING id, budget_minor`,
        params,
      );
      made.push(...rows.map((row) => ({ id: row.id, budgetMinor: Number(row.budget_minor) })));
      report.existing += planned.length - rows.length;
    }
    report.created = made.length;
    if (made.length === 0) return;
    await tx.query(
      `INSERT INTO ledger_accounts (member_id, kind, currency, flags) SELECT NULL, 'promo_budget:' || id, 'CNY', $2::integer FROM unnest($1::int[]) AS id ON CONFLICT DO NOTHING`,
      [made.map((activity) => activity.id), ACCOUNT_FLAG.debitsMustNotExceedCredits],
    );
    const funded = made.filter((activity) => activity.budgetMinor > 0);
    if (funded.length === 0) return;
    const [house, ...budgets] = await ensureAccounts(tx, [
      { memberId: null, kind: 'house', currency: 'CNY' },
      ...funded.map((activity) => ({ memberId: null, kind: budgetKind(activity.id), currency: 'CNY' as const })),
    ]);
    await applyTransfers(tx, funded.map((activity, i) => ({
      debitAccountId: house!.id, creditAccountId: budgets[i]!.id, amountMinor: activity.budgetMinor, currency: 'CNY' as const, code: 'promo_budget_fund',
      reference: `promo_budget_fund:${activity.id}:${activity.budgetMinor}`,
    })));
  });
  return report;
}
