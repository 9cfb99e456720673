import type { Queryable } from '../db/database.js';
import type { Clock } from '../http/pipeline.js';
import { allPartnerOrigins } from './partner-origin-repository.js';

/** Partner origins change rarely; each instance re-reads them at most this often (as the brands, site/brand-directory.ts). */
export const PARTNER_ORIGIN_CACHE_MS = 5_000;

interface Snapshot {
  loadedAtMs: number;
  bySiteId: Map<number, Set<string>>;
  anySite: Set<string>;
}

/**
 * Which origins may make a brand's partner calls: the brand's rows in `partner_origins`
 * (operator-managed) and the deployment's LOBBY_PARTNER_ORIGINS (every brand). The rows
 * are cached per instance for PARTNER_ORIGIN_CACHE_MS; an operator's change is seen at
 * once on the instance that made it (`invalidate`), on the others within that time.
 *
 * @example const origins = new PartnerOrigins(db, clock, ['https://partner.example']); await origins.allowsForSite('https://partner.example', 4) // true
 */
export class PartnerOrigins {
  private snapshot: Snapshot | undefined;
  private loading: Promise<Snapshot> | undefined;
  /** Bumped by `invalidate`, so a read begun before a write cannot store what it read. */
  private generation = 0;
  private readonly deployment: ReadonlySet<string>;

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    deploymentOrigins: readonly string[],
  ) {
    this.deployment = new Set(deploymentOrigins);
  }

  /** LOBBY_PARTNER_ORIGINS, as parsed at start. */
  get deploymentOrigins(): string[] {
    return [...this.deployment];
  }

  /** Whether pages of `origin` may read brand `siteId`'s answers; without a promise while the cache is fresh. */
  allowsForSite(origin: string, siteId: number): boolean | Promise<boolean> {
    if (this.deployment.has(origin)) return true;
    const test = (snapshot: Snapshot) => snapshot.bySiteId.get(siteId)?.has(origin) ?? false;
    const fresh = this.fresh();
    return fresh ? test(fresh) : this.load().then(test);
  }

  /** Whether `origin` is a partner of any brand (a preflight names no brand); without a promise while fresh. */
  allowsForAnySite(origin: string): boolean | Promise<boolean> {
    if (this.deployment.has(origin)) return true;
    const fresh = this.fresh();
    return fresh ? fresh.anySite.has(origin) : this.load().then((snapshot) => snapshot.anySite.has(origin));
  }

  /**
   * `allowsForAnySite` from what is in memory, fresh or not, for a caller that cannot wait
   * (a WebSocket upgrade is decided before the event returns); a stale cache is re-read
   * for the next caller.
   */
  allowsForAnySiteNow(origin: string): boolean {
    if (this.deployment.has(origin)) return true;
    if (!this.fresh()) this.load().catch(() => undefined);
    return this.snapshot?.anySite.has(origin) ?? false;
  }

  /**
   * Marks the cache stale after origins are written, and re-reads them at once: the next
   * `allowsForSite` waits for the new rows; `allowsForAnySiteNow` answers from the old
   * ones until they are in.
   */
  invalidate(): void {
    this.generation += 1;
    if (this.snapshot) this.snapshot = { ...this.snapshot, loadedAtMs: Number.NEGATIVE_INFINITY };
    this.loading = undefined;
    this.load().catch(() => undefined);
  }

  /** Reads the rows (one read at a time); the snapshot it stores is fresh for PARTNER_ORIGIN_CACHE_MS. */
  load(): Promise<Snapshot> {
    const generation = this.generation;
    this.loading ??= allPartnerOrigins(this.db).then(
      (rows) => {
        const snapshot: Snapshot = { loadedAtMs: this.clock.now(), bySiteId: new Map(), anySite: new Set() };
        for (const { siteId, origin } of rows) {
          let origins = snapshot.bySiteId.get(siteId);
          if (!origins) snapshot.bySiteId.set(siteId, (origins = new Set()));
          origins.add(origin);
          snapshot.anySite.add(origin);
        }
        if (generation === this.generation) {
          this.snapshot = snapshot;
          this.loading = undefined;
        }
        return snapshot;
      },
      (error: unknown) => {
        if (generation === this.generation) this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  private fresh(): Snapshot | undefined {
    return this.snapshot && this.clock.now() - this.snapshot.loadedAtMs < PARTNER_ORIGIN_CACHE_MS ? this.snapshot : undefined;
  }
}
