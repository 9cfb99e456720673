import type { Database } from '../db/database.js';
import type { BetRecordPage, GameProvider, ProviderBetRecord } from '../games/game-provider.js';

/**
 * How the fake feed misbehaves on its next pages: `duplicate` serves every record twice
 * plus a repeat of the record before the cursor; `outOfOrder` serves the page reversed;
 * `missingPage` skips the page asked for and serves the one after it (the skipped page is
 * served when asked again); `timeout` throws instead of answering; `hang` never answers.
 */
export type FeedFault = 'duplicate' | 'outOfOrder' | 'missingPage' | 'timeout' | 'hang';

/** The error a timed-out page request throws. */
export class FeedTimeoutError extends Error {
  constructor(venueCode: string) {
    super(`venue ${venueCode} did not answer the bet-record request in time`);
    this.name = 'FeedTimeoutError';
  }
}

/**
 * A transfer venue's bet-record feed for tests, standing in for the sandbox studio: each
 * bet it is told about moves the member's balance in `sandbox_venue_wallets` (the sandbox
 * venue's books) and appends a feed entry, so the venue's balance and its feed agree.
 * The cursor is the last sequence served.
 *
 * @example const feed = new FakeBetFeed(db); await feed.play('LBSLOTS', memberId, 10_00, 25_00); feed.failNext('LBSLOTS', 'missingPage');
 */
export class FakeBetFeed implements GameProvider {
  private readonly feeds = new Map<string, ProviderBetRecord[]>();
  private readonly faults = new Map<string, FeedFault[]>();
  private bets = 0;

  constructor(private readonly db: Database) {}

  failNext(venueCode: string, fault: FeedFault, times = 1): void {
    const queue = this.faults.get(venueCode) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(fault);
    this.faults.set(venueCode, queue);
  }

  /** Forgets the faults not yet served (a test's leftovers must not hit the next test's pages). */
  clearFaults(): void {
    this.faults.clear();
  }

  /** The entries of a venue's feed so far. */
  entries(venueCode: string): readonly ProviderBetRecord[] {
    return this.feeds.get(venueCode) ?? [];
  }

  /** A settled (or void/cancelled) bet: the venue takes the stake and pays the payout; answers the bet id. */
  async play(venueCode: string, memberId: number, stakeMinor: number, payoutMinor: number, status: ProviderBetRecord['status'] = 'settled'): Promise<string> {
    this.bets += 1;
    const betId = `B${this.bets}`;
    const effect = status === 'settled' ? payoutMinor - stakeMinor : 0;
    await this.move(venueCode, memberId, effect);
    this.append({
      betId, roundId: `R${this.bets}`, version: 1, venueCode, memberId, gameCode: 'slot-1', stakeMinor,
      validBetMinor: status === 'settled' ? stakeMinor : 0, payoutMinor: status === 'settled' ? payoutMinor : 0, status,
      result: status === 'settled' ? `paid ${payoutMinor}` : status, placedAt: new Date(), settledAt: new Date(),
    });
    return betId;
  }

  /** A late correction of a bet: a new entry with the next version; the venue's balance moves by the difference. */
  async correct(venueCode: string, betId: string, change: Partial<Pick<ProviderBetRecord, 'stakeMinor' | 'payoutMinor' | 'status'>>): Promise<void> {
    const latest = [...this.entries(venueCode)].reverse().find((e) => e.betId === betId)!;
    const next = { ...latest, ...change, version: latest.version + 1 };
    if (next.status !== 'settled') next.payoutMinor = 0;
    next.validBetMinor = next.status === 'settled' ? next.stakeMinor : 0;
    const net = (r: ProviderBetRecord) => (r.status === 'settled' ? r.payoutMinor - r.stakeMinor : 0);
    await this.move(venueCode, latest.memberId, net(next) - net(latest));
    this.append(next);
  }

  /** Serves a stale, older version of a bet again as a new feed entry (a provider replaying history). */
  replayOldVersion(venueCode: string, betId: string): void {
    const first = this.entries(venueCode).find((e) => e.betId === betId)!;
    this.append({ ...first });
  }

  async betRecords(venueCode: string, cursor: string | null, limit: number): Promise<BetRecordPage> {
    const fault = this.faults.get(venueCode)?.shift();
    if (fault === 'timeout') throw new FeedTimeoutError(venueCode);
    if (fault === 'hang') return new Promise<never>(() => undefined);
    const feed = this.entries(venueCode);
    const asked = cursor === null ? 0 : Number(cursor);
    const from = fault === 'missingPage' ? asked + limit : asked;
    let records = feed.slice(from, from + limit);
    const end = from + records.length;
    if (fault === 'duplicate') records = [...(from > 0 ? [feed[from - 1]!] : []), ...records, ...records];
    if (fault === 'outOfOrder') records = [...records].reverse();
    return { records: records.map((r) => ({ ...r })), nextCursor: String(records.length > 0 ? end : asked), more: end < feed.length };
  }

  async catalogue(): Promise<never[]> {
    return [];
  }

  async launch(): Promise<never> {
    throw new Error('the fake feed launches no games');
  }

  async roundDetail(): Promise<undefined> {
    return undefined;
  }

  private append(record: Omit<ProviderBetRecord, 'sequence'>): void {
    const feed = this.feeds.get(record.venueCode) ?? [];
    feed.push({ ...record, sequence: feed.length + 1 });
    this.feeds.set(record.venueCode, feed);
  }

  private async move(venueCode: string, memberId: number, deltaMinor: number): Promise<void> {
    const { rows } = await this.db.query(
      'UPDATE sandbox_venue_wallets SET balance_minor = balance_minor + $3 WHERE venue_code = $1 AND member_id = $2 RETURNING balance_minor',
      [venueCode, memberId, deltaMinor],
    );
    if (rows.length === 0) throw new Error(`member ${memberId} holds no wallet at ${venueCode}`);
  }
}
