import type { Database, Queryable } from '../db/database.js';
import type { GameProvider, ProviderBetRecord } from '../games/game-provider.js';
import { LedgerError } from '../ledger/index.js';
import { applyFeedPage, feedPosition, noteFeedOutcome, type FeedPosition } from './bet-sync-repository.js';

/** Records asked for per page. */
export const BET_SYNC_PAGE_SIZE = 200;
/** Pages one pull takes at most before it yields (the next pull goes on from there). */
export const BET_SYNC_MAX_PAGES = 50;

/** How long lobby waits for one page of bet records before it gives up on the pull (a timeout). */
export const BET_SYNC_PAGE_TIMEOUT_MS = 10_000;

/** How a pull pages: records a page, pages a pull, the wait for one page. */
export interface SyncOptions {
  pageSize?: number;
  maxPages?: number;
  pageTimeoutMs?: number;
}

/** The venue's side of bets and wins (a system account per venue; the seamless wallet uses the same kind). */
export const venuePlayKind = (venueCode: string) => `venue_play:${venueCode}`;

/** How one pull of a venue's feed ended. */
export interface SyncOutcome {
  venueCode: string;
  /** Records applied (new bets and newer versions); repeats and older versions not counted. */
  applied: number;
  pages: number;
  /** The feed's end was reached: lobby's books hold every settled bet the venue reported. */
  reachedEnd: boolean;
  /** Why the pull stopped short: a timeout, a gap in the feed, a bad record or a refused posting. */
  stoppedBy: string | null;
  lastSequence: number;
}

/** What applying one page did. */
interface PageResult {
  applied: number;
  /** The venue's position after the page (or as another applier left it). */
  position: FeedPosition;
  /** The page was applied to its end (no gap, no bad record). */
  whole: boolean;
  stoppedBy: string | null;
  /** Another applier moved the position since it was read: the page was not applied. */
  raced: boolean;
}

/** A record the feed must not carry: names the field and the record. */
function badRecord(record: ProviderBetRecord, venueCode: string): string | null {
  const where = `record ${String(record.sequence)} (bet ${String(record.betId)})`;
  const count = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
  if (!count(record.sequence) || record.sequence < 1) return `${where}: sequence must be a positive integer`;
  if (typeof record.betId !== 'string' || record.betId.length === 0 || record.betId.length > 100) return `${where}: betId must be 1 to 100 characters`;
  if (record.venueCode !== venueCode) return `${where}: venue ${String(record.venueCode)} in the feed of ${venueCode}`;
  if (!count(record.version) || record.version < 1) return `${where}: version must be a positive integer`;
  if (!count(record.memberId) || record.memberId < 1) return `${where}: memberId must be a positive integer`;
  for (const field of ['stakeMinor', 'validBetMinor', 'payoutMinor'] as const) {
    if (!count(record[field])) return `${where}: ${field} must be a whole number of fen, 0 or more`;
  }
  if (!['settled', 'void', 'cancelled'].includes(record.status)) return `${where}: status ${String(record.status)} is not settled, void or cancelled`;
  if (!(record.placedAt instanceof Date) || Number.isNaN(record.placedAt.getTime())) return `${where}: placedAt is not a time`;
  if (!(record.settledAt instanceof Date) || Number.isNaN(record.settledAt.getTime())) return `${where}: settledAt is not a time`;
  return null;
}

/**
 * Applies one page in one statement together with the venue's position (`applyFeedPage`):
 * records sorted by sequence; a sequence at or below the position asked from is a repeat
 * (ignored); the first gap or bad record ends the page there (the position keeps the cursor
 * the page was asked with, so the next pull asks again from the gap). Each record newer than
 * what lobby holds for its bet posts its entries and writes `game_bets`; an older or equal
 * version changes nothing. When another applier moved the position since it was asked, the
 * page is dropped (raced).
 */
async function applyPage(db: Database, venueCode: string, asked: FeedPosition, page: { records: ProviderBetRecord[]; nextCursor: string }): Promise<PageResult> {
  const sorted = [...page.records].sort((a, b) => a.sequence - b.sequence);
  let expected = asked.lastSequence + 1;
  const taken: ProviderBetRecord[] = [];
  let stoppedBy: string | null = null;
  for (const record of sorted) {
    if (Number.isSafeInteger(record.sequence) && record.sequence < expected) continue;
    const bad = badRecord(record, venueCode);
    if (bad) { stoppedBy = bad; break; }
    if (record.sequence > expected) { stoppedBy = `gap in the feed: sequence ${expected} missing (next served ${record.sequence})`; break; }
    taken.push(record);
    expected += 1;
  }
  const whole = stoppedBy === null;
  // A page cut short is asked again from the same cursor (its applied head then repeats);
  // so is an empty page, whose next cursor vouches for no record (a skipped tail).
  const cursor = whole && sorted.length > 0 ? page.nextCursor : asked.cursor;
  const { applied, position, raced } = await applyFeedPage(db, venueCode, asked, taken, { cursor, lastSequence: expected - 1 });
  return raced ? { applied: 0, position, whole: false, stoppedBy: null, raced } : { applied, position, whole, stoppedBy, raced };
}

/** The provider's answer, or an error once `ms` passed without one (the answer, if it comes, is dropped). */
async function withinTime<T>(answer: Promise<T>, ms: number, venueCode: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`venue ${venueCode} sent no bet records within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Text for an error a pull stopped on. */
function reasonOf(error: unknown): string {
  if (error instanceof LedgerError) return `posting refused: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Pulls one venue's feed from where lobby stands, page by page, until the feed's end, a
 * stop (timeout, gap, bad record, refused posting) or `maxPages`. Never throws for the
 * provider's faults: the outcome says why it stopped, and the position row keeps it.
 *
 * @example const outcome = await syncVenueBets(db, app.gameProvider, 'LBSLOTS');
 */
export async function syncVenueBets(
  db: Database,
  provider: GameProvider,
  venueCode: string,
  options: SyncOptions = {},
): Promise<SyncOutcome> {
  const pageSize = options.pageSize ?? BET_SYNC_PAGE_SIZE;
  const maxPages = options.maxPages ?? BET_SYNC_MAX_PAGES;
  let position = await feedPosition(db, venueCode);
  let applied = 0;
  let pages = 0;
  let stoppedBy: string | null = null;
  let reachedEnd = false;
  while (pages < maxPages) {
    let result: PageResult;
    let more: boolean;
    try {
      const page = await withinTime(provider.betRecords(venueCode, position.cursor, pageSize), options.pageTimeoutMs ?? BET_SYNC_PAGE_TIMEOUT_MS, venueCode);
      more = page.more;
      result = await applyPage(db, venueCode, position, page);
    } catch (error) {
      stoppedBy = reasonOf(error);
      break;
    }
    pages += 1;
    applied += result.applied;
    position = result.position;
    if (result.raced) continue;
    if (!result.whole) { stoppedBy = result.stoppedBy; break; }
    if (!more) { reachedEnd = true; break; }
  }
  await noteFeedOutcome(db, venueCode, reachedEnd ? null : stoppedBy ?? `stopped after ${maxPages} pages; the next pull goes on`);
  return { venueCode, applied, pages, reachedEnd, stoppedBy, lastSequence: position.lastSequence };
}

/**
 * The venues to pull: every venue a member holds a venue wallet at (a member transfers in
 * before playing at a transfer venue) and every venue already pulled. Seamless venues hold
 * no member venue wallets, so they are not pulled.
 */
export async function venuesToSync(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ venue_code: string }>(`
    SELECT DISTINCT substr(kind, length('venue:') + 1) AS venue_code FROM ledger_accounts WHERE member_id IS NOT NULL AND kind LIKE 'venue:%'
    UNION SELECT venue_code FROM bet_sync_cursors ORDER BY 1`);
  return rows.map((r) => r.venue_code);
}

/**
 * Bet sync for an app: one pull per venue at a time in this process (a caller arriving
 * while one runs waits for it, then starts its own so it sees records reported before it
 * asked); several processes are kept apart by the position row's lock.
 *
 * @example const sync = new BetSync(db, () => app.gameProvider); await sync.syncVenues(['LBSLOTS']);
 */
export class BetSync {
  private readonly running = new Map<string, Promise<SyncOutcome>>();

  constructor(
    private readonly db: Database,
    private readonly provider: () => GameProvider | undefined,
    private readonly options: SyncOptions = {},
  ) {}

  /** Pulls one venue to the feed's end (or its first stop); undefined without a game provider. */
  async syncVenue(venueCode: string): Promise<SyncOutcome | undefined> {
    const provider = this.provider();
    if (!provider) return undefined;
    const earlier = this.running.get(venueCode);
    if (earlier) await earlier.catch(() => undefined);
    const current = this.running.get(venueCode);
    if (current && current !== earlier) return current;
    const run = syncVenueBets(this.db, provider, venueCode, this.options).finally(() => {
      if (this.running.get(venueCode) === run) this.running.delete(venueCode);
    });
    this.running.set(venueCode, run);
    return run;
  }

  /** Pulls several venues, one after another; answers each outcome. */
  async syncVenues(venueCodes: readonly string[]): Promise<SyncOutcome[]> {
    const outcomes: SyncOutcome[] = [];
    for (const code of new Set(venueCodes)) {
      const outcome = await this.syncVenue(code);
      if (outcome) outcomes.push(outcome);
    }
    return outcomes;
  }

  /** Pulls every venue with member wallets or a feed position. */
  async syncAll(): Promise<SyncOutcome[]> {
    return this.syncVenues(await venuesToSync(this.db));
  }
}
