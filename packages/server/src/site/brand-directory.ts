import { DEFAULT_SITE_ID, type SiteBaseConfig } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import type { Clock } from '../http/pipeline.js';

/** Phone rules of a brand for pre-info (spec sections 3 and 5). */
export interface PhoneRules {
  /** 3-digit prefix to the reason shown, e.g. { "170": "virtual numbers are not accepted" }. */
  disablePhones: Record<string, string>;
  /** Prefixes answered with 'this platform does not support'. */
  restrictedPrefixes: string[];
  phoneMinLength: number;
  phoneMaxLength: number;
}

/** One brand (site): its base config and phone rules, stored in the `sites` table. */
export interface Brand {
  siteId: number;
  brand: string;
  config: SiteBaseConfig;
  phoneRules: PhoneRules;
}

/** Brands change rarely; each instance re-reads them at most this often. */
export const BRAND_CACHE_MS = 5_000;

/**
 * The brands, by site id (x-site-id on API calls) and by host name (HTML pages): a host
 * belongs to the brand whose config lists it in `domainUrls` (the seed gives
 * aurora.localhost to site 8); any other host gets site 4, the default.
 *
 * @example const brand = await app.lobby.brands.forHost('aurora.localhost'); // site 8
 */
export class BrandDirectory {
  private cache: { loadedAtMs: number; bySiteId: Map<number, Brand> } | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  async has(siteId: number): Promise<boolean> {
    return (this.fresh() ?? (await this.all())).has(siteId);
  }

  async get(siteId: number): Promise<Brand | undefined> {
    return (this.fresh() ?? (await this.all())).get(siteId);
  }

  /**
   * Whether the site is a known brand, without a promise when the directory is loaded and
   * fresh (the common case on every signed request); undefined when `has` must ask.
   */
  knows(siteId: number): boolean | undefined {
    return this.fresh()?.has(siteId);
  }

  /** The cached brands when still fresh. */
  private fresh(): Map<number, Brand> | undefined {
    return this.cache && this.clock.now() - this.cache.loadedAtMs < BRAND_CACHE_MS ? this.cache.bySiteId : undefined;
  }

  /** The brand serving a host name (no port); the default site when no brand claims it. */
  async forHost(hostName: string): Promise<Brand | undefined> {
    const brands = await this.all();
    const host = hostName.toLowerCase();
    for (const brand of brands.values()) {
      if (brand.config.domainUrls.some((url) => hostOf(url) === host)) return brand;
    }
    return brands.get(DEFAULT_SITE_ID) ?? brands.values().next().value;
  }

  /** Forgets the cache, after brands are written. */
  invalidate(): void {
    this.cache = undefined;
  }

  private async all(): Promise<Map<number, Brand>> {
    const now = this.clock.now();
    if (this.cache && now - this.cache.loadedAtMs < BRAND_CACHE_MS) return this.cache.bySiteId;
    const { rows } = await this.db.query<Brand>(
      'SELECT site_id AS "siteId", brand, config, phone_rules AS "phoneRules" FROM sites ORDER BY site_id',
    );
    this.cache = { loadedAtMs: now, bySiteId: new Map(rows.map((row) => [row.siteId, row])) };
    return this.cache.bySiteId;
  }
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
