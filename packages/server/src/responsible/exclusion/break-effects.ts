import type { Database } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { forfeitBonus } from '../../activities/bonus/index.js';
import { recycleVenues, type SyncVenueBets, type VenueProvider, type VenueRef } from '../../venues/index.js';
import { accountsCovered, type ExclusionRow } from './exclusion-service.js';

export interface BreakEffectsDeps {
  provider: VenueProvider;
  /** A brand's venues (site base config). */
  venuesOfSite(siteId: number): Promise<VenueRef[]>;
  syncFirst?: SyncVenueBets;
}

export interface BreakEffects {
  accountsCovered: number;
  bonusesForfeited: number;
  recycledMinor: number;
  venuesPending: number;
}

/**
 * What a break does at once to every account it covers: each wagering bonus is forfeited
 * (activities/bonus forfeitBonus: met ones convert first), and every transfer venue's
 * balance is recycled into the centre wallet (venues recycleVenues, through the ledger).
 * A repeat with the same request key forfeits nothing more and only reconciles the venue
 * transfers it started.
 */
export async function applyBreakEffects(db: Database, deps: BreakEffectsDeps, exclusion: ExclusionRow, requestKey: string, at: Date): Promise<BreakEffects> {
  const accounts = await accountsCovered(db, exclusion);
  let bonusesForfeited = 0;
  let recycledMinor = 0;
  let venuesPending = 0;
  for (const account of accounts) {
    const { rows } = await db.query<{ id: string | number }>("SELECT id FROM promo_bonus_grants WHERE member_id = $1 AND status = 'wagering' ORDER BY id", [account.memberId]);
    for (const row of rows) {
      try {
        const grant = await forfeitBonus(db, account.memberId, Number(row.id), at);
        if (grant.status === 'forfeited') bonusesForfeited += 1;
      } catch (error) {
        if (!(error instanceof BusinessError)) throw error; // converted or ended meanwhile
      }
    }
    const transfers = await recycleVenues(db, deps.provider, {
      memberId: account.memberId, venues: await deps.venuesOfSite(account.siteId), requestKey: `break:${requestKey}:${account.memberId}`,
    }, deps.syncFirst);
    for (const transfer of transfers) {
      if (transfer.state === 'completed') recycledMinor += transfer.amountMinor;
      if (transfer.state === 'pending') venuesPending += 1;
    }
  }
  return { accountsCovered: accounts.length, bonusesForfeited, recycledMinor, venuesPending };
}
