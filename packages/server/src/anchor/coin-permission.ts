import { CODE, type CallResponse, type checkBuyCoinPermission } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { MEMBER_STATUS, findMemberById } from '../members/member-repository.js';
import type { FinanceSettings } from '../wallet/finance-settings.js';

/** Spec section 3: "Permission check response: code (0 allowed), msg". */
export type CoinPermission = CallResponse<typeof checkBuyCoinPermission>;

/**
 * May the member buy coins? The spec leaves the rules to the server ("rules not shown");
 * these are the ones an operator needs: the member is active (not sleeping, not
 * disabled) and the brand has coin purchases open. The balance is not a permission
 * question: a purchase above it is refused with `exceedsBalance`.
 *
 * @example (await coinPermission(db, memberId, settings)).code === 0 // allowed
 */
export async function coinPermission(q: Queryable, memberId: number, settings: FinanceSettings): Promise<CoinPermission> {
  const member = await findMemberById(q, memberId);
  if (!member) return { code: CODE.memberNotFound, msg: 'member not found' };
  if (member.status === MEMBER_STATUS.sleeping) return { code: CODE.memberSleeping, msg: 'the account is asleep; activate it first' };
  if (member.status !== MEMBER_STATUS.active) return { code: CODE.memberDisabled, msg: 'the account is disabled' };
  if (!settings.coinPurchaseOpen) return { code: CODE.buyCoinNotAllowed, msg: 'coin purchases are closed' };
  return { code: CODE.success, msg: 'ok' };
}
