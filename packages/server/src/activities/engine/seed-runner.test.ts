import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../seed/seed.js';
import { testEngines } from '../../testing/databases.js';
import { databaseSuite } from '../../testing/server-suite.js';
import { statusAt } from './activity-types.js';
import { activitiesOfSite, budgetLeftMinor } from './activity-service.js';
import { SEED_AREAS, seedPromotions } from './seed-runner.js';

describe.each(testEngines())('seeded activities on %s', (engine) => {
  const suite = databaseSuite(engine);

  it('gives every brand every area\'s seeded activities, published, living and funded, once', async () => {
    const now = new Date();
    const expected = SEED_AREAS.flatMap(({ area, seeds }) => seeds(now).map((input) => ({ area, kind: input.kind, title: input.title, budgetMinor: input.budgetMinor })));
    await seedDemoData(suite.db, { demoPassword: 'pass-1' });
    for (const siteId of [4, 8]) {
      const seeded = await activitiesOfSite(suite.db, siteId);
      expect(seeded.map((a) => a.title).sort()).toEqual(expected.map((e) => e.title).sort());
      for (const activity of seeded) {
        expect(activity.state, activity.title).toBe('published');
        expect(statusAt(activity, now), activity.title).toBe(1);
        expect(await budgetLeftMinor(suite.db, activity.id)).toBe(activity.budgetMinor);
      }
    }
    // The engine's own seeds: a display page and a discount.
    expect(expected.filter((e) => e.area === 'engine').map((e) => e.kind)).toEqual(['display', 'discount']);
    const again = await seedPromotions(suite.db, new Date());
    expect(again).toEqual({ created: 0, existing: expected.length * 2, refused: [] });
    expect(await seedDemoData(suite.db, { demoPassword: 'pass-1' })).toBe(false);
    expect((await activitiesOfSite(suite.db, 4)).length).toBe(expected.length);
  });
});
