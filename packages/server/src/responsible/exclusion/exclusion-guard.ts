import type { Queryable } from '../../db/database.js';
import type { BusinessError } from '../../http/errors.js';
import type { PlayRequest } from '../guard.js';
import { breakRefusal } from './exclusion-service.js';

/**
 * The refusal of a request by a time-out or self-exclusion in force (or its cooling-off, or
 * a return not yet confirmed), or null. Every door asks it (deposit, transfers in, seamless
 * and sportsbook bets, coin purchases, game launch, activity rewards); an operator-wide break
 * taken on another brand by the same person counts. Withdrawals, logins and reads never ask.
 */
export async function exclusionRefusal(tx: Queryable, request: PlayRequest): Promise<BusinessError | null> {
  return breakRefusal(tx, request.memberId, request.at);
}
