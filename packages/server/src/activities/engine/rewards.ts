import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { applyTransfers, ensureAccounts, LedgerError } from '../../ledger/index.js';
import { CENTRE_WALLET_ONLY, type Activity, type RewardWallet } from './activity-types.js';

/** The ledger account of an activity's budget: a system account that cannot go below zero. */
export const budgetKind = (activityId: number) => `promo_budget:${activityId}` as const;

/** One reward to pay: `claimKey` names the claim inside the activity (e.g. `sign:2026-11-26`), unique per member. */
export interface RewardInput {
  activity: Pick<Activity, 'id' | 'siteId' | 'kind'>;
  memberId: number;
  claimKey: string;
  amountMinor: number;
  /** Always the centre wallet: bonus money is paid by grantBonus alone (payBonusReward). */
  wallet: 'centre';
  /** What the claim records beside the money (the draw's outcome, the day signed...). */
  detail?: Record<string, unknown>;
  /** The terms version the member was shown. */
  termsVersion: number;
  now: Date;
}

export interface PaidReward {
  claimId: number;
  amountMinor: number;
  wallet: RewardWallet;
  /** False when this claim was paid before (the first payment's figures are answered). */
  fresh: boolean;
  detail: Record<string, unknown>;
}

/**
 * The wallet an activity of a kind without wagering terms pays into: the centre wallet.
 * An activity written before that rule whose config still names `wallet: 'bonus'` is
 * refused (activityInvalid) and pays nothing until the operator sets `'centre'`.
 *
 * @example centreWalletOf(activity) // 'centre'
 */
export function centreWalletOf(activity: Pick<Activity, 'id' | 'config'>): 'centre' {
  const wallet = activity.config.wallet;
  if (wallet !== undefined && wallet !== 'centre') throw new BusinessError('activityInvalid', `activity ${activity.id}: ${CENTRE_WALLET_ONLY}`);
  return 'centre';
}

/**
 * Pays one reward from the activity's budget into the member's centre wallet, inside `tx`:
 * one row in `promo_claims` (unique per activity, member and claim key, so a repeat
 * answers the first payment) and one ledger transfer from `promo_budget:<id>`. A budget
 * too small refuses with `activityBudgetSpent` and nothing is written (the budget
 * account's flag stops it below zero; a zero amount records the claim without money).
 * Any other wallet is refused before anything is written: bonus money is paid by
 * grantBonus alone, with its wagering terms (a backstop: the kinds' configs refuse it).
 *
 * @example await db.transaction((tx) => payReward(tx, { activity, memberId, claimKey: 'sign:2026-11-26', amountMinor: 2_00, wallet: 'centre', termsVersion: 1, now }));
 */
export async function payReward(tx: Queryable, input: RewardInput): Promise<PaidReward> {
  // The type says 'centre'; configs are JSON, so the value is checked as well.
  const wallet: unknown = input.wallet;
  if (wallet !== 'centre') throw new Error(`payReward pays the centre wallet only, not '${String(wallet)}': bonus money goes through grantBonus (docs/BONUS-WAGERING.md)`);
  return payInto(tx, input, 'centre');
}

/**
 * Pays a reward into the member's bonus wallet (ledger code `promo_bonus`). Only
 * `grantBonus` (activities/bonus/bonus-service.ts) calls it, in the transaction that also
 * records the grant's wagering terms; it is not exported from the engine's index, and a
 * layout test keeps every other file from importing it.
 */
export async function payBonusReward(tx: Queryable, input: Omit<RewardInput, 'wallet'>): Promise<PaidReward> {
  return payInto(tx, input, 'bonus');
}

async function payInto(tx: Queryable, input: Omit<RewardInput, 'wallet'>, wallet: RewardWallet): Promise<PaidReward> {
  const { activity, memberId, claimKey, amountMinor } = input;
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new Error(`reward amount must be a non-negative integer, got ${amountMinor}`);
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO promo_claims (activity_id, member_id, claim_key, amount_minor, wallet, terms_version, detail, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (activity_id, member_id, claim_key) DO NOTHING RETURNING id`,
    [activity.id, memberId, claimKey, amountMinor, wallet, input.termsVersion, JSON.stringify(input.detail ?? {}), input.now],
  );
  if (!inserted.rows[0]) {
    const { rows } = await tx.query<{ id: number; amount_minor: number; wallet: RewardWallet; detail: Record<string, unknown> }>(
      'SELECT id, amount_minor, wallet, detail FROM promo_claims WHERE activity_id = $1 AND member_id = $2 AND claim_key = $3',
      [activity.id, memberId, claimKey],
    );
    const first = rows[0]!;
    return { claimId: first.id, amountMinor: Number(first.amount_minor), wallet: first.wallet, fresh: false, detail: first.detail };
  }
  const claimId = inserted.rows[0].id;
  if (amountMinor > 0) {
    const [budget, target] = await ensureAccounts(tx, [
      { memberId: null, kind: budgetKind(activity.id), currency: 'CNY' },
      { memberId, kind: wallet, currency: 'CNY' },
    ]);
    try {
      await applyTransfers(tx, [{
        debitAccountId: budget!.id, creditAccountId: target!.id, amountMinor, currency: 'CNY',
        code: wallet === 'bonus' ? 'promo_bonus' : 'promo_reward', reference: `promo:${activity.id}:${memberId}:${claimKey}`,
      }]);
    } catch (error) {
      if (error instanceof LedgerError && error.rule === 'exceedsBalance') {
        throw new BusinessError('activityBudgetSpent', `activity ${activity.id}'s budget cannot pay ${amountMinor} more`);
      }
      throw error;
    }
  }
  return { claimId, amountMinor, wallet, fresh: true, detail: input.detail ?? {} };
}
