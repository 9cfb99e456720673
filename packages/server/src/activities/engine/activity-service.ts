import type { Database, Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { applyTransfers, ensureAccounts, ensureSystemAccount } from '../../ledger/index.js';
import { ACTIVITY_COLUMNS, activityOf, ensureBudgetAccount } from './activity-repository.js';
import {
  ACTIVITY_KINDS, SHARED_IDENTITY_KEYS, type Activity, type ActivityInput, type ActivityKind, type ActivityState, type Caps, type Eligibility, type SharedIdentityKey,
} from './activity-types.js';
import { brandLimitProblem, configProblem } from './kinds.js';
import { budgetKind } from './rewards.js';
import { isObject } from './config-values.js';

/** The longest terms text an operator may write, in characters (our choice: a long set of rules is about 5,000). */
export const TERMS_TEXT_MAX = 20_000;
/** The largest budget one activity may hold, minor units (100 million yuan): a typo guard, not a business rule. */
export const BUDGET_MAX_MINOR = 10_000_000_000;
/** The largest config an activity may carry, in characters of JSON. */
export const CONFIG_JSON_MAX = 100_000;
/** A category name: lower-case words the list's tabs group by. */
const CATEGORY_PATTERN = /^[a-z0-9_-]{1,32}$/;

/** Fields of an activity the operator may change; the kind never changes. */
export type ActivityPatch = Partial<Omit<ActivityInput, 'kind'>>;

type ActivityRow = Parameters<typeof activityOf>[0];

const invalid = (message: string): never => {
  throw new BusinessError('activityInvalid', message);
};

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function checkEligibility(value: unknown): Eligibility {
  if (value === undefined) return {};
  if (!isObject(value)) return invalid('eligibility must be an object');
  const known = ['minDepositMinor', 'depositsSince', 'minTurnoverMinor', 'minVipLevel', 'registeredWithinDays', 'registeredBeforeStart', 'requirePhone', 'requireRealName'];
  for (const key of Object.keys(value)) if (!known.includes(key)) invalid(`eligibility.${key} is not a condition (known: ${known.join(', ')})`);
  for (const key of ['minDepositMinor', 'minTurnoverMinor'] as const) {
    if (value[key] !== undefined && (!isCount(value[key]) || (value[key] as number) > BUDGET_MAX_MINOR)) invalid(`eligibility.${key} must be a whole number of minor units from 0 to ${BUDGET_MAX_MINOR}`);
  }
  if (value.minVipLevel !== undefined && (!isCount(value.minVipLevel) || value.minVipLevel > 10)) invalid('eligibility.minVipLevel must be a VIP level from 0 to 10');
  if (value.registeredWithinDays !== undefined && (!isCount(value.registeredWithinDays) || value.registeredWithinDays < 1 || value.registeredWithinDays > 3650)) {
    invalid('eligibility.registeredWithinDays must be whole days from 1 to 3650');
  }
  if (value.depositsSince !== undefined && value.depositsSince !== 'window' && value.depositsSince !== 'ever') invalid("eligibility.depositsSince must be 'window' or 'ever'");
  for (const key of ['registeredBeforeStart', 'requirePhone', 'requireRealName'] as const) {
    if (value[key] !== undefined && typeof value[key] !== 'boolean') invalid(`eligibility.${key} must be true or false`);
  }
  return value as Eligibility;
}

function checkCaps(value: unknown): Caps {
  if (value === undefined) return {};
  if (!isObject(value)) return invalid('caps must be an object');
  const known = ['perMemberMinor', 'claimsPerMember', 'perCampaignMinor'];
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) invalid(`caps.${key} is not a cap (known: ${known.join(', ')})`);
    const cap = value[key];
    if (!isCount(cap) || cap < 1 || cap > BUDGET_MAX_MINOR) invalid(`caps.${key} must be a whole number from 1 to ${BUDGET_MAX_MINOR}`);
  }
  return value as Caps;
}

function checkOneRewardPer(value: unknown): SharedIdentityKey[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return invalid('oneRewardPer must be a list');
  const keys: SharedIdentityKey[] = [];
  for (const key of value) {
    if (!(SHARED_IDENTITY_KEYS as readonly unknown[]).includes(key)) invalid(`oneRewardPer: ${String(key)} is not one of ${SHARED_IDENTITY_KEYS.join(', ')}`);
    if (!keys.includes(key as SharedIdentityKey)) keys.push(key as SharedIdentityKey);
  }
  return keys;
}

function checkTime(value: unknown, field: string): Date {
  const time = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  if (!time || Number.isNaN(time.getTime())) return invalid(`${field} must be a time`);
  if (time.getUTCFullYear() < 2000 || time.getUTCFullYear() > 2200) invalid(`${field} must lie between the years 2000 and 2200`);
  return time;
}

function checkTitle(value: unknown): string {
  if (typeof value !== 'string') return invalid('title must be text');
  const title = value.trim();
  if (title.length < 1 || title.length > 120) invalid('title must be 1 to 120 characters');
  return title;
}

function checkConfig(kind: ActivityKind, config: unknown): Record<string, unknown> {
  const problem = configProblem(kind, config);
  if (problem !== null) invalid(problem.startsWith('config') ? problem : `config: ${problem}`);
  if (JSON.stringify(config).length > CONFIG_JSON_MAX) invalid(`config must be at most ${CONFIG_JSON_MAX} characters of JSON`);
  return config as Record<string, unknown>;
}

function checkBudget(value: unknown): number {
  if (!isCount(value) || value > BUDGET_MAX_MINOR) return invalid(`budgetMinor must be a whole number of minor units from 0 to ${BUDGET_MAX_MINOR}`);
  return value;
}

/** Every field of an input checked; the problem named in an `activityInvalid` refusal. */
export function checkedInput(input: ActivityInput): ActivityInput {
  if (!isObject(input)) return invalid('the activity must be an object');
  if (!(ACTIVITY_KINDS as readonly unknown[]).includes(input.kind)) invalid(`kind: ${String(input.kind)} is not an activity kind (known: ${ACTIVITY_KINDS.join(', ')})`);
  const startsAt = checkTime(input.startsAt, 'startsAt');
  const endsAt = checkTime(input.endsAt, 'endsAt');
  if (endsAt <= startsAt) invalid('endsAt must be after startsAt');
  const category = input.category ?? 'all';
  if (typeof category !== 'string' || !CATEGORY_PATTERN.test(category)) invalid('category must be 1 to 32 lower-case letters, digits, _ or -');
  const sort = input.sort ?? 0;
  if (!Number.isSafeInteger(sort) || Math.abs(sort) > 1_000_000) invalid('sort must be a whole number from -1000000 to 1000000');
  if (typeof input.termsText !== 'string' || input.termsText.length > TERMS_TEXT_MAX) invalid(`termsText must be text of at most ${TERMS_TEXT_MAX} characters`);
  return {
    kind: input.kind,
    title: checkTitle(input.title),
    category,
    sort,
    config: checkConfig(input.kind, input.config),
    startsAt,
    endsAt,
    termsText: input.termsText,
    eligibility: checkEligibility(input.eligibility),
    caps: checkCaps(input.caps),
    oneRewardPer: checkOneRewardPer(input.oneRewardPer),
    budgetMinor: checkBudget(input.budgetMinor),
  };
}

/** Moves `amountMinor` from the house into the activity's budget account (a top-up's reference names the new total, so it moves once). */
async function fundBudget(tx: Queryable, activityId: number, amountMinor: number, totalMinor: number): Promise<void> {
  if (amountMinor <= 0) return;
  await ensureBudgetAccount(tx, activityId);
  const house = await ensureSystemAccount(tx, 'house', 'CNY');
  const [budget] = await ensureAccounts(tx, [{ memberId: null, kind: budgetKind(activityId), currency: 'CNY' }]);
  await applyTransfers(tx, [{
    debitAccountId: house.id, creditAccountId: budget!.id, amountMinor, currency: 'CNY', code: 'promo_budget_fund', reference: `promo_budget_fund:${activityId}:${totalMinor}`,
  }]);
}

async function lockedActivity(tx: Queryable, id: number): Promise<Activity> {
  const { rows } = await tx.query<ActivityRow>(`SELECT ${ACTIVITY_COLUMNS} FROM promo_activities WHERE id = $1 FOR UPDATE`, [id]);
  if (!rows[0]) throw new BusinessError('activityNotFound', `no activity ${id}`);
  return activityOf(rows[0]);
}

/**
 * Writes a new activity of brand `siteId` as a draft, with every field checked (the kind's
 * module checks `config`), and funds its budget account from the house with a ledger
 * transfer coded `promo_budget_fund`. Bad input: `activityInvalid` naming the problem,
 * and nothing is written.
 *
 * @example const draft = await createActivity(db, 4, { kind: 'display', title: 'Welcome', config: {}, startsAt, endsAt, termsText: '', budgetMinor: 0 }, now);
 */
export async function createActivity(db: Database, siteId: number, input: ActivityInput, now: Date): Promise<Activity> {
  const checked = checkedInput(input);
  return db.transaction(async (tx) => (await insertActivity(tx, siteId, checked, now, { state: 'draft' }))!);
}

/**
 * Inserts a checked activity inside `tx` and funds its budget. With a `seedKey`, an activity
 * of the brand already carrying that key is left alone (undefined is answered).
 */
export async function insertActivity(
  tx: Queryable, siteId: number, checked: ActivityInput, now: Date, options: { state: 'draft' | 'published'; seedKey?: string },
): Promise<Activity | undefined> {
  const site = await tx.query('SELECT 1 FROM sites WHERE site_id = $1', [siteId]);
  if (site.rows.length === 0) invalid(`siteId: ${siteId} is not a brand of this server`);
  const overLimit = await brandLimitProblem(tx, siteId, checked.kind, checked.config);
  if (overLimit) invalid(overLimit);
  const { rows } = await tx.query<ActivityRow>(
    `INSERT INTO promo_activities (site_id, kind, title, category, sort, config, state, starts_at, ends_at, terms_text, terms_version, eligibility, caps, one_reward_per, budget_minor, seed_key, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, $11, $12, $13, $14, $15, $16, $16)
     ON CONFLICT (site_id, seed_key) WHERE seed_key IS NOT NULL DO NOTHING RETURNING ${ACTIVITY_COLUMNS}`,
    [siteId, checked.kind, checked.title, checked.category, checked.sort, JSON.stringify(checked.config), options.state, checked.startsAt, checked.endsAt, checked.termsText,
      JSON.stringify(checked.eligibility), JSON.stringify(checked.caps), checked.oneRewardPer, checked.budgetMinor, options.seedKey ?? null, now],
  );
  if (!rows[0]) return undefined;
  const activity = activityOf(rows[0]);
  await ensureBudgetAccount(tx, activity.id);
  await fundBudget(tx, activity.id, checked.budgetMinor, checked.budgetMinor);
  return activity;
}

const TERMS_FIELDS = ['config', 'startsAt', 'endsAt', 'termsText', 'eligibility', 'caps', 'oneRewardPer'] as const;
/** JSON with object keys sorted, so a jsonb column read back compares equal to what was written. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().filter((key) => value[key] !== undefined).map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Changes an activity (not an ended one). A change of its terms (config, window, terms
 * text, eligibility, caps, abuse rule) bumps `termsVersion`, so a claim made on the old
 * terms is refused (activityTermsChanged). The budget may only grow: the top-up is funded
 * from the house at once; to take money back, end the activity.
 *
 * @example await updateActivity(db, id, { budgetMinor: 2_000_00, termsText: 'New rules' }, now);
 */
export async function updateActivity(db: Database, id: number, patch: ActivityPatch, now: Date): Promise<Activity> {
  if (!isObject(patch)) invalid('the change must be an object');
  return db.transaction(async (tx) => {
    const current = await lockedActivity(tx, id);
    if (current.state === 'ended') invalid(`activity ${id} has ended; it cannot change`);
    const kind = (patch as { kind?: unknown }).kind;
    // The kind names the module that runs the activity and its claims: it never changes.
    if (kind !== undefined && kind !== current.kind) invalid('kind cannot change; create a new activity');
    const defined = Object.fromEntries(Object.entries(patch).filter(([key, value]) => value !== undefined && key !== 'kind')) as ActivityPatch;
    const next = checkedInput({ ...current, ...defined, kind: current.kind });
    const overLimit = await brandLimitProblem(tx, current.siteId, current.kind, next.config);
    if (overLimit) invalid(overLimit);
    if (next.budgetMinor < current.budgetMinor) invalid(`budgetMinor can only grow (now ${current.budgetMinor}); end the activity to return what is left`);
    const termsChanged = TERMS_FIELDS.some((field) => !same(next[field], current[field]));
    const { rows } = await tx.query<ActivityRow>(
      `UPDATE promo_activities SET title = $2, category = $3, sort = $4, config = $5, starts_at = $6, ends_at = $7, terms_text = $8, eligibility = $9, caps = $10,
         one_reward_per = $11, budget_minor = $12, terms_version = terms_version + $13, updated_at = $14
       WHERE id = $1 RETURNING ${ACTIVITY_COLUMNS}`,
      [id, next.title, next.category, next.sort, JSON.stringify(next.config), next.startsAt, next.endsAt, next.termsText, JSON.stringify(next.eligibility),
        JSON.stringify(next.caps), next.oneRewardPer, next.budgetMinor, termsChanged ? 1 : 0, now],
    );
    await fundBudget(tx, id, next.budgetMinor - current.budgetMinor, next.budgetMinor);
    return activityOf(rows[0]!);
  });
}

/** Which operator moves each state allows, to which state; a move to the state it is in changes nothing. */
const MOVES: Record<'publish' | 'pause' | 'resume', { from: readonly ActivityState[]; to: ActivityState }> = {
  publish: { from: ['draft', 'paused'], to: 'published' },
  pause: { from: ['published'], to: 'paused' },
  resume: { from: ['paused'], to: 'published' },
};

async function move(db: Database, id: number, action: keyof typeof MOVES, now: Date): Promise<Activity> {
  return db.transaction(async (tx) => {
    const current = await lockedActivity(tx, id);
    const rule = MOVES[action];
    if (current.state === rule.to) return current;
    if (!rule.from.includes(current.state)) invalid(`activity ${id} is ${current.state}: it cannot ${action}`);
    const { rows } = await tx.query<ActivityRow>(`UPDATE promo_activities SET state = $2, updated_at = $3 WHERE id = $1 RETURNING ${ACTIVITY_COLUMNS}`, [id, rule.to, now]);
    return activityOf(rows[0]!);
  });
}

/** Puts a draft (or a paused activity) on the site; members see it from its start. Publishing again changes nothing. */
export const publishActivity = (db: Database, id: number, now: Date) => move(db, id, 'publish', now);
/** Holds a published activity: it stays listed, every claim is refused (activityNotLive). Pausing again changes nothing. */
export const pauseActivity = (db: Database, id: number, now: Date) => move(db, id, 'pause', now);
/** Takes a paused activity live again. Resuming a published one changes nothing. */
export const resumeActivity = (db: Database, id: number, now: Date) => move(db, id, 'resume', now);

/**
 * Closes an activity for good (any state) and returns what is left of its budget to the
 * house (`promo_budget_return`). Ending an ended activity changes nothing. A kind that pays
 * at its end (a race's prizes) settles before it is ended.
 *
 * @example const { activity, returnedMinor } = await endActivity(db, id, now);
 */
export async function endActivity(
  db: Database, id: number, now: Date, settleFirst?: (tx: Queryable, ended: Activity) => Promise<unknown>,
): Promise<{ activity: Activity; returnedMinor: number }> {
  return db.transaction(async (tx) => {
    const current = await lockedActivity(tx, id);
    if (current.state === 'ended') return { activity: current, returnedMinor: 0 };
    const { rows } = await tx.query<ActivityRow>(`UPDATE promo_activities SET state = 'ended', updated_at = $2 WHERE id = $1 RETURNING ${ACTIVITY_COLUMNS}`, [id, now]);
    // A kind that pays at its end (a race's prizes) pays from the budget before what is left goes back.
    if (settleFirst) await settleFirst(tx, activityOf(rows[0]!));
    await ensureBudgetAccount(tx, id);
    const house = await ensureSystemAccount(tx, 'house', 'CNY');
    const [budget] = await ensureAccounts(tx, [{ memberId: null, kind: budgetKind(id), currency: 'CNY' }]);
    const locked = await tx.query<{ balance_minor: string | number }>('SELECT balance_minor FROM ledger_accounts WHERE id = $1 FOR UPDATE', [budget!.id]);
    const left = Number(locked.rows[0]?.balance_minor ?? 0);
    if (left > 0) {
      await applyTransfers(tx, [{ debitAccountId: budget!.id, creditAccountId: house.id, amountMinor: left, currency: 'CNY', code: 'promo_budget_return', reference: `promo_budget_return:${id}` }]);
    }
    return { activity: activityOf(rows[0]!), returnedMinor: left };
  });
}

/** What is left in the activity's budget account, minor units. */
export async function budgetLeftMinor(q: Queryable, activityId: number): Promise<number> {
  const { rows } = await q.query<{ balance_minor: string | number }>(
    'SELECT balance_minor FROM ledger_accounts WHERE member_id IS NULL AND kind = $1 AND currency = $2',
    [budgetKind(activityId), 'CNY'],
  );
  return Number(rows[0]?.balance_minor ?? 0);
}

/** A brand's activities of every state (the operator's list), by sort then newest. */
export async function activitiesOfSite(q: Queryable, siteId: number, state?: ActivityState, limit = 200): Promise<Activity[]> {
  const { rows } = await q.query<ActivityRow>(
    `SELECT ${ACTIVITY_COLUMNS} FROM promo_activities WHERE site_id = $1 AND ($2::text IS NULL OR state = $2) ORDER BY sort, id DESC LIMIT $3`,
    [siteId, state ?? null, limit],
  );
  return rows.map(activityOf);
}
