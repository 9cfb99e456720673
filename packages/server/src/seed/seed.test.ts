import { describe, expect, it } from 'vitest';
import { testEngines } from '../testing/databases.js';
import { databaseSuite } from '../testing/server-suite.js';
import { seedDemoData } from './seed.js';
import { SEED_MEMBERS, SEED_MESSAGES } from './seed-data.js';

describe.each(testEngines())('seeds on %s', (engine) => {
  const suite = databaseSuite(engine);

  const count = async (table: string) => (await suite.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

  it('seeds two brands, the demo members and their messages once', async () => {
    expect(await seedDemoData(suite.db, { demoPassword: 'pass-1' })).toBe(true);
    const brands = await suite.db.query<{ site_id: number; brand: string }>('SELECT site_id, brand FROM sites ORDER BY site_id');
    expect(brands.rows).toEqual([
      { site_id: 4, brand: 'lobby' },
      { site_id: 8, brand: 'aurora' },
    ]);
    const admins = await suite.db.query<{ name: string }>('SELECT name FROM members WHERE is_chat_admin');
    expect(admins.rows).toEqual([{ name: 'demo-admin' }]);
    const before = { sites: await count('sites'), members: await count('members'), messages: await count('member_messages') };
    expect(before.members).toBe(SEED_MEMBERS.length);
    expect(before.messages).toBe(SEED_MESSAGES.length * SEED_MEMBERS.filter((m) => m.name === 'demo').length);
    expect(await seedDemoData(suite.db, { demoPassword: 'pass-2' })).toBe(false);
    expect({ sites: await count('sites'), members: await count('members'), messages: await count('member_messages') }).toEqual(before);
  });
});
