import { atom } from 'nanostores';
import type { MemberInfo } from '../contract/index.js';
import { updateStore, type UpdateResult } from './update.js';

/**
 * The logged-in member's info, or null for a visitor. Cleared on logout.
 *
 * @example $member.get()?.nickName
 */
export const $member = atom<MemberInfo | null>(null);

/**
 * Stores the member from a user-info response. A member that is not an object leaves the
 * state unchanged (spec section 8: a failed user-info response does not update user info).
 *
 * @example setMember(response.member)
 */
export function setMember(member: MemberInfo): UpdateResult {
  return updateStore($member, () => {
    if (typeof member !== 'object' || member === null) throw new TypeError('member info must be an object');
    return member;
  });
}

/** Forgets the member (logout). @example resetMember() */
export function resetMember(): void {
  $member.set(null);
}
