import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database.js';
import { fromMinor } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import { lockMember, playAllowance, playRefusal } from '../responsible/guard.js';
import { ensureAccounts, createTransfers, LedgerError, type TransferInput } from '../ledger/index.js';
import { VenueTimeoutError, type VenueAnswer, type VenueProvider } from './venue-provider.js';

/** Our record of one venue transfer (table venue_transfers). */
export interface VenueTransfer {
  id: number;
  transferId: string;
  memberId: number;
  venueCode: string;
  direction: 'in' | 'out';
  amountMinor: number;
  state: 'pending' | 'completed' | 'failed';
  failure: string | null;
}

interface Row {
  id: number;
  transfer_id: string;
  member_id: number;
  venue_code: string;
  direction: 'in' | 'out';
  amount_minor: number;
  state: VenueTransfer['state'];
  failure: string | null;
}

const COLUMNS = 'id, transfer_id, member_id, venue_code, direction, amount_minor, state, failure';

const transferOf = (r: Row): VenueTransfer => ({
  id: Number(r.id), transferId: r.transfer_id, memberId: Number(r.member_id), venueCode: r.venue_code,
  direction: r.direction, amountMinor: Number(r.amount_minor), state: r.state, failure: r.failure,
});

export interface TransferRequest {
  memberId: number;
  venueCode: string;
  direction: 'in' | 'out';
  amountMinor: number;
  /** Names the member's request (call and idempotency key); one transfer per venue per request. */
  requestKey: string;
  /** The app clock's time of the request: the responsible-play windows of a transfer in end here (now when absent). */
  at?: Date;
}

/** The three ledger accounts of a venue transfer: centre, the member's venue wallet, the venue clearing account. */
async function accountsOf(tx: Queryable, memberId: number, venueCode: string) {
  const [centre, venue, clearing] = await ensureAccounts(tx, [
    { memberId, kind: 'centre', currency: 'CNY' },
    { memberId, kind: `venue:${venueCode}`, currency: 'CNY' },
    { memberId: null, kind: `venue_clearing:${venueCode}`, currency: 'CNY' },
  ]);
  return { centre: centre!.id, venue: venue!.id, clearing: clearing!.id };
}

/**
 * Step 1, in our own transaction: records the transfer as pending and moves the amount
 * from its source wallet (centre for in, the venue wallet for out) to the venue clearing
 * account. A second request with the same request key answers the first record.
 * Throws BusinessError exceedsBalance when the source holds too little.
 *
 * @example const transfer = await reserveTransfer(db, { memberId, venueCode: 'LBSPORT', direction: 'in', amountMinor: 100_00, requestKey: 'venueTransferIn:k1' });
 */
export async function reserveTransfer(db: Database, request: TransferRequest): Promise<VenueTransfer> {
  try {
    return await db.transaction(async (tx) => {
      if (request.direction === 'in') {
        // The member's rp lock first; a request already recorded answers its record, never a fresh refusal.
        await lockMember(tx, request.memberId);
        const earlier = await transferByRequest(tx, request);
        if (earlier) return earlier;
        await guardTransferIn(tx, request);
      }
      const transferId = `VT${Date.now().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`;
      const { rows } = await tx.query<Row>(
        `INSERT INTO venue_transfers (transfer_id, member_id, venue_code, direction, amount_minor, state, request_key)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6) ON CONFLICT (member_id, request_key, venue_code) DO NOTHING RETURNING ${COLUMNS}`,
        [transferId, request.memberId, request.venueCode, request.direction, request.amountMinor, request.requestKey],
      );
      if (!rows[0]) return (await transferByRequest(tx, request))!;
      const a = await accountsOf(tx, request.memberId, request.venueCode);
      const source = request.direction === 'in' ? a.centre : a.venue;
      await createTransfers(tx, [ledgerMove(source, a.clearing, rows[0], 'reserve')]);
      return transferOf(rows[0]);
    });
  } catch (error) {
    if (error instanceof LedgerError && error.rule === 'exceedsBalance') {
      const wallet = request.direction === 'in' ? 'the centre wallet' : `venue ${request.venueCode}`;
      throw new BusinessError('exceedsBalance', `${wallet} holds less than the amount`);
    }
    throw error;
  }
}

/** True for a refusal by the member's money limits (R1's codes, 280001-280099), not by an exclusion or the session time. */
const isLimitRefusal = (refusal: BusinessError) => refusal.code >= 280_001 && refusal.code <= 280_099;

/**
 * Responsible play at a transfer into a venue (issue 22, docs/RESPONSIBLE-PLAY.md "Where
 * money moves"), in the transaction that reserves the money, before it moves: the guard's
 * refusal (exclusion, session time, limits), and the cap at the remaining loss and wager
 * allowance. A transfer above a positive allowance is refused with rpTransferOverAllowance
 * naming the allowance (the member may send that much); with nothing left, the limit's own
 * refusal (which limit, when it resets). Nothing is capped silently: the member's amount is
 * moved whole or not at all. Transfers out never ask.
 */
async function guardTransferIn(tx: Queryable, request: TransferRequest): Promise<void> {
  const at = request.at ?? new Date();
  const refusal = await playRefusal(tx, { memberId: request.memberId, door: 'venueTransferIn', amountMinor: request.amountMinor, at });
  if (refusal && !isLimitRefusal(refusal)) throw refusal;
  const allowance = await playAllowance(tx, request.memberId, 'venueTransferIn', at);
  if (allowance !== null && allowance > 0 && request.amountMinor > allowance) {
    throw new BusinessError(
      'rpTransferOverAllowance',
      `transferIntoVal: at most ${fromMinor(allowance, 2).toFixed(2)} may go into a venue now under your loss and wager limits`,
      { allowanceMinor: allowance, allowance: fromMinor(allowance, 2) },
    );
  }
  if (refusal) throw refusal;
  if (allowance !== null && request.amountMinor > allowance) {
    throw new BusinessError('rpTransferOverAllowance', 'transferIntoVal: nothing may go into a venue now under your loss and wager limits', { allowanceMinor: 0, allowance: 0 });
  }
}

async function transferByRequest(q: Queryable, request: TransferRequest): Promise<VenueTransfer | undefined> {
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS} FROM venue_transfers WHERE member_id = $1 AND request_key = $2 AND venue_code = $3`,
    [request.memberId, request.requestKey, request.venueCode],
  );
  return rows[0] && transferOf(rows[0]);
}

function ledgerMove(debit: number, credit: number, row: Row | VenueTransfer, step: 'reserve' | 'post' | 'void'): TransferInput {
  const transfer = 'transfer_id' in row ? transferOf(row) : row;
  return {
    debitAccountId: debit, creditAccountId: credit, amountMinor: transfer.amountMinor, currency: 'CNY',
    code: `venue_transfer_${transfer.direction}`, reference: `${transfer.transferId}:${step}`, orderReference: transfer.transferId,
  };
}

/**
 * Step 3, in our own transaction: records the venue's answer once. Succeeded posts the
 * clearing amount to its destination (venue wallet for in, centre for out); failed voids
 * it back to the source. Only the call that flips the state from pending moves money, so
 * a double answer or two reconcilers settle once.
 */
export async function settleTransfer(db: Database, transfer: VenueTransfer, answer: VenueAnswer): Promise<VenueTransfer> {
  return db.transaction(async (tx) => {
    const state = answer.state === 'succeeded' ? 'completed' : 'failed';
    const { rows } = await tx.query<Row>(
      `UPDATE venue_transfers SET state = $2, failure = $3, settled_at = now() WHERE id = $1 AND state = 'pending' RETURNING ${COLUMNS}`,
      [transfer.id, state, answer.reason ?? null],
    );
    if (!rows[0]) return (await transferById(tx, transfer.id))!;
    const a = await accountsOf(tx, transfer.memberId, transfer.venueCode);
    const destination = transfer.direction === 'in' ? a.venue : a.centre;
    const source = transfer.direction === 'in' ? a.centre : a.venue;
    await createTransfers(tx, [ledgerMove(a.clearing, state === 'completed' ? destination : source, transfer, state === 'completed' ? 'post' : 'void')]);
    return transferOf(rows[0]);
  });
}

async function transferById(q: Queryable, id: number): Promise<VenueTransfer | undefined> {
  const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM venue_transfers WHERE id = $1`, [id]);
  return rows[0] && transferOf(rows[0]);
}

/**
 * Step 2 and 3: asks the venue (a fresh transfer is sent; a pending one is first looked
 * up by its transfer id, and sent again with the same id only when the venue never saw
 * it) and settles the answer. A timeout leaves the transfer pending for the next attempt.
 *
 * @example const done = await driveTransfer(db, venues, await reserveTransfer(db, request), { fresh: true });
 */
export async function driveTransfer(db: Database, provider: VenueProvider, transfer: VenueTransfer, options: { fresh?: boolean } = {}): Promise<VenueTransfer> {
  if (transfer.state !== 'pending') return transfer;
  const call = { transferId: transfer.transferId, venueCode: transfer.venueCode, memberId: transfer.memberId, amountMinor: transfer.amountMinor };
  let answer: VenueAnswer | undefined;
  try {
    if (!options.fresh) answer = await provider.queryTransfer(transfer.venueCode, transfer.transferId);
    answer ??= transfer.direction === 'in' ? await provider.transferIn(call) : await provider.transferOut(call);
  } catch (error) {
    if (error instanceof VenueTimeoutError) return transfer;
    throw error;
  }
  return settleTransfer(db, transfer, answer);
}

/**
 * Reconciles a member's pending transfers (all members when memberId is null) with the
 * venues; answers how many are still pending.
 *
 * @example await reconcilePendingTransfers(db, venues, memberId);
 */
export async function reconcilePendingTransfers(db: Database, provider: VenueProvider, memberId: number | null, limit = 100): Promise<number> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM venue_transfers WHERE state = 'pending' AND ($1::bigint IS NULL OR member_id = $1) ORDER BY id LIMIT $2`,
    [memberId, limit],
  );
  let pending = 0;
  for (const row of rows) {
    const settled = await driveTransfer(db, provider, transferOf(row)).catch(() => transferOf(row));
    if (settled.state === 'pending') pending += 1;
  }
  return pending;
}

/** A request's transfers (one per venue), oldest first. */
export async function transfersOfRequest(q: Queryable, memberId: number, requestKey: string): Promise<VenueTransfer[]> {
  const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM venue_transfers WHERE member_id = $1 AND request_key = $2 ORDER BY id`, [memberId, requestKey]);
  return rows.map(transferOf);
}
