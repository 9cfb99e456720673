import type { Queryable } from '../db/database.js';
import type { BrandDirectory } from '../site/brand-directory.js';
import { brandVenues, type VenueRef } from '../venues/index.js';
import type { ErrorAnswer } from './seamless-protocol.js';
import { centreBalanceOf, refusal } from './seamless-service.js';

/** Members whose site is remembered in process (a member never changes site); cleared when full. */
const SITE_CACHE_MAX = 100_000;

/**
 * Which venue a member may play on which wallet model: the venues of the member's brand
 * (site base config), each `transfer` or `seamless`.
 */
export class VenueDirectory {
  private readonly siteOfMember = new Map<number, number>();

  constructor(
    private readonly db: Queryable,
    private readonly brands: BrandDirectory,
  ) {}

  /** The venue of the member's brand, or undefined when the member or the venue is unknown. */
  async venueOf(memberId: number, venueCode: string): Promise<VenueRef | undefined> {
    const siteId = await this.siteOf(memberId);
    if (siteId === undefined) return undefined;
    const brand = await this.brands.get(siteId);
    return brandVenues(brand?.config.venues).find((venue) => venue.code === venueCode);
  }

  /** A refusal when the member is unknown or the venue is not a seamless venue of the member's brand. */
  async refuseUnlessSeamless(memberId: number, venueCode: string): Promise<ErrorAnswer | undefined> {
    if ((await this.siteOf(memberId)) === undefined) return refusal('MEMBER_NOT_FOUND', `memberId: no member ${memberId}`);
    const venue = await this.venueOf(memberId, venueCode);
    if (venue?.walletModel !== 'seamless') return refusal('VENUE_NOT_SEAMLESS', `venueCode: ${venueCode} is not a seamless wallet venue of the member's site`);
    return undefined;
  }

  /**
   * What the member can play with at the venue, in fen: the centre wallet at a seamless
   * venue, our books of the venue wallet (`venue:<code>`) at a transfer venue; undefined
   * when the member or the venue is unknown.
   */
  async playBalanceOf(memberId: number, venueCode: string): Promise<number | undefined> {
    const venue = await this.venueOf(memberId, venueCode);
    if (!venue) return undefined;
    if (venue.walletModel === 'seamless') return centreBalanceOf(this.db, memberId);
    const { rows } = await this.db.query<{ balance_minor: string | number }>(
      `SELECT balance_minor FROM ledger_accounts WHERE member_id = $1 AND kind = $2 AND currency = 'CNY'`,
      [memberId, `venue:${venueCode}`],
    );
    return rows[0] ? Number(rows[0].balance_minor) : 0;
  }

  private async siteOf(memberId: number): Promise<number | undefined> {
    const known = this.siteOfMember.get(memberId);
    if (known !== undefined) return known;
    const { rows } = await this.db.query<{ site_id: number }>('SELECT site_id FROM members WHERE id = $1', [memberId]);
    if (!rows[0]) return undefined;
    if (this.siteOfMember.size >= SITE_CACHE_MAX) this.siteOfMember.clear();
    this.siteOfMember.set(memberId, Number(rows[0].site_id));
    return Number(rows[0].site_id);
  }
}
