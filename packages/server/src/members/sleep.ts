import { MEMBER_STATUS, type MemberRow } from './member-repository.js';

/**
 * The sleep rule (the spec names sleep check and activate but not the rule): a member
 * with no login or activation for 90 days is asleep. A sleeping member cannot log in
 * (memberSleeping) until it activates with its name and password (the activate call),
 * which wakes it and counts as activity. A disabled member stays disabled either way.
 */
export const SLEEP_AFTER_DAYS = 90;
const SLEEP_AFTER_MS = SLEEP_AFTER_DAYS * 24 * 3600 * 1000;

/** True when the member is asleep now: marked sleeping, or active but idle too long. */
export function isAsleep(member: Pick<MemberRow, 'status' | 'lastActiveAtMs'>, nowMs: number): boolean {
  if (member.status === MEMBER_STATUS.sleeping) return true;
  return member.status === MEMBER_STATUS.active && nowMs - member.lastActiveAtMs > SLEEP_AFTER_MS;
}
