import type { FastifyInstance } from 'fastify';
import {
  activityPagePath,
  activityAccess, opsActivityBlacklist, opsActivityCreate, opsActivityDetail, opsActivityEnd, opsActivityList, opsActivityPause, opsActivityPreview, opsActivityPublish,
  opsActivityResume, opsActivityUpdate, type OpsActivity,
} from '@lobby/sdk';
import { joinedTransaction, type Queryable } from '../../db/database.js';
import { settleRace } from '../race/index.js';
import { BusinessError } from '../../http/errors.js';
import type { CallContext } from '../../http/register-call.js';
import { registerCall } from '../../http/register-call.js';
import { activityById } from './activity-repository.js';
import {
  activitiesOfSite, budgetLeftMinor, createActivity, endActivity, pauseActivity, publishActivity, resumeActivity, updateActivity, type ActivityPatch,
} from './activity-service.js';
import { statusAt, type Activity, type ActivityInput, type ActivityKind } from './activity-types.js';
import { isBlacklisted, setBlacklisted } from './claims.js';

/** The member's page of each kind (spec section 2; the site's activities/shared/activity-routes.ts keeps the same map). */

/** The member's page of an activity. */
export const pagePathOf = (activity: Pick<Activity, 'id' | 'kind'>): string => activityPagePath(activity.kind, activity.id);

/** An activity as the desk shows it, with its money so far. */
async function deskView(q: Queryable, activity: Activity, now: Date): Promise<OpsActivity> {
  const { rows } = await q.query<{ claims: string | number; members: string | number; paid: string | number }>(
    'SELECT count(*) AS claims, count(DISTINCT member_id) AS members, coalesce(sum(amount_minor), 0) AS paid FROM promo_claims WHERE activity_id = $1',
    [activity.id],
  );
  return {
    id: activity.id, siteId: activity.siteId, kind: activity.kind, title: activity.title, category: activity.category, sort: activity.sort, config: activity.config,
    state: activity.state, status: statusAt(activity, now), startsAt: activity.startsAt.toISOString(), endsAt: activity.endsAt.toISOString(), termsText: activity.termsText,
    termsVersion: activity.termsVersion, eligibility: activity.eligibility, caps: activity.caps, oneRewardPer: activity.oneRewardPer, budgetMinor: activity.budgetMinor,
    budgetLeftMinor: await budgetLeftMinor(q, activity.id), claims: Number(rows[0]?.claims ?? 0), members: Number(rows[0]?.members ?? 0), paidMinor: Number(rows[0]?.paid ?? 0),
    pagePath: pagePathOf(activity), createdAt: activity.createdAt.toISOString(), updatedAt: activity.updatedAt.toISOString(),
  };
}

/** A time field of a request; activityInvalid naming the field when it is not a time. */
function timeOf(text: string, field: string): Date {
  const time = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(time.getTime())) throw new BusinessError('activityInvalid', `${field}: ${text} is not an ISO 8601 time`);
  return time;
}

/**
 * The operator's activity desk (/ops/v1/activity/*) and the member's access check
 * (issue 20; docs/PROMOTIONS.md "Operator desk").
 */
export function activityOpsRoutes(app: FastifyInstance): void {
  const now = (ctx: CallContext<unknown>) => new Date(ctx.services.providers.clock.now());
  const found = async (ctx: CallContext<unknown>, id: number) => {
    const activity = await activityById(ctx.db, id);
    if (!activity) throw new BusinessError('activityNotFound', `no activity ${id}`);
    return activity;
  };

  registerCall(app, opsActivityCreate, async (ctx) => {
    const { siteId, startsAt, endsAt, kind, ...rest } = ctx.request;
    const input: ActivityInput = { ...rest, kind: kind as ActivityKind, config: rest.config ?? {}, startsAt: timeOf(startsAt, 'startsAt'), endsAt: timeOf(endsAt, 'endsAt') };
    const created = await createActivity(ctx.db, siteId, input, now(ctx));
    return deskView(ctx.db, created, now(ctx));
  }, { idempotency: 'ledger' });

  registerCall(app, opsActivityUpdate, async (ctx) => {
    const { id, startsAt, endsAt, ...rest } = ctx.request;
    await found(ctx, id);
    const patch: ActivityPatch = { ...rest };
    if (startsAt !== undefined) patch.startsAt = timeOf(startsAt, 'startsAt');
    if (endsAt !== undefined) patch.endsAt = timeOf(endsAt, 'endsAt');
    return deskView(ctx.db, await updateActivity(ctx.db, id, patch, now(ctx)), now(ctx));
  });

  registerCall(app, opsActivityPublish, async (ctx) => deskView(ctx.db, await publishActivity(ctx.db, ctx.request.id, now(ctx)), now(ctx)));
  registerCall(app, opsActivityPause, async (ctx) => deskView(ctx.db, await pauseActivity(ctx.db, ctx.request.id, now(ctx)), now(ctx)));
  registerCall(app, opsActivityResume, async (ctx) => deskView(ctx.db, await resumeActivity(ctx.db, ctx.request.id, now(ctx)), now(ctx)));
  registerCall(app, opsActivityDetail, async (ctx) => deskView(ctx.db, await found(ctx, ctx.request.id), now(ctx)));

  registerCall(app, opsActivityEnd, async (ctx) => {
    const found = await activityById(ctx.db, ctx.request.id);
    // A race ended early pays its prizes by the board at the end, before the budget goes back (the end fails, changing nothing, when the budget cannot pay them).
    const settleFirst = found?.kind === 'race' ? (tx: Queryable, ended: Activity) => settleRace(joinedTransaction(tx, ctx.db.kind), ended, now(ctx)) : undefined;
    const { activity, returnedMinor } = await endActivity(ctx.db, ctx.request.id, now(ctx), settleFirst);
    return { activity: await deskView(ctx.db, activity, now(ctx)), returnedMinor };
  });

  registerCall(app, opsActivityList, async (ctx) => {
    const activities = await activitiesOfSite(ctx.db, ctx.request.siteId, ctx.request.state, ctx.request.limit ?? 200);
    const at = now(ctx);
    const list: OpsActivity[] = [];
    for (const activity of activities) list.push(await deskView(ctx.db, activity, at));
    return { list };
  });

  registerCall(app, opsActivityPreview, async (ctx) => {
    const activity = await found(ctx, ctx.request.id);
    const at = ctx.request.at === undefined ? now(ctx) : timeOf(ctx.request.at, 'at');
    const status = statusAt(activity, at);
    const notes: string[] = [];
    if (activity.state === 'draft') notes.push('a draft: publish it first');
    if (activity.state === 'paused') notes.push('paused: resume it first');
    if (activity.state === 'ended') notes.push('ended for good');
    if (status === 0) notes.push(`not started: opens at ${activity.startsAt.toISOString()}`);
    if (status === 2 && activity.state !== 'ended') notes.push(`its window closed at ${activity.endsAt.toISOString()}`);
    const left = await budgetLeftMinor(ctx.db, activity.id);
    if (left === 0 && activity.state !== 'ended') notes.push('its budget is spent: rewards would be refused');
    const path = pagePathOf(activity);
    return {
      activity: await deskView(ctx.db, activity, now(ctx)), at: at.toISOString(), status, open: activity.state === 'published' && status === 1,
      notes, previewPath: `${path}${path.includes('?') ? '&' : '?'}preview=1`,
    };
  });

  registerCall(app, opsActivityBlacklist, async (ctx) => {
    const { memberId, blacklisted, reason } = ctx.request;
    const exists = await ctx.db.query('SELECT 1 FROM members WHERE id = $1', [memberId]);
    if (exists.rows.length === 0) throw new BusinessError('invalidField', `memberId: no member ${memberId}`);
    await setBlacklisted(ctx.db, memberId, blacklisted, reason ?? '', 'operator', now(ctx));
    return { memberId, blacklisted };
  });

  registerCall(app, activityAccess, async (ctx) => ({ blacklisted: await isBlacklisted(ctx.db, ctx.requireMember().id) }));
}
