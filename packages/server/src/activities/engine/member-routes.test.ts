import { describe, expect, it } from 'vitest';
import {
  CODE, activityBanners, activityCheck, activityContentForm, activityDetail, activityEntryCheck, activityEntryInsert, activityEntryList, activityList,
  discountApply,
} from '@lobby/sdk';
import { testEngines } from '../../testing/databases.js';
import { walletOf } from '../../testing/members.js';
import { serverSuite } from '../../testing/server-suite.js';
import { createActivity, budgetLeftMinor, endActivity, pauseActivity, publishActivity, updateActivity } from './activity-service.js';
import type { ActivityInput } from './activity-types.js';
import { discountRules, formAnswerProblem, validateConfig } from './config.js';
import { publicConfig } from './member-routes.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('display and discount config', () => {
  it('accepts a plain display and a discount, and names what is wrong otherwise', () => {
    expect(validateConfig('display', { pictures: ['/static/a.png', 'data:image/png;base64,AAAA'], bannerUrl: '/b.png' })).toBeNull();
    expect(validateConfig('discount', { rewardMinor: 8_800, wallet: 'bonus', wageringMultiple: 3, repeat: 'daily' })).toBeNull();
    expect(validateConfig('discount', {})).toMatch(/rewardMinor/);
    expect(validateConfig('discount', { rewardMinor: 1.5 })).toMatch(/rewardMinor/);
    expect(validateConfig('discount', { rewardMinor: 100, wallet: 'venue' })).toMatch(/wallet/);
    expect(validateConfig('display', { bannerUrl: 'https://evil.example/x.png' })).toMatch(/bannerUrl/);
    expect(validateConfig('display', { bannerUrl: '//evil.example/x.png' })).toMatch(/bannerUrl/);
    expect(validateConfig('display', { pictures: ['javascript:alert(1)'] })).toMatch(/pictures/);
    expect(validateConfig('discount', { rewardMinor: 100, form: [{ name: 'a', label: 'A' }, { name: 'a', label: 'B' }] })).toMatch(/twice/);
    expect(validateConfig('display', [])).toMatch(/object/);
  });

  it('reads the rules with their defaults and checks form answers', () => {
    expect(discountRules({ rewardMinor: 100 })).toMatchObject({ wallet: 'centre', wageringMultiple: 0, repeat: 'once', form: [] });
    expect(discountRules({ rewardMinor: 100, wallet: 'bonus' }).wageringMultiple).toBe(1);
    const form = discountRules({ rewardMinor: 1, form: [{ name: 'account', label: 'Game account', required: true, maxLength: 5 }] }).form;
    expect(formAnswerProblem(form, {})).toMatch(/account: required/);
    expect(formAnswerProblem(form, { account: '   ' })).toMatch(/required/);
    expect(formAnswerProblem(form, { account: 'toolong' })).toMatch(/at most 5/);
    expect(formAnswerProblem(form, { account: 'ok', other: 'x' })).toMatch(/no such field/);
    expect(formAnswerProblem(form, { account: 'ok' })).toBeNull();
  });

  it('shows no seed, secret or internal key of a config, at any depth', () => {
    expect(publicConfig({ rewardMinor: 1, serverSeed: 's', nested: { _internal: 1, secretKey: 2, shown: [{ seedHash: 'h', label: 'x' }] } })).toEqual({
      rewardMinor: 1, nested: { shown: [{ label: 'x' }] },
    });
  });
});

describe.each(testEngines())('activity list, detail, entries and the discount kind on %s', (engine) => {
  const start = Date.UTC(2026, 10, 21, 4);
  const suite = serverSuite(engine, { clock: start });
  const at = () => new Date(suite.clock.now());
  let serial = 0;

  /** A published activity of brand `siteId` (4 unless given), live from an hour ago for a week unless told. */
  async function activity(input: Partial<ActivityInput> & Pick<ActivityInput, 'kind'>, options: { siteId?: number; state?: 'draft' | 'published' } = {}) {
    serial += 1;
    const now = at();
    const created = await createActivity(suite.db, options.siteId ?? 4, {
      title: `Activity ${serial}`, config: {}, startsAt: new Date(now.getTime() - HOUR_MS), endsAt: new Date(now.getTime() + 7 * DAY_MS),
      termsText: `Terms of ${serial}\n<b>not markup</b>`, budgetMinor: 1_000_00, category: 'deposit', ...input,
    }, now);
    if (options.state !== 'draft') await publishActivity(suite.db, created.id, now);
    return created;
  }
  const member = (token: string) => ({ token });
  const claimsOf = async (activityId: number) => Number((await suite.db.query<{ n: string }>('SELECT count(*) AS n FROM promo_claims WHERE activity_id = $1', [activityId])).rows[0]!.n);

  it('lists the brand\'s activities by category with the status at now, never a draft, an old ended one or another brand\'s', async () => {
    const live = await activity({ kind: 'display', category: 'guide', config: { bannerUrl: '/static/promo/live.png' }, sort: -100 });
    const soon = await activity({ kind: 'discount', config: { rewardMinor: 100 }, startsAt: new Date(start + DAY_MS), endsAt: new Date(start + 2 * DAY_MS), sort: -99 });
    const draft = await activity({ kind: 'display' }, { state: 'draft' });
    const held = await activity({ kind: 'display', sort: -98 });
    await pauseActivity(suite.db, held.id, at());
    const closed = await activity({ kind: 'display', sort: -97 });
    await endActivity(suite.db, closed.id, at());
    const past = await activity({ kind: 'display', startsAt: new Date(start - 30 * DAY_MS), endsAt: new Date(start - 10 * DAY_MS) });
    const elsewhere = await activity({ kind: 'display' }, { siteId: 8 });

    const { body } = await suite.call(activityList, {});
    expect(body.code).toBe(0);
    const byId = new Map(body.data.list.map((item) => [item.id, item]));
    expect(byId.get(live.id)).toMatchObject({ kind: 'display', status: 1, paused: false, category: 'guide', bannerUrl: '/static/promo/live.png', termsVersion: 1 });
    expect(byId.get(soon.id)).toMatchObject({ kind: 'discount', status: 0, bannerUrl: '' });
    expect(byId.get(held.id)).toMatchObject({ status: 1, paused: true });
    expect(byId.get(closed.id)).toMatchObject({ status: 2 });
    for (const hidden of [draft, past, elsewhere]) expect(byId.has(hidden.id)).toBe(false);
    expect(body.data.categories[0]).toBe('all');
    expect(body.data.categories).toEqual(expect.arrayContaining(['guide', 'deposit']));

    const guide = (await suite.call(activityList, { category: 'guide' })).body.data.list;
    expect(guide.map((item) => item.id)).toContain(live.id);
    expect(guide.every((item) => item.category === 'guide')).toBe(true);

    const banners = (await suite.call(activityBanners, {})).body.data.list;
    expect(banners.find((item) => item.id === live.id)).toEqual({ id: live.id, kind: 'display', title: live.title, bannerUrl: '/static/promo/live.png', status: 1 });
    expect(banners.some((item) => item.id === held.id || item.id === closed.id)).toBe(false);

    expect((await suite.call(activityCheck, { id: soon.id })).body.data).toEqual({ id: soon.id, kind: 'discount', title: soon.title, status: 0, paused: false });
    expect((await suite.call(activityCheck, { id: draft.id })).body.code).toBe(CODE.activityNotFound);
    expect((await suite.call(activityCheck, { id: elsewhere.id })).body.code).toBe(CODE.activityNotFound);
  });

  it('details an activity: terms as written, conditions, safe config, rewards remaining when shown, the member\'s own claims only', async () => {
    const offer = await activity({
      kind: 'discount', config: { rewardMinor: 18_00, showRemaining: true, serverSeed: 'never shown', _note: 'internal' },
      eligibility: { minDepositMinor: 100_00 }, caps: { claimsPerMember: 1 }, oneRewardPer: ['phone'],
    });
    const visitor = (await suite.call(activityDetail, { id: offer.id })).body.data;
    expect(visitor).toMatchObject({
      id: offer.id, kind: 'discount', status: 1, termsText: offer.termsText, termsVersion: 1, rewardsRemainingMinor: 1_000_00, needsJoin: false, joined: false, myClaims: [],
      conditions: { minDepositMinor: 100_00, claimsPerMember: 1, oneRewardPer: ['phone'] },
    });
    expect(visitor.config).toEqual({ rewardMinor: 18_00, showRemaining: true });
    expect(visitor.termsText).toContain('<b>not markup</b>');

    const quiet = await activity({ kind: 'display' });
    expect((await suite.call(activityDetail, { id: quiet.id })).body.data.rewardsRemainingMinor).toBeNull();
    const draft = await activity({ kind: 'display' }, { state: 'draft' });
    expect((await suite.call(activityDetail, { id: draft.id })).body.code).toBe(CODE.activityNotFound);
    expect((await suite.call(activityDetail, { id: 2_147_483_647 })).body.code).toBe(CODE.activityNotFound);
  });

  it('pays a discount once into the centre wallet, from the budget; every refusal changes nothing', async () => {
    const offer = await activity({ kind: 'discount', config: { rewardMinor: 88_00, form: [{ name: 'account', label: 'Game account', required: true, maxLength: 20 }] } });
    const { memberId, token } = await suite.memberWithBalance(0);
    const other = await suite.memberWithBalance(0);

    const check = await suite.call(activityEntryCheck, { id: offer.id }, member(token));
    expect(check.body.data).toEqual({ allowed: true, code: 0, reason: '', needsJoin: false, joined: false });
    expect(await claimsOf(offer.id)).toBe(0);

    const noForm = await suite.callWithKey(discountApply, { id: offer.id, termsVersion: 1 }, token);
    expect(noForm.body.code).toBe(CODE.activityFormInvalid);
    expect(noForm.body.msg).toMatch(/account/);
    const stale = await suite.callWithKey(discountApply, { id: offer.id, termsVersion: 2, form: { account: 'me' } }, token);
    expect(stale.body.code).toBe(CODE.activityTermsChanged);
    expect(await walletOf(suite.db, memberId)).toBe(0);
    expect(await claimsOf(offer.id)).toBe(0);

    const key = 'discount-apply-key-1';
    const paid = await suite.callWithKey(discountApply, { id: offer.id, termsVersion: 1, form: { account: ' me ' } }, token, key);
    expect(paid.body).toMatchObject({ code: 0, data: { activityId: offer.id, claimKey: 'apply', amountMinor: 88_00, wallet: 'centre', wageringMultiple: 0 } });
    const replay = await suite.callWithKey(discountApply, { id: offer.id, termsVersion: 1, form: { account: ' me ' } }, token, key);
    expect(replay.body).toEqual(paid.body);
    const again = await suite.callWithKey(discountApply, { id: offer.id, termsVersion: 1, form: { account: 'me' } }, token);
    expect(again.body.code).toBe(CODE.activityAlreadyApplied);
    expect(await walletOf(suite.db, memberId)).toBe(88_00);
    expect(await budgetLeftMinor(suite.db, offer.id)).toBe(1_000_00 - 88_00);

    const mine = (await suite.call(activityDetail, { id: offer.id }, member(token))).body.data.myClaims;
    expect(mine).toEqual([expect.objectContaining({ claimKey: 'apply', amountMinor: 88_00, wallet: 'centre', termsVersion: 1 })]);
    expect((await suite.call(activityDetail, { id: offer.id }, member(other.token))).body.data.myClaims).toEqual([]);
    expect((await suite.call(activityEntryCheck, { id: offer.id }, member(token))).body.data).toMatchObject({ allowed: false, code: CODE.activityAlreadyApplied });
    const { rows } = await suite.db.query<{ detail: { form: Record<string, string> } }>('SELECT detail FROM promo_claims WHERE activity_id = $1', [offer.id]);
    expect(rows[0]!.detail.form).toEqual({ account: 'me' });
  });

  it('refuses what the engine refuses: not started, paused, not eligible, changed terms, spent budget — and the entry check says the same', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const soon = await activity({ kind: 'discount', config: { rewardMinor: 100 }, startsAt: new Date(start + DAY_MS), endsAt: new Date(start + 2 * DAY_MS) });
    const phoneOnly = await activity({ kind: 'discount', config: { rewardMinor: 100 }, eligibility: { requirePhone: true } });
    const small = await activity({ kind: 'discount', config: { rewardMinor: 500_00 }, budgetMinor: 100_00 });
    const held = await activity({ kind: 'discount', config: { rewardMinor: 100 } });
    await pauseActivity(suite.db, held.id, at());
    const changed = await activity({ kind: 'discount', config: { rewardMinor: 100 } });
    await updateActivity(suite.db, changed.id, { termsText: 'new terms' }, at());

    const cases: [number, number, number][] = [
      [soon.id, 1, CODE.activityNotLive], [phoneOnly.id, 1, CODE.activityNotEligible], [small.id, 1, CODE.activityBudgetSpent],
      [held.id, 1, CODE.activityNotLive], [changed.id, 1, CODE.activityTermsChanged],
    ];
    for (const [id, termsVersion, code] of cases) {
      const answer = await suite.callWithKey(discountApply, { id, termsVersion }, token);
      expect(answer.body.code, `activity ${id}`).toBe(code);
      expect(await claimsOf(id)).toBe(0);
    }
    expect(await walletOf(suite.db, memberId)).toBe(0);
    expect(await budgetLeftMinor(suite.db, small.id)).toBe(100_00);

    for (const [id, code] of [[soon.id, CODE.activityNotLive], [phoneOnly.id, CODE.activityNotEligible], [held.id, CODE.activityNotLive]] as const) {
      const check = (await suite.call(activityEntryCheck, { id }, member(token))).body.data;
      expect(check).toMatchObject({ allowed: false, code });
      expect(check.reason).not.toBe('');
    }
    expect((await suite.call(activityEntryCheck, { id: phoneOnly.id }, member(token))).body.data.reason).toMatch(/phone/);
    expect((await suite.call(activityEntryCheck, { id: phoneOnly.id }, {})).status).toBe(401);
    const wrongKind = await activity({ kind: 'display' });
    expect((await suite.callWithKey(discountApply, { id: wrongKind.id, termsVersion: 1 }, token)).body.code).toBe(CODE.activityNotFound);
  });

  it('pays a daily discount once each Beijing day', async () => {
    const daily = await activity({ kind: 'discount', config: { rewardMinor: 5_00, repeat: 'daily' } });
    const { memberId, token } = await suite.memberWithBalance(0);
    expect((await suite.callWithKey(discountApply, { id: daily.id, termsVersion: 1 }, token)).body.code).toBe(0);
    expect((await suite.callWithKey(discountApply, { id: daily.id, termsVersion: 1 }, token)).body.code).toBe(CODE.activityAlreadyApplied);
    suite.clock.advance(DAY_MS);
    try {
      const next = await suite.callWithKey(discountApply, { id: daily.id, termsVersion: 1 }, token);
      expect(next.body.data.claimKey).toBe(`apply:${new Date(suite.clock.now() + 8 * HOUR_MS).toISOString().slice(0, 10)}`);
      expect(await walletOf(suite.db, memberId)).toBe(10_00);
    } finally {
      suite.clock.set(start);
    }
  });

  it('joins an activity that needs joining before applying, lists the joins, and refuses a join nobody needs', async () => {
    const club = await activity({ kind: 'discount', config: { rewardMinor: 3_00, joinRequired: true } });
    const open = await activity({ kind: 'display' });
    const { memberId, token } = await suite.memberWithBalance(0);

    expect((await suite.callWithKey(discountApply, { id: club.id, termsVersion: 1 }, token)).body.code).toBe(CODE.activityNotJoined);
    expect((await suite.call(activityEntryCheck, { id: club.id }, member(token))).body.data).toMatchObject({ allowed: false, code: CODE.activityNotJoined, needsJoin: true, joined: false });
    expect((await suite.call(activityEntryInsert, { id: club.id, termsVersion: 2 }, member(token))).body.code).toBe(CODE.activityTermsChanged);
    const joined = await suite.call(activityEntryInsert, { id: club.id, termsVersion: 1 }, member(token));
    expect(joined.body.data).toMatchObject({ activityId: club.id, fresh: true });
    expect((await suite.call(activityEntryInsert, { id: club.id, termsVersion: 1 }, member(token))).body.data).toMatchObject({ fresh: false, joinedAt: joined.body.data.joinedAt });
    expect((await suite.call(activityEntryCheck, { id: club.id }, member(token))).body.data).toEqual({ allowed: true, code: 0, reason: '', needsJoin: true, joined: true });
    expect((await suite.call(activityEntryList, {}, member(token))).body.data.list).toEqual([
      { activityId: club.id, kind: 'discount', title: club.title, status: 1, joinedAt: joined.body.data.joinedAt },
    ]);
    expect((await suite.callWithKey(discountApply, { id: club.id, termsVersion: 1 }, token)).body.code).toBe(0);
    expect(await walletOf(suite.db, memberId)).toBe(3_00);
    const detail = (await suite.call(activityDetail, { id: club.id }, member(token))).body.data;
    expect(detail).toMatchObject({ needsJoin: true, joined: true });
    expect(detail.myClaims.map((claim) => claim.claimKey)).toEqual(['apply']);
    expect((await suite.call(activityEntryInsert, { id: open.id, termsVersion: 1 }, member(token))).body.code).toBe(CODE.activityJoinNotRequired);
  });

  it('answers the content form of an activity', async () => {
    const form = [{ name: 'account', label: 'Game account', required: true, maxLength: 40 }, { name: 'note', label: 'Note' }];
    const offer = await activity({ kind: 'discount', config: { rewardMinor: 1_00, form } });
    expect((await suite.call(activityContentForm, { id: offer.id })).body.data.fields).toEqual([
      { name: 'account', label: 'Game account', required: true, maxLength: 40 }, { name: 'note', label: 'Note', required: false, maxLength: 200 },
    ]);
    const plain = await activity({ kind: 'display' });
    expect((await suite.call(activityContentForm, { id: plain.id })).body.data.fields).toEqual([]);
  });

  it('pays a bonus discount into the bonus wallet with its wagering multiple', async () => {
    const offer = await activity({ kind: 'discount', config: { rewardMinor: 20_00, wallet: 'bonus', wageringMultiple: 5 } });
    const { memberId, token } = await suite.memberWithBalance(0);
    const paid = await suite.callWithKey(discountApply, { id: offer.id, termsVersion: 1 }, token);
    expect(paid.body.data).toMatchObject({ wallet: 'bonus', amountMinor: 20_00, wageringMultiple: 5 });
    expect(await walletOf(suite.db, memberId, 'bonus')).toBe(20_00);
    expect(await walletOf(suite.db, memberId)).toBe(0);
  });

  it('pays one application of a member however many race at once', async () => {
    const offer = await activity({ kind: 'discount', config: { rewardMinor: 7_00 } });
    const { memberId, token } = await suite.memberWithBalance(0);
    const answers = await Promise.all(Array.from({ length: 8 }, () => suite.callWithKey(discountApply, { id: offer.id, termsVersion: 1 }, token)));
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code !== 0).every((answer) => answer.body.code === CODE.activityAlreadyApplied)).toBe(true);
    expect(await walletOf(suite.db, memberId)).toBe(7_00);
    expect(await claimsOf(offer.id)).toBe(1);
  });
});
