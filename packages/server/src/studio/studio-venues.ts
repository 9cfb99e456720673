import type { Queryable } from '../db/database.js';
import type { GameCategory, WalletModel } from '../games/game-provider.js';

/** What the studio knows of a venue it serves: its category and wallet model. */
export interface StudioVenue {
  code: string;
  category: GameCategory;
  walletModel: WalletModel;
}

/** Answers the venues the studio serves; a real studio is configured with them, the sandbox reads the brands. */
export type StudioVenueLookup = (venueCode: string) => Promise<StudioVenue | undefined>;

/** The sandbox re-reads the brands at most this often. */
const VENUE_CACHE_MS = 5_000;

interface VenueConfig {
  code: string;
  gameType: number;
  walletModel?: WalletModel;
}

/**
 * The sandbox studio's venues: every venue of every brand's site config (`sites.config.venues`),
 * with its `walletModel` ('transfer' when the config names none).
 *
 * @example const venue = await brandVenueLookup(db)('LBSLOTS'); // { code: 'LBSLOTS', category: 6, walletModel: 'transfer' }
 */
export function brandVenueLookup(db: Queryable, nowMs: () => number = Date.now): StudioVenueLookup {
  let cache: { atMs: number; venues: Map<string, StudioVenue> } | undefined;
  return async (venueCode) => {
    if (!cache || nowMs() - cache.atMs >= VENUE_CACHE_MS) {
      const { rows } = await db.query<{ config: { venues?: Record<string, VenueConfig[]> } }>('SELECT config FROM sites ORDER BY site_id');
      const venues = new Map<string, StudioVenue>();
      for (const row of rows) {
        for (const venue of Object.values(row.config.venues ?? {}).flat()) {
          if (!venues.has(venue.code)) venues.set(venue.code, { code: venue.code, category: venue.gameType as GameCategory, walletModel: venue.walletModel ?? 'transfer' });
        }
      }
      cache = { atMs: nowMs(), venues };
    }
    return cache.venues.get(venueCode);
  };
}
