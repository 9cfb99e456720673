import type { Database, Queryable } from '../db/database.js';
import { VenueTimeoutError, type VenueAnswer, type VenueProvider, type VenueTransferCall } from './venue-provider.js';

/**
 * How the sandbox venue misbehaves on its next calls: `timeout` applies the transfer and
 * loses the answer; `timeoutBefore` loses the request (nothing applied); `fail` refuses;
 * `double` receives and applies the request twice (at-least-once delivery), answering the
 * second, deduplicated copy.
 */
export type VenueFault = 'timeout' | 'timeoutBefore' | 'fail' | 'double';

interface TransferRow {
  state: VenueAnswer['state'];
  reason: string | null;
  balance_minor: number;
}

/**
 * A venue that keeps its own books in its own tables (sandbox_venue_wallets and
 * sandbox_venue_transfers), in transactions of its own, as a remote system would. Faults
 * are queued per venue in process (`failNext`) or through the sandbox door.
 *
 * @example const venue = new SandboxVenueProvider(db); venue.failNext('LBSPORT', 'timeout');
 */
export class SandboxVenueProvider implements VenueProvider {
  private readonly faults = new Map<string, VenueFault[]>();
  private readonly maintenance = new Set<string>();
  private maintenanceChanges = 0;

  constructor(private readonly db: Database) {}

  /** Queues `fault` for the next `times` money calls of a venue. */
  failNext(venueCode: string, fault: VenueFault, times = 1): void {
    const queue = this.faults.get(venueCode) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(fault);
    this.faults.set(venueCode, queue);
  }

  /** Clears the queued faults of every venue. */
  clearFaults(): void {
    this.faults.clear();
  }

  setMaintenance(venueCode: string, on: boolean): void {
    if (on) this.maintenance.add(venueCode);
    else this.maintenance.delete(venueCode);
    this.maintenanceChanges += 1;
  }

  maintenanceVersion(): number {
    return this.maintenanceChanges;
  }

  async inMaintenance(venueCode: string): Promise<boolean> {
    return this.maintenance.has(venueCode);
  }

  transferIn(call: VenueTransferCall): Promise<VenueAnswer> {
    return this.receive(call, 'in');
  }

  transferOut(call: VenueTransferCall): Promise<VenueAnswer> {
    return this.receive(call, 'out');
  }

  async queryTransfer(venueCode: string, transferId: string): Promise<VenueAnswer | undefined> {
    const { rows } = await this.db.query<TransferRow>(
      `SELECT t.state, t.reason, coalesce(w.balance_minor, 0)::bigint AS balance_minor FROM sandbox_venue_transfers t
       LEFT JOIN sandbox_venue_wallets w ON w.venue_code = t.venue_code AND w.member_id = t.member_id
       WHERE t.transfer_id = $1 AND t.venue_code = $2`,
      [transferId, venueCode],
    );
    return rows[0] && answerOf(rows[0]);
  }

  async balance(venueCode: string, memberId: number): Promise<number> {
    const { rows } = await this.db.query<{ balance_minor: number }>(
      'SELECT balance_minor FROM sandbox_venue_wallets WHERE venue_code = $1 AND member_id = $2',
      [venueCode, memberId],
    );
    return Number(rows[0]?.balance_minor ?? 0);
  }

  private async receive(call: VenueTransferCall, direction: 'in' | 'out'): Promise<VenueAnswer> {
    const fault = this.faults.get(call.venueCode)?.shift();
    if (fault === 'timeoutBefore') throw new VenueTimeoutError(call.venueCode, call.transferId);
    if (fault === 'fail') return this.apply(call, direction, 'venue refused the transfer (sandbox fault)');
    const answer = await this.apply(call, direction);
    if (fault === 'double') return this.apply(call, direction);
    if (fault === 'timeout') throw new VenueTimeoutError(call.venueCode, call.transferId);
    return answer;
  }

  /** Applies a transfer id once, in the venue's own transaction; a repeat answers the first result. */
  private async apply(call: VenueTransferCall, direction: 'in' | 'out', refusal?: string): Promise<VenueAnswer> {
    if (this.maintenance.has(call.venueCode)) refusal ??= 'venue in maintenance';
    return this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO sandbox_venue_wallets (venue_code, member_id, balance_minor) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING`,
        [call.venueCode, call.memberId],
      );
      const { rows } = await tx.query<{ balance_minor: number }>(
        'SELECT balance_minor FROM sandbox_venue_wallets WHERE venue_code = $1 AND member_id = $2 FOR UPDATE',
        [call.venueCode, call.memberId],
      );
      const known = await this.queryIn(tx, call);
      if (known) return known;
      const balance = Number(rows[0]!.balance_minor);
      if (!refusal && direction === 'out' && balance < call.amountMinor) refusal = 'insufficient venue balance';
      const next = refusal ? balance : direction === 'in' ? balance + call.amountMinor : balance - call.amountMinor;
      await tx.query('UPDATE sandbox_venue_wallets SET balance_minor = $3 WHERE venue_code = $1 AND member_id = $2', [call.venueCode, call.memberId, next]);
      await tx.query(
        `INSERT INTO sandbox_venue_transfers (transfer_id, venue_code, member_id, direction, amount_minor, state, reason)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [call.transferId, call.venueCode, call.memberId, direction, call.amountMinor, refusal ? 'failed' : 'succeeded', refusal ?? null],
      );
      return refusal ? { state: 'failed', balanceMinor: next, reason: refusal } : { state: 'succeeded', balanceMinor: next };
    });
  }

  private async queryIn(tx: Queryable, call: VenueTransferCall): Promise<VenueAnswer | undefined> {
    const { rows } = await tx.query<TransferRow>(
      `SELECT t.state, t.reason, w.balance_minor FROM sandbox_venue_transfers t
       JOIN sandbox_venue_wallets w ON w.venue_code = t.venue_code AND w.member_id = t.member_id WHERE t.transfer_id = $1`,
      [call.transferId],
    );
    return rows[0] && answerOf(rows[0]);
  }
}

function answerOf(row: TransferRow): VenueAnswer {
  const balanceMinor = Number(row.balance_minor);
  return row.state === 'failed' ? { state: 'failed', balanceMinor, reason: row.reason ?? 'failed' } : { state: 'succeeded', balanceMinor };
}
