import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { ACCOUNT_FLAG } from '../../ledger/index.js';
import { statusAt, type Activity, type ActivityKind } from './activity-types.js';
import { budgetKind } from './rewards.js';

interface ActivityRow {
  id: number; site_id: number; kind: ActivityKind; title: string; category: string; sort: number; config: Record<string, unknown>;
  state: Activity['state']; starts_at: Date; ends_at: Date; terms_text: string; terms_version: number; eligibility: Activity['eligibility'];
  caps: Activity['caps']; one_reward_per: Activity['oneRewardPer']; budget_minor: string | number; created_at: Date; updated_at: Date;
}

export const ACTIVITY_COLUMNS = 'id, site_id, kind, title, category, sort, config, state, starts_at, ends_at, terms_text, terms_version, eligibility, caps, one_reward_per, budget_minor, created_at, updated_at';

export function activityOf(row: ActivityRow): Activity {
  return {
    id: row.id, siteId: row.site_id, kind: row.kind, title: row.title, category: row.category, sort: row.sort, config: row.config,
    state: row.state, startsAt: row.starts_at, endsAt: row.ends_at, termsText: row.terms_text, termsVersion: row.terms_version,
    eligibility: row.eligibility, caps: row.caps, oneRewardPer: row.one_reward_per, budgetMinor: Number(row.budget_minor),
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

/** One activity by id, of any brand and state; undefined when there is none. */
export async function activityById(q: Queryable, id: number): Promise<Activity | undefined> {
  const { rows } = await q.query<ActivityRow>(`SELECT ${ACTIVITY_COLUMNS} FROM promo_activities WHERE id = $1`, [id]);
  return rows[0] ? activityOf(rows[0]) : undefined;
}

/**
 * The brand's published activity `id` of `kind` as a member sees it: `activityNotFound`
 * for another brand's, another kind's, a draft or an unknown id (a preview reads drafts
 * through the engine's preview call, not here).
 *
 * @example const activity = await visibleActivity(ctx.db, ctx.siteId, request.id, 'sign_in');
 */
export async function visibleActivity(q: Queryable, siteId: number, id: number, kind: ActivityKind | readonly ActivityKind[]): Promise<Activity> {
  const activity = await activityById(q, id);
  const kinds: readonly ActivityKind[] = typeof kind === 'string' ? [kind] : kind;
  if (!activity || activity.siteId !== siteId || !kinds.includes(activity.kind) || activity.state === 'draft') {
    throw new BusinessError('activityNotFound', `no activity ${id} of kind ${kinds.join(' or ')}`);
  }
  return activity;
}

/**
 * visibleActivity, and in progress at `now` (published, not paused, inside its window):
 * otherwise `activityNotLive` naming why. Every claim goes through here.
 */
export async function liveActivity(q: Queryable, siteId: number, id: number, kind: ActivityKind | readonly ActivityKind[], now: Date): Promise<Activity> {
  const activity = await visibleActivity(q, siteId, id, kind);
  if (activity.state === 'paused') throw new BusinessError('activityNotLive', `activity ${id} is paused`);
  const status = statusAt(activity, now);
  if (status === 0) throw new BusinessError('activityNotLive', `activity ${id} has not started`);
  if (status === 2) throw new BusinessError('activityNotLive', `activity ${id} has ended`);
  return activity;
}

/** The activity's budget account, created flagged so it never goes below zero. */
export async function ensureBudgetAccount(q: Queryable, activityId: number): Promise<void> {
  await q.query(
    'INSERT INTO ledger_accounts (member_id, kind, currency, flags) VALUES (NULL, $1, $2, $3) ON CONFLICT DO NOTHING',
    [budgetKind(activityId), 'CNY', ACCOUNT_FLAG.debitsMustNotExceedCredits],
  );
}
