import { BONUS_DEFAULT_WEIGHTS, fromMinor, VENUE_CATEGORIES, type BonusGrant } from '@lobby/sdk';
import type { Database, Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { applyTransfers, balancesOf, ensureAccounts, type TransferInput } from '../../ledger/index.js';
import { budgetKind, type Activity } from '../engine/index.js';
// The bonus wallet's one way in (docs/BONUS-WAGERING.md): only this file imports it.
import { payBonusReward } from '../engine/rewards.js';
import {
  betsSince, brandMaxMultiple, grantById, grantOfClaim, grantsOfMember, insertGrant, lockWagering, membersWagering, resolveGrant, type GrantRow,
} from './bonus-repository.js';
import { percentMet, wageringDone } from './wagering.js';

/** What grantBonus pays: a bonus into the member's 'bonus' wallet, with its wagering terms. */
export interface BonusInput {
  activity: Pick<Activity, 'id' | 'siteId' | 'kind'>;
  memberId: number;
  /** Names the claim inside the activity (e.g. `first:<billNo>`); a repeat answers the first grant. */
  claimKey: string;
  amountMinor: number;
  /** Turnover required = multiple x amount; refused (activityInvalid) above the brand's cap. */
  multiple: number;
  /** Percent per venue category; BONUS_DEFAULT_WEIGHTS where absent. */
  weights?: Partial<Record<number, number>>;
  expiresAt: Date;
  maxBetMinor: number;
  termsVersion: number;
  now: Date;
  detail?: Record<string, unknown>;
}

/** A grant with its progress, computed on read. */
export interface GrantProgress extends GrantRow {
  doneMinor: number;
}

/**
 * Pays a bonus from the activity's budget into the member's 'bonus' wallet (payBonusReward, the wallet's only way in)
 * and records its wagering terms, inside `tx`; idempotent per activity, member and claim
 * key (a repeat answers the first grant). Use inside the claim pattern, after checkClaim.
 *
 * @example const grant = await grantBonus(tx, { activity, memberId, claimKey: `first:${billNo}`, amountMinor: 20_00, multiple: 10, expiresAt, maxBetMinor: 50_00, termsVersion: 1, now });
 */
export async function grantBonus(tx: Queryable, input: BonusInput): Promise<{ grant: GrantRow; fresh: boolean }> {
  const { activity, memberId, amountMinor, multiple, now } = input;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new Error(`bonus amount must be a positive integer, got ${amountMinor}`);
  const cap = await brandMaxMultiple(tx, activity.siteId);
  if (!Number.isInteger(multiple) || multiple < 0 || multiple > cap) {
    throw new BusinessError('activityInvalid', `wagering multiple ${multiple} is above this brand's cap of ${cap}`);
  }
  if (input.expiresAt <= now) throw new Error('a bonus must expire after it is paid');
  const paid = await payBonusReward(tx, {
    activity, memberId, claimKey: input.claimKey, amountMinor, termsVersion: input.termsVersion, now,
    detail: { ...input.detail, multiple, maxBetMinor: input.maxBetMinor },
  });
  if (!paid.fresh) {
    const first = await grantOfClaim(tx, paid.claimId);
    if (!first) throw new Error(`claim ${paid.claimId} was paid without a bonus grant`);
    return { grant: first, fresh: false };
  }
  const weights = { ...BONUS_DEFAULT_WEIGHTS, ...input.weights };
  const id = await insertGrant(tx, {
    activityId: activity.id, memberId, claimId: paid.claimId, amountMinor, multiple, weights, maxBetMinor: input.maxBetMinor,
    termsVersion: input.termsVersion, grantedAt: now, expiresAt: input.expiresAt,
  });
  return { grant: (await grantById(tx, id))!, fresh: true };
}

/**
 * The member's bonuses with the turnover each counted, replayed from its bet records
 * (wagering.ts): nothing keeps a count beside the bets.
 */
export async function bonusesWithProgress(q: Queryable, memberId: number): Promise<GrantProgress[]> {
  const grants = await grantsOfMember(q, memberId);
  if (grants.length === 0) return [];
  const bets = await betsSince(q, memberId, grants[0]!.grantedAt);
  const done = wageringDone(grants.map((grant) => ({ ...grant, endsAt: grant.resolvedAt && grant.resolvedAt < grant.expiresAt ? grant.resolvedAt : grant.expiresAt })), bets);
  return grants.map((grant) => ({ ...grant, doneMinor: grant.status === 'converted' ? grant.requiredMinor : done.get(grant.id)! }));
}

/**
 * Converts every met wagering bonus of the member (bonus -> centre, one ledger transaction
 * each, reference `promo_bonus_convert:<id>`) and expires every due one (its amount back to
 * the activity's budget). Locks the member's wagering grants first, so a bonus ends once
 * however many readers race. Answers how many bonuses it ended.
 */
export async function settleBonuses(db: Database, memberId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const wagering = new Set(await lockWagering(tx, memberId));
    if (wagering.size === 0) return 0;
    let ended = 0;
    for (const grant of await bonusesWithProgress(tx, memberId)) {
      if (!wagering.has(grant.id)) continue;
      if (grant.doneMinor >= grant.requiredMinor) ended += Number(await endGrant(tx, grant, 'converted', now));
      else if (now >= grant.expiresAt) ended += Number(await endGrant(tx, grant, 'expired', now));
    }
    return ended;
  });
}

/**
 * Gives up a wagering bonus of the member: met bonuses convert first (a member never
 * forfeits money it already won the right to), then the rest goes back to the budget.
 */
export async function forfeitBonus(db: Database, memberId: number, grantId: number, now: Date): Promise<GrantRow> {
  await settleBonuses(db, memberId, now);
  return db.transaction(async (tx) => {
    const wagering = await lockWagering(tx, memberId);
    const grant = await grantById(tx, grantId);
    if (!grant || grant.memberId !== memberId) throw new BusinessError('bonusNotFound', `no bonus ${grantId} of yours`);
    if (!wagering.includes(grantId)) throw new BusinessError('bonusNotWagering', `bonus ${grantId} is ${grant.status}`);
    await endGrant(tx, grant, 'forfeited', now);
    return (await grantById(tx, grantId))!;
  });
}

/**
 * Ends one wagering grant and moves its money: converted into the centre wallet; forfeited
 * or expired back to the activity's budget (and on to the house when the activity has
 * ended, since its budget was returned then).
 */
async function endGrant(tx: Queryable, grant: GrantRow, status: 'converted' | 'forfeited' | 'expired', now: Date): Promise<boolean> {
  if (!(await resolveGrant(tx, grant.id, status, now))) return false;
  const [bonus, centre, budget, house] = await ensureAccounts(tx, [
    { memberId: grant.memberId, kind: 'bonus', currency: 'CNY' },
    { memberId: grant.memberId, kind: 'centre', currency: 'CNY' },
    { memberId: null, kind: budgetKind(grant.activityId), currency: 'CNY' },
    { memberId: null, kind: 'house', currency: 'CNY' },
  ]);
  const base = { amountMinor: grant.amountMinor, currency: 'CNY' as const, orderReference: null };
  const transfers: TransferInput[] = status === 'converted'
    ? [{ ...base, debitAccountId: bonus!.id, creditAccountId: centre!.id, code: 'promo_bonus_convert', reference: `promo_bonus_convert:${grant.id}` }]
    : [{ ...base, debitAccountId: bonus!.id, creditAccountId: budget!.id, code: 'promo_bonus_return', reference: `promo_bonus_return:${grant.id}` }];
  if (status !== 'converted' && grant.activityState === 'ended') {
    transfers.push({ ...base, debitAccountId: budget!.id, creditAccountId: house!.id, code: 'promo_budget_return', reference: `promo_bonus_return:${grant.id}:house` });
  }
  await applyTransfers(tx, transfers);
  return true;
}

/** Settles the wagering bonuses of up to `limit` members (the timer's round); answers how many bonuses ended. */
export async function settleDueBonuses(db: Database, now: Date, limit = 200): Promise<number> {
  let ended = 0;
  for (const memberId of await membersWagering(db, limit)) ended += await settleBonuses(db, memberId, now);
  return ended;
}

/** The member's 'bonus' wallet balance in minor units. */
export async function bonusWalletMinor(q: Queryable, memberId: number): Promise<number> {
  return (await balancesOf(q, memberId)).get('bonus') ?? 0;
}

/** A grant as the wire shows it (contract BonusGrant). */
export function bonusWire(grant: GrantProgress): BonusGrant {
  const yuan = (minor: number) => fromMinor(minor, 2);
  return {
    id: grant.id, activityId: grant.activityId, activityTitle: grant.activityTitle, kind: grant.activityKind,
    amount: yuan(grant.amountMinor), multiple: grant.multiple, required: yuan(grant.requiredMinor), done: yuan(grant.doneMinor),
    percent: percentMet(grant.doneMinor, grant.requiredMinor), status: grant.status,
    weights: VENUE_CATEGORIES.map((category) => ({ category, percent: grant.weights[category] ?? 0 })),
    maxBet: yuan(grant.maxBetMinor), grantedAt: grant.grantedAt.toISOString(), expiresAt: grant.expiresAt.toISOString(),
    resolvedAt: grant.resolvedAt ? grant.resolvedAt.toISOString() : null,
  };
}
