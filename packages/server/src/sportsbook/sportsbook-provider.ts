import type { SportCode, SportKind } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import type { BetRecordPage, LaunchAnswer, LaunchRequest, ProviderGame, RoundDetail } from '../games/game-provider.js';
import type { VenueScopedProvider } from '../games/provider-router.js';
import type { StudioVenueLookup } from '../studio/index.js';
import { feedPage } from './venue-books.js';

/** The sports a venue of each kind offers: one catalogue "game" per sport. */
export const SPORTS_OF_KIND: Readonly<Record<SportKind, readonly SportCode[]>> = { sports: ['football', 'basketball'], esports: ['esoccer', 'moba'] };

const NAMES: Readonly<Record<SportCode, { en: string; zh: string }>> = {
  football: { en: 'Football', zh: '足球' },
  basketball: { en: 'Basketball', zh: '篮球' },
  esoccer: { en: 'E-soccer', zh: '电子足球' },
  moba: { en: 'MOBA', zh: 'MOBA 电竞' },
};

/** A small same-origin-safe image per sport (a data: URL, which the strict CSP's img-src allows). */
function imageOf(sport: SportCode): string {
  const colour = { football: '#2e7d32', basketball: '#e65100', esoccer: '#1565c0', moba: '#6a1b9a' }[sport];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="${colour}"/><circle cx="32" cy="32" r="18" fill="#fff"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The sports kind of a venue category (1 sports, 2 e-sports), undefined for every other category. */
export const kindOfCategory = (category: number): SportKind | undefined => (category === 1 ? 'sports' : category === 2 ? 'esports' : undefined);

/**
 * The sportsbook as a game provider (docs/SPORTSBOOK.md, "Venue"): it serves the venues
 * of category 1 and 2, lists one game per sport, launches the site's sportsbook page, and
 * publishes its settled bets through `betRecords` for bet sync. Sports bets are not provably
 * fair rounds: `roundDetail` answers undefined.
 */
export class SportsbookProvider implements VenueScopedProvider {
  constructor(
    private readonly db: Database,
    private readonly venues: StudioVenueLookup,
    private readonly inMaintenance: (venueCode: string) => Promise<boolean>,
  ) {}

  /** The venue's sports kind when the sportsbook serves it. */
  async kindOf(venueCode: string): Promise<SportKind | undefined> {
    const venue = await this.venues(venueCode);
    return venue && venue.walletModel === 'transfer' ? kindOfCategory(venue.category) : undefined;
  }

  async serves(venueCode: string): Promise<boolean> {
    return (await this.kindOf(venueCode)) !== undefined;
  }

  async catalogue(venueCode: string): Promise<ProviderGame[]> {
    const kind = await this.kindOf(venueCode);
    if (!kind) return [];
    const maintenance = await this.inMaintenance(venueCode);
    return SPORTS_OF_KIND[kind].map((sport) => ({
      gameCode: sport, nameEn: NAMES[sport].en, nameZh: NAMES[sport].zh, category: kind === 'sports' ? 1 : 2, imageUrl: imageOf(sport), studio: 'Lobby Sportsbook',
      rtpBasisPoints: 9500, volatility: 'medium', demo: false, hot: true, releasedAt: new Date('2026-11-26T00:00:00Z'), maintenance,
    }));
  }

  async launch(request: LaunchRequest): Promise<LaunchAnswer> {
    const kind = await this.kindOf(request.venueCode);
    if (!kind) throw new Error(`the sportsbook does not serve ${request.venueCode}`);
    const venue = encodeURIComponent(request.venueCode);
    const sport = encodeURIComponent(request.gameCode);
    return { url: kind === 'sports' ? `/app/venuesSport/1/${venue}?sport=${sport}` : `/app/eGaming/2/${venue}?sport=${sport}` };
  }

  async betRecords(venueCode: string, cursor: string | null, limit: number): Promise<BetRecordPage> {
    return feedPage(this.db, venueCode, cursor, limit);
  }

  async roundDetail(): Promise<RoundDetail | undefined> {
    return undefined;
  }

  /** Stakes taken from the venue balance that lobby's books do not hold yet (pending and open bets not in the feed as settled). */
  async openStakesMinor(venueCode: string, memberId: number): Promise<number> {
    const { rows } = await this.db.query<{ open: string | number }>(
      `SELECT coalesce(sum(stake_minor), 0) AS open FROM sportsbook_bets WHERE venue_code = $1 AND member_id = $2 AND status IN ('pending', 'open') AND NOT in_books`,
      [venueCode, memberId],
    );
    return Number(rows[0]?.open ?? 0);
  }
}
