import type { FastifyInstance } from 'fastify';
import {
  ACTIVITY_CATEGORY_ALL, ACTIVITY_LIST_ENDED_DAYS, activityBanners, activityCheck, activityContentForm, activityDetail, activityEntryCheck,
  activityEntryInsert, activityEntryList, activityList, discountApply, type ActivityClaim, type ActivityConditions, type ActivityDetail,
  type ActivitySummary,
} from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { registerCall, type CallContext } from '../../http/register-call.js';
import { grantBonus } from '../bonus/index.js';
import { ACTIVITY_COLUMNS, activityOf, liveActivity, visibleActivity } from './activity-repository.js';
import { budgetLeftMinor } from './activity-service.js';
import { ACTIVITY_KINDS, statusAt, type Activity } from './activity-types.js';
import { checkClaim } from './claims.js';
import { discountRules, formAnswerProblem, formOf, imageAllowed } from './config.js';
import { payReward } from './rewards.js';
import { beijingDayKey } from '../../common/beijing-time.js';

/** The claim key of a join (entry insert): a zero-amount claim, so it counts as taking part (docs/ACTIVITY-PAGES.md). */
export const ENTRY_CLAIM_KEY = 'entry';
/** Claims a detail lists, latest first. */
const CLAIMS_SHOWN = 50;
/** Activities a list or the entry list answers at most. */
const LIST_MAX = 200;
const DAY_MS = 86_400_000;

/** Thrown inside the entry check's transaction to roll back whatever the check touched. */
class CheckPassed extends Error {}

const iso = (at: Date) => at.toISOString();

/** An activity as the list shows it. */
function summaryOf(activity: Activity, now: Date): ActivitySummary {
  const banner = activity.config.bannerUrl;
  return {
    id: activity.id, kind: activity.kind, title: activity.title, category: activity.category, status: statusAt(activity, now),
    paused: activity.state === 'paused', startsAt: iso(activity.startsAt), endsAt: iso(activity.endsAt), termsVersion: activity.termsVersion,
    bannerUrl: imageAllowed(banner) ? banner : '',
  };
}

/** A config key a member must never see: a seed, a secret, or marked internal with a leading '_'. */
const hiddenKey = (key: string) => key.startsWith('_') || /seed|secret/i.test(key);

/**
 * The config parts safe to show: every key except hidden ones, at any depth.
 *
 * @example publicConfig({ rewardMinor: 100, serverSeed: 'x' }) // { rewardMinor: 100 }
 */
export function publicConfig(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(publicConfig);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !hiddenKey(key)).map(([key, inner]) => [key, publicConfig(inner)]));
}

function conditionsOf(activity: Activity): ActivityConditions {
  const { eligibility: e, caps } = activity;
  const pick = <T extends object>(source: T, keys: readonly (keyof T)[]) =>
    Object.fromEntries(keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]));
  return {
    ...pick(e, ['minDepositMinor', 'depositsSince', 'minTurnoverMinor', 'minVipLevel', 'registeredWithinDays', 'registeredBeforeStart', 'requirePhone', 'requireRealName']),
    ...pick(caps, ['perMemberMinor', 'claimsPerMember']),
    oneRewardPer: [...activity.oneRewardPer],
  };
}

const joinRequired = (activity: Activity) => activity.config.joinRequired === true;

/** The brand's activities a member may see (published, paused, or ended within ACTIVITY_LIST_ENDED_DAYS), list order. */
async function listedActivities(q: Queryable, siteId: number, now: Date): Promise<Activity[]> {
  const { rows } = await q.query<Parameters<typeof activityOf>[0]>(
    `SELECT ${ACTIVITY_COLUMNS} FROM promo_activities
      WHERE site_id = $1 AND state IN ('published', 'paused', 'ended')
        AND LEAST(ends_at, CASE WHEN state = 'ended' THEN updated_at ELSE ends_at END) > $2
      ORDER BY sort, starts_at, id LIMIT ${LIST_MAX}`,
    [siteId, new Date(now.getTime() - ACTIVITY_LIST_ENDED_DAYS * DAY_MS)],
  );
  return rows.map(activityOf);
}

async function claimsOf(q: Queryable, activityId: number, memberId: number): Promise<{ claims: ActivityClaim[]; joined: boolean }> {
  const { rows } = await q.query<{ claim_key: string; amount_minor: string | number; wallet: 'centre' | 'bonus'; terms_version: number; created_at: Date }>(
    `SELECT claim_key, amount_minor, wallet, terms_version, created_at FROM promo_claims WHERE activity_id = $1 AND member_id = $2
      ORDER BY created_at DESC, id DESC LIMIT ${CLAIMS_SHOWN + 1}`,
    [activityId, memberId],
  );
  const claims = rows
    .filter((row) => row.claim_key !== ENTRY_CLAIM_KEY)
    .slice(0, CLAIMS_SHOWN)
    .map((row) => ({ claimKey: row.claim_key, amountMinor: Number(row.amount_minor), wallet: row.wallet, termsVersion: row.terms_version, createdAt: iso(row.created_at) }));
  return { claims, joined: await hasClaim(q, activityId, memberId, ENTRY_CLAIM_KEY) };
}

async function hasClaim(q: Queryable, activityId: number, memberId: number, claimKey: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM promo_claims WHERE activity_id = $1 AND member_id = $2 AND claim_key = $3', [activityId, memberId, claimKey]);
  return rows.length > 0;
}

/** The claim key of a discount application at `now`: one per member, or one per member and Beijing day. */
const discountClaimKey = (activity: Activity, now: Date) => (discountRules(activity.config).repeat === 'daily' ? `apply:${beijingDayKey(now.getTime())}` : 'apply');

/**
 * What a member's claim on the activity would meet now, short of paying: throws the refusal
 * (not live, not eligible, caps, shared identity, rate, not joined, already applied).
 */
async function entryRefusal(tx: Queryable, siteId: number, id: number, memberId: number, now: Date): Promise<void> {
  const activity = await liveActivity(tx, siteId, id, ACTIVITY_KINDS, now);
  let amountMinor = 0;
  if (activity.kind === 'discount') {
    const claimKey = discountClaimKey(activity, now);
    if (await hasClaim(tx, activity.id, memberId, claimKey)) throw new BusinessError('activityAlreadyApplied', alreadyApplied(activity));
    amountMinor = discountRules(activity.config).rewardMinor;
  }
  await checkClaim(tx, activity, memberId, now, { termsVersion: activity.termsVersion, amountMinor });
  if (joinRequired(activity) && !(await hasClaim(tx, activity.id, memberId, ENTRY_CLAIM_KEY))) throw new BusinessError('activityNotJoined', `join activity ${id} first`);
}

const alreadyApplied = (activity: Activity) =>
  discountRules(activity.config).repeat === 'daily' ? 'applied today already; the offer opens again tomorrow (Beijing time)' : 'applied already; this offer is once per member';

/**
 * The member's side of the engine (issue 20; docs/ACTIVITY-PAGES.md): the activity list by
 * category, one activity's detail, check activity, banners, the entry check, joining
 * (entry insert and list), the content form, and the discount kind's apply.
 */
export function activityMemberRoutes(app: FastifyInstance): void {
  const now = (ctx: CallContext<unknown>) => new Date(ctx.services.providers.clock.now());

  registerCall(app, activityList, async (ctx) => {
    const at = now(ctx);
    const all = await listedActivities(ctx.db, ctx.siteId, at);
    const wanted = ctx.request.category ?? ACTIVITY_CATEGORY_ALL;
    const categories = [ACTIVITY_CATEGORY_ALL, ...new Set(all.map((activity) => activity.category).filter((name) => name !== ACTIVITY_CATEGORY_ALL))];
    const list = all.filter((activity) => wanted === ACTIVITY_CATEGORY_ALL || activity.category === wanted).map((activity) => summaryOf(activity, at));
    return { categories, list, serverTime: iso(at) };
  });

  registerCall(app, activityDetail, async (ctx): Promise<ActivityDetail> => {
    const at = now(ctx);
    const activity = await visibleActivity(ctx.db, ctx.siteId, ctx.request.id, ACTIVITY_KINDS);
    const mine = ctx.member ? await claimsOf(ctx.db, activity.id, ctx.member.id) : { claims: [], joined: false };
    return {
      ...summaryOf(activity, at),
      termsText: activity.termsText,
      conditions: conditionsOf(activity),
      config: publicConfig(activity.config) as Record<string, unknown>,
      rewardsRemainingMinor: activity.config.showRemaining === true ? await budgetLeftMinor(ctx.db, activity.id) : null,
      needsJoin: joinRequired(activity),
      joined: mine.joined,
      myClaims: mine.claims,
      serverTime: iso(at),
    };
  });

  registerCall(app, activityCheck, async (ctx) => {
    const activity = await visibleActivity(ctx.db, ctx.siteId, ctx.request.id, ACTIVITY_KINDS);
    return { id: activity.id, kind: activity.kind, title: activity.title, status: statusAt(activity, now(ctx)), paused: activity.state === 'paused' };
  });

  registerCall(app, activityBanners, async (ctx) => {
    const at = now(ctx);
    const list = (await listedActivities(ctx.db, ctx.siteId, at))
      .map((activity) => ({ activity, summary: summaryOf(activity, at) }))
      .filter(({ activity, summary }) => summary.bannerUrl !== '' && summary.status !== 2 && activity.state === 'published')
      .map(({ summary }) => ({ id: summary.id, kind: summary.kind, title: summary.title, bannerUrl: summary.bannerUrl, status: summary.status }));
    return { list };
  });

  registerCall(app, activityEntryCheck, async (ctx) => {
    const member = ctx.requireMember();
    const activity = await visibleActivity(ctx.db, ctx.siteId, ctx.request.id, ACTIVITY_KINDS);
    const joined = await hasClaim(ctx.db, activity.id, member.id, ENTRY_CLAIM_KEY);
    const answer = { needsJoin: joinRequired(activity), joined };
    try {
      // Run in a transaction that always rolls back, so the check can never leave a trace.
      await ctx.db.transaction(async (tx) => {
        await entryRefusal(tx, ctx.siteId, activity.id, member.id, now(ctx));
        throw new CheckPassed();
      });
    } catch (error) {
      if (error instanceof CheckPassed) return { allowed: true, code: 0, reason: '', ...answer };
      if (error instanceof BusinessError && error.status === 200) return { allowed: false, code: error.code, reason: error.message, ...answer };
      throw error;
    }
    throw new Error('unreachable: the entry check always throws');
  });

  registerCall(app, activityEntryInsert, async (ctx) => {
    const member = ctx.requireMember();
    const at = now(ctx);
    return ctx.db.transaction(async (tx) => {
      const activity = await liveActivity(tx, ctx.siteId, ctx.request.id, ACTIVITY_KINDS, at);
      if (!joinRequired(activity)) throw new BusinessError('activityJoinNotRequired', `activity ${activity.id} needs no joining: take part on its page`);
      await checkClaim(tx, activity, member.id, at, { termsVersion: ctx.request.termsVersion, amountMinor: 0, claimKey: ENTRY_CLAIM_KEY });
      const paid = await payReward(tx, { activity, memberId: member.id, claimKey: ENTRY_CLAIM_KEY, amountMinor: 0, wallet: 'centre', termsVersion: ctx.request.termsVersion, now: at });
      const { rows } = await tx.query<{ created_at: Date }>('SELECT created_at FROM promo_claims WHERE id = $1', [paid.claimId]);
      return { activityId: activity.id, joinedAt: iso(rows[0]!.created_at), fresh: paid.fresh };
    });
  });

  registerCall(app, activityEntryList, async (ctx) => {
    const member = ctx.requireMember();
    const at = now(ctx);
    const { rows } = await ctx.db.query<Parameters<typeof activityOf>[0] & { joined_at: Date }>(
      `SELECT ${ACTIVITY_COLUMNS.split(', ').map((column) => `a.${column}`).join(', ')}, c.created_at AS joined_at
         FROM promo_claims c JOIN promo_activities a ON a.id = c.activity_id
        WHERE c.member_id = $1 AND c.claim_key = $2 AND a.site_id = $3 AND a.state <> 'draft'
        ORDER BY c.created_at DESC, c.id DESC LIMIT ${LIST_MAX}`,
      [member.id, ENTRY_CLAIM_KEY, ctx.siteId],
    );
    return {
      list: rows.map((row) => {
        const activity = activityOf(row);
        return { activityId: activity.id, kind: activity.kind, title: activity.title, status: statusAt(activity, at), joinedAt: iso(row.joined_at) };
      }),
    };
  });

  registerCall(app, activityContentForm, async (ctx) => {
    const activity = await visibleActivity(ctx.db, ctx.siteId, ctx.request.id, ACTIVITY_KINDS);
    return { fields: formOf(activity.config) };
  });

  registerCall(app, discountApply, async (ctx) => {
    const member = ctx.requireMember();
    const at = now(ctx);
    const { id, termsVersion } = ctx.request;
    const answers = ctx.request.form ?? {};
    return ctx.db.transaction(async (tx) => {
      const activity = await liveActivity(tx, ctx.siteId, id, 'discount', at);
      const rules = discountRules(activity.config);
      const formProblem = formAnswerProblem(rules.form, answers);
      if (formProblem) throw new BusinessError('activityFormInvalid', formProblem);
      const claimKey = discountClaimKey(activity, at);
      if (await hasClaim(tx, activity.id, member.id, claimKey)) throw new BusinessError('activityAlreadyApplied', alreadyApplied(activity));
      await checkClaim(tx, activity, member.id, at, { termsVersion, amountMinor: rules.rewardMinor, claimKey });
      if (joinRequired(activity) && !(await hasClaim(tx, activity.id, member.id, ENTRY_CLAIM_KEY))) throw new BusinessError('activityNotJoined', `join activity ${id} first`);
      const form = Object.fromEntries(rules.form.filter((field) => Object.hasOwn(answers, field.name)).map((field) => [field.name, answers[field.name]!.trim()]));
      const detail = { form };
      const fresh = rules.wallet === 'bonus'
        ? (await grantBonus(tx, {
            activity, memberId: member.id, claimKey, amountMinor: rules.rewardMinor, multiple: rules.wageringMultiple, termsVersion, now: at, detail,
            expiresAt: new Date(at.getTime() + rules.bonusDays * DAY_MS), maxBetMinor: rules.maxBetMinor,
          })).fresh
        : (await payReward(tx, { activity, memberId: member.id, claimKey, amountMinor: rules.rewardMinor, wallet: 'centre', termsVersion, now: at, detail })).fresh;
      // Two applications racing past the first look: the lock in checkClaim lets one pay; the other finds it paid here.
      if (!fresh) throw new BusinessError('activityAlreadyApplied', alreadyApplied(activity));
      return { activityId: activity.id, claimKey, amountMinor: rules.rewardMinor, wallet: rules.wallet, wageringMultiple: rules.wageringMultiple };
    });
  }, { idempotency: 'ledger' });
}
