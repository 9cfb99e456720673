import { describe, expect, it } from 'vitest';
import { CODE } from '@lobby/sdk';
import { testEngines } from '../../testing/databases.js';
import { databaseSuite } from '../../testing/server-suite.js';
import { setBrandMaxMultiple } from '../bonus/index.js';
import { createActivity, updateActivity, type ActivityInput } from './index.js';

const NOW = new Date(Date.UTC(2026, 10, 26, 9));
const DAY = 86_400_000;
const SITE = 4;

const firstDeposit = (multiple: number): ActivityInput => ({
  kind: 'deposit_first', title: 'First deposit bonus', termsText: 'Bonus with wagering.', budgetMinor: 100_00,
  startsAt: new Date(NOW.getTime() - DAY), endsAt: new Date(NOW.getTime() + 7 * DAY),
  config: { percentBp: 2000, maxBonusMinor: 50_00, minDepositMinor: 10_00, multiple, maxBetMinor: 50_00, expiryDays: 7 },
});

describe.each(testEngines())("a brand's wagering cap on the operator's activity desk on %s", (engine) => {
  const suite = databaseSuite(engine, { demoData: true });

  it('refuses a bonus activity whose multiple is above the brand cap when it is written, and takes one within it', async () => {
    await setBrandMaxMultiple(suite.db, SITE, 5, NOW);
    const count = async () => Number((await suite.db.query<{ n: string }>('SELECT count(*) AS n FROM promo_activities')).rows[0]!.n);
    const before = await count();
    const refused = await createActivity(suite.db, SITE, firstDeposit(8), NOW).catch((error: { code: number; message: string }) => error);
    expect(refused).toMatchObject({ code: CODE.activityInvalid, message: expect.stringContaining("above the brand's wagering cap of 5") });
    expect(await count()).toBe(before);

    const taken = await createActivity(suite.db, SITE, firstDeposit(5), NOW);
    const raised = await updateActivity(suite.db, taken.id, { config: { ...taken.config, multiple: 6 } }, NOW).catch((error: { code: number }) => error);
    expect(raised).toMatchObject({ code: CODE.activityInvalid });
    await setBrandMaxMultiple(suite.db, SITE, 10, NOW);
    expect((await updateActivity(suite.db, taken.id, { config: { ...taken.config, multiple: 6 } }, NOW)).config.multiple).toBe(6);
  });
});
