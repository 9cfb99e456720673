import type { Queryable } from '../db/database.js';
import { memberAccounts } from './account-repository.js';

/** Balances of a member by account kind, in minor units; a missing account holds 0. */
export type BalancesByKind = ReadonlyMap<string, number>;

/**
 * Reads a member's balances without creating accounts.
 *
 * @example (await balancesOf(db, memberId)).get('centre') // 100_00
 */
export async function balancesOf(q: Queryable, memberId: number): Promise<BalancesByKind> {
  const accounts = await memberAccounts(q, memberId);
  return new Map(accounts.map((account) => [account.kind, account.balanceMinor]));
}
