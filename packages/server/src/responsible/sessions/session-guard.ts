import type { Queryable } from '../../db/database.js';
import type { BusinessError } from '../../http/errors.js';
import type { PlayRequest } from '../guard.js';
import { sessionLimitRefusal } from './session-service.js';

/**
 * The refusal of a request by the member's session-time limit, or null (issue 22; UKGC RTS
 * 13, MGA PPD): once the play session (the member's earliest live login) has lasted the
 * limit, every door into play refuses with sessionTimeLimitReached until the member logs
 * out and in again; a member with a limit and no live login is refused too. Wins,
 * settlements and withdrawals never ask. A member without a session limit costs one
 * primary-key read.
 */
export async function sessionRefusal(tx: Queryable, request: PlayRequest): Promise<BusinessError | null> {
  if (request.door === 'activityReward') return null;
  return sessionLimitRefusal(tx, request.memberId, request.at);
}
