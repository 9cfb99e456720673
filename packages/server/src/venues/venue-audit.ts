import type { Queryable } from '../db/database.js';
import type { VenueProvider } from './venue-provider.js';

/**
 * A pending venue transfer older than this is stuck: the reconcile sweep asks the venue
 * every 30 s (VENUE_RECONCILE_INTERVAL_MS), so ten sweeps have failed to settle it.
 */
export const VENUE_PENDING_MAX_AGE_MS = 5 * 60 * 1000;

/** A venue clearing account that does not hold exactly the transfers in flight. */
export interface ClearingMismatch {
  venueCode: string;
  clearingMinor: number;
  pendingMinor: number;
}

/** A member's venue wallet in our books that differs from the venue's own balance. */
export interface BookMismatch {
  venueCode: string;
  memberId: number;
  booksMinor: number;
  venueMinor: number;
}

/** A venue transfer left pending past VENUE_PENDING_MAX_AGE_MS. */
export interface StalePending {
  transferId: string;
  venueCode: string;
  memberId: number;
  amountMinor: number;
  ageMs: number;
}

/** A venue whose bet-record feed lobby could not pull to its end (bet_sync_cursors.last_error). */
export interface FeedStop {
  venueCode: string;
  /** Every feed sequence up to this one is posted. */
  lastSequence: number;
  error: string;
  since: Date | null;
}

/** What the audit does before it reads (both optional). */
export interface VenueAuditOptions {
  /** Pulls the venues' bet records first (bet sync), so settled bets are in the books it compares. */
  syncFirst?: (venueCodes: readonly string[]) => Promise<unknown>;
  /**
   * The stakes of a member's rounds still open at the venue (taken from the venue balance,
   * not yet reported as settled): the books equal the venue balance plus them. Zero when absent.
   */
  openStakesMinor?: (venueCode: string, memberId: number) => Promise<number>;
}

/** What the venue books look like right now; `ok` when every check holds. */
export interface VenueAudit {
  ok: boolean;
  clearingMismatches: ClearingMismatch[];
  /** How many member venue wallets were compared with the venue (those with no transfer in flight). */
  walletsCompared: number;
  bookMismatches: BookMismatch[];
  stalePending: StalePending[];
  /** Venues whose bet-record feed stopped short at the last pull (a gap, a timeout, a bad record, a refused posting). */
  feedStops: FeedStop[];
}

/**
 * Checks the venue books (docs/VENUE-WALLETS.md): each `venue_clearing:<code>` account
 * holds exactly the amounts of that venue's pending transfers (zero when none is in
 * flight); each member's `venue:<code>` wallet equals the member's balance at the venue,
 * asked through the provider, unless a transfer of that member and venue is in flight;
 * no transfer stays pending longer than VENUE_PENDING_MAX_AGE_MS; and every venue's bet
 * feed was pulled to its end at the last pull. With `syncFirst` the venues' bet records
 * are pulled first (the audit's only write: posting what the venues settled).
 *
 * @example const audit = await auditVenueBooks(db, app.venueProvider, Date.now());
 */
export async function auditVenueBooks(q: Queryable, provider: VenueProvider, nowMs: number, options: VenueAuditOptions = {}): Promise<VenueAudit> {
  if (options.syncFirst) {
    const venues = await q.query<{ code: string }>(`SELECT DISTINCT substr(kind, length('venue:') + 1) AS code FROM ledger_accounts WHERE member_id IS NOT NULL AND kind LIKE 'venue:%' ORDER BY 1`);
    await options.syncFirst(venues.rows.map((row) => row.code));
  }
  const clearing = await q.query<ClearingMismatch>(`
    SELECT c.venue_code AS "venueCode", c.balance_minor AS "clearingMinor", COALESCE(p.total, 0)::bigint AS "pendingMinor"
    FROM (SELECT substr(kind, length('venue_clearing:') + 1) AS venue_code, balance_minor
            FROM ledger_accounts WHERE member_id IS NULL AND kind LIKE 'venue\\_clearing:%') c
    LEFT JOIN (SELECT venue_code, SUM(amount_minor)::bigint AS total FROM venue_transfers WHERE state = 'pending' GROUP BY 1) p
      ON p.venue_code = c.venue_code
    WHERE c.balance_minor <> COALESCE(p.total, 0)
    ORDER BY c.venue_code`);
  const wallets = await q.query<{ venueCode: string; memberId: number; booksMinor: number }>(`
    SELECT substr(a.kind, length('venue:') + 1) AS "venueCode", a.member_id AS "memberId", a.balance_minor AS "booksMinor"
    FROM ledger_accounts a
    WHERE a.member_id IS NOT NULL AND a.kind LIKE 'venue:%'
      AND NOT EXISTS (SELECT 1 FROM venue_transfers t
                      WHERE t.state = 'pending' AND t.member_id = a.member_id AND 'venue:' || t.venue_code = a.kind)
    ORDER BY a.id`);
  const bookMismatches: BookMismatch[] = [];
  for (const wallet of wallets.rows) {
    const open = (await options.openStakesMinor?.(wallet.venueCode, wallet.memberId)) ?? 0;
    const venueMinor = (await provider.balance(wallet.venueCode, wallet.memberId)) + open;
    if (venueMinor !== Number(wallet.booksMinor)) bookMismatches.push({ ...wallet, venueMinor });
  }
  const stale = await q.query<StalePending>(
    `SELECT transfer_id AS "transferId", venue_code AS "venueCode", member_id AS "memberId", amount_minor AS "amountMinor",
            (extract(epoch FROM (to_timestamp($1 / 1000.0) - created_at)) * 1000)::bigint AS "ageMs"
       FROM venue_transfers WHERE state = 'pending' AND created_at < to_timestamp($2 / 1000.0) ORDER BY id`,
    [nowMs, nowMs - VENUE_PENDING_MAX_AGE_MS],
  );
  const feeds = await q.query<{ venueCode: string; lastSequence: string | number; error: string; since: Date | null }>(
    `SELECT venue_code AS "venueCode", last_sequence AS "lastSequence", last_error AS error, last_error_at AS since
       FROM bet_sync_cursors WHERE last_error IS NOT NULL ORDER BY venue_code`);
  const feedStops = feeds.rows.map((row) => ({ ...row, lastSequence: Number(row.lastSequence) }));
  const ok = clearing.rows.length === 0 && bookMismatches.length === 0 && stale.rows.length === 0 && feedStops.length === 0;
  return { ok, clearingMismatches: clearing.rows, walletsCompared: wallets.rows.length, bookMismatches, stalePending: stale.rows, feedStops };
}
