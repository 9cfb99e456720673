import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CODE, activityAccess, opsActivityBlacklist, opsActivityCreate, opsActivityDetail, opsActivityEnd, opsActivityList, opsActivityPause, opsActivityPreview, opsActivityPublish,
  opsActivityResume, opsActivityUpdate,
} from '@lobby/sdk';
import { testEngines } from '../../testing/databases.js';
import { serverSuite } from '../../testing/server-suite.js';
import { claimOnce } from './engine.fixture.js';

const START = Date.UTC(2026, 10, 26, 9);
const DAY = 86_400_000;

describe.each(testEngines())('the operator activity desk on %s', (engine) => {
  const suite = serverSuite(engine, { clock: START });
  const ops = (key?: string) => ({ token: suite.opsToken, timestamp: suite.clock.now(), ...(key ? { headers: { 'x-idempotency-key': key } } : {}) });
  const draft = {
    siteId: 4, kind: 'display', title: 'Weekend notice', category: 'daily', startsAt: new Date(START + 60_000).toISOString(), endsAt: new Date(START + 7 * DAY).toISOString(),
    termsText: 'Read me.', budgetMinor: 200_00, eligibility: { requirePhone: true }, caps: { claimsPerMember: 1 }, oneRewardPer: ['device' as const],
  };
  const houseOf = async () => Number((await suite.db.query<{ b: string }>("SELECT coalesce(sum(balance_minor), 0) AS b FROM ledger_accounts WHERE member_id IS NULL AND kind = 'house'")).rows[0]!.b);

  it('creates a draft once per idempotency key, funding its budget once', async () => {
    const house = await houseOf();
    const key = randomUUID();
    const first = await suite.call(opsActivityCreate, draft, ops(key));
    expect(first.body.code, first.body.msg).toBe(0);
    expect(first.body.data).toMatchObject({
      kind: 'display', state: 'draft', status: 0, termsVersion: 1, budgetMinor: 200_00, budgetLeftMinor: 200_00, claims: 0, paidMinor: 0, category: 'daily',
      eligibility: { requirePhone: true }, caps: { claimsPerMember: 1 }, oneRewardPer: ['device'], pagePath: `/app/pureDisplay/${first.body.data.id}`,
    });
    const again = await suite.call(opsActivityCreate, draft, ops(key));
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await houseOf()).toBe(house - 200_00);
    const missing = await suite.call(opsActivityCreate, draft, ops());
    expect(missing.status).toBe(400);
  });

  it('refuses a bad activity naming the problem, a member, and nothing is written', async () => {
    const before = (await suite.call(opsActivityList, { siteId: 4 }, ops())).body.data.list.length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'jackpot' }, /kind: jackpot is not an activity kind/],
      [{ startsAt: 'yesterday' }, /startsAt: yesterday is not an ISO 8601 time/],
      [{ endsAt: new Date(START - DAY).toISOString() }, /endsAt must be after startsAt/],
      [{ siteId: 77 }, /siteId: 77 is not a brand/],
    ];
    for (const [change, message] of cases) {
      const answer = await suite.call(opsActivityCreate, { ...draft, ...change } as typeof draft, ops(randomUUID()));
      expect(answer.body.code).toBe(CODE.activityInvalid);
      expect(answer.body.msg).toMatch(message);
    }
    expect((await suite.call(opsActivityCreate, { ...draft, budgetMinor: -5 }, ops(randomUUID()))).status).toBe(400);
    const { token } = await suite.memberWithBalance(0);
    expect((await suite.call(opsActivityList, { siteId: 4 }, { token, timestamp: suite.clock.now() })).status).toBe(401);
    expect((await suite.call(opsActivityList, { siteId: 4 }, ops())).body.data.list.length).toBe(before);
  });

  it('publishes, previews, pauses, resumes, changes terms and ends an activity, returning its budget', async () => {
    const created = (await suite.call(opsActivityCreate, { ...draft, oneRewardPer: [], eligibility: {} }, ops(randomUUID()))).body.data;
    const id = created.id;
    const preview = (await suite.call(opsActivityPreview, { id }, ops())).body.data;
    expect(preview).toMatchObject({ status: 0, open: false, previewPath: `/app/pureDisplay/${id}?preview=1` });
    expect(preview.notes).toEqual(['a draft: publish it first', `not started: opens at ${draft.startsAt}`]);
    const later = (await suite.call(opsActivityPreview, { id, at: new Date(START + DAY).toISOString() }, ops())).body.data;
    expect(later).toMatchObject({ status: 1, notes: ['a draft: publish it first'] });
    expect((await suite.call(opsActivityPublish, { id }, ops())).body.data).toMatchObject({ state: 'published', status: 0 });
    suite.clock.set(START + 2 * 60_000);
    expect((await suite.call(opsActivityPreview, { id }, ops())).body.data).toMatchObject({ status: 1, open: true, notes: [] });

    const { memberId } = await suite.memberWithBalance(0, { nowMs: suite.clock.now() });
    await claimOnce(suite.db, id, memberId, { claimKey: 'seen', amountMinor: 30_00, now: new Date(suite.clock.now()) });
    expect((await suite.call(opsActivityDetail, { id }, ops())).body.data).toMatchObject({ claims: 1, members: 1, paidMinor: 30_00, budgetLeftMinor: 170_00, status: 1 });

    expect((await suite.call(opsActivityPause, { id }, ops())).body.data.state).toBe('paused');
    expect((await suite.call(opsActivityPause, { id }, ops())).body.data.state).toBe('paused');
    expect((await suite.call(opsActivityResume, { id }, ops())).body.data.state).toBe('published');
    const changed = (await suite.call(opsActivityUpdate, { id, termsText: 'Read me again.', budgetMinor: 250_00 }, ops())).body.data;
    expect(changed).toMatchObject({ termsVersion: 2, budgetMinor: 250_00, budgetLeftMinor: 220_00 });
    const lowered = await suite.call(opsActivityUpdate, { id, budgetMinor: 10_00 }, ops());
    expect(lowered.body.code).toBe(CODE.activityInvalid);

    const ended = (await suite.call(opsActivityEnd, { id }, ops())).body.data;
    expect(ended).toMatchObject({ returnedMinor: 220_00, activity: { state: 'ended', status: 2, budgetLeftMinor: 0 } });
    expect((await suite.call(opsActivityEnd, { id }, ops())).body.data.returnedMinor).toBe(0);
    expect((await suite.call(opsActivityPublish, { id }, ops())).body.code).toBe(CODE.activityInvalid);
    expect((await suite.call(opsActivityDetail, { id: 2_000_000_000 }, ops())).body.code).toBe(CODE.activityNotFound);
    const listed = (await suite.call(opsActivityList, { siteId: 4, state: 'ended' }, ops())).body.data.list;
    expect(listed.map((activity) => activity.id)).toContain(id);
  });

  it('puts a member on the promotion blacklist and takes it off; the member sees its access', async () => {
    const { memberId, token } = await suite.memberWithBalance(0, { nowMs: suite.clock.now() });
    const access = async () => (await suite.call(activityAccess, {}, { token, timestamp: suite.clock.now() })).body.data;
    expect(await access()).toEqual({ blacklisted: false });
    expect((await suite.call(opsActivityBlacklist, { memberId, blacklisted: true, reason: 'shared devices' }, ops())).body.data).toEqual({ memberId, blacklisted: true });
    expect((await suite.call(opsActivityBlacklist, { memberId, blacklisted: true }, ops())).body.code).toBe(0);
    expect(await access()).toEqual({ blacklisted: true });
    await suite.call(opsActivityBlacklist, { memberId, blacklisted: false }, ops());
    expect(await access()).toEqual({ blacklisted: false });
    expect((await suite.call(opsActivityBlacklist, { memberId: 9_999_999, blacklisted: true }, ops())).body.code).toBe(CODE.invalidField);
    expect((await suite.call(activityAccess, {}, { timestamp: suite.clock.now() })).status).toBe(401);
  });
});
