import type { Queryable } from '../db/database.js';

/**
 * The seamless wallet's rows: the provider's transactions (with the answer lobby gave)
 * and rounds (migration 0730), and the bets they write into the shared `game_bets`.
 */

/** Where a debit stands: taken, paid by a credit (round still open), settled with its round, refunded, or refused. */
export type DebitState = 'debited' | 'credited' | 'settled' | 'rolled_back' | 'refused';

export interface TransactionRow {
  operation: 'bet' | 'win' | 'rollback';
  /** null: a tombstone (a rollback came before this bet). */
  bodyHash: string | null;
  roundId: string | null;
  memberId: number | null;
  venueCode: string | null;
  amountMinor: number;
  debitState: DebitState | null;
  answer: string | null;
}

interface RawTransaction {
  operation: TransactionRow['operation'];
  body_hash: string | null;
  round_id: string | null;
  member_id: string | number | null;
  venue_code: string | null;
  amount_minor: string | number;
  debit_state: DebitState | null;
  answer: string | null;
}

const rowOf = (r: RawTransaction): TransactionRow => ({
  operation: r.operation,
  bodyHash: r.body_hash,
  roundId: r.round_id,
  memberId: r.member_id === null ? null : Number(r.member_id),
  venueCode: r.venue_code,
  amountMinor: Number(r.amount_minor),
  debitState: r.debit_state,
  answer: r.answer,
});

const TX_COLUMNS = 'operation, body_hash, round_id, member_id, venue_code, amount_minor, debit_state, answer';

/** One transaction of a provider; `lock` takes its row lock (inside a transaction). */
export async function findTransaction(q: Queryable, providerId: string, transactionId: string, lock = false): Promise<TransactionRow | undefined> {
  const { rows } = await q.query<RawTransaction>(
    `SELECT ${TX_COLUMNS} FROM seamless_transactions WHERE provider_id = $1 AND transaction_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [providerId, transactionId],
  );
  return rows[0] && rowOf(rows[0]);
}

/** A transaction as first claimed: its row without an answer yet, under the provider's id. */
export interface NewTransaction extends Omit<TransactionRow, 'answer'> {
  providerId: string;
  transactionId: string;
  createdAt: Date;
}

/**
 * Claims a transaction id: true when this call inserted it. A concurrent claim of the
 * same id waits for the first to commit or roll back, so exactly one applies it.
 */
export async function claimTransaction(q: Queryable, t: NewTransaction): Promise<boolean> {
  const { rows } = await q.query(
    `INSERT INTO seamless_transactions (provider_id, transaction_id, operation, body_hash, round_id, member_id, venue_code, amount_minor, debit_state, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING RETURNING 1`,
    [t.providerId, t.transactionId, t.operation, t.bodyHash, t.roundId, t.memberId, t.venueCode, t.amountMinor, t.debitState, t.createdAt],
  );
  return rows.length === 1;
}

/** Keeps the answer given to a transaction (and, for a bet, where its debit stands). */
export async function storeAnswer(q: Queryable, providerId: string, transactionId: string, answer: string, debitState?: DebitState): Promise<void> {
  await q.query(
    `UPDATE seamless_transactions SET answer = $3, debit_state = COALESCE($4, debit_state) WHERE provider_id = $1 AND transaction_id = $2`,
    [providerId, transactionId, answer, debitState ?? null],
  );
}

export interface RoundRow {
  memberId: number;
  venueCode: string;
  gameCode: string;
  status: 'open' | 'completed' | 'cancelled';
}

interface RawRound {
  member_id: string | number;
  venue_code: string;
  game_code: string;
  status: RoundRow['status'];
}

const roundOf = (r: RawRound): RoundRow => ({ memberId: Number(r.member_id), venueCode: r.venue_code, gameCode: r.game_code, status: r.status });

/** A round under its row lock; undefined when the provider never opened it. */
export async function lockRound(q: Queryable, providerId: string, roundId: string): Promise<RoundRow | undefined> {
  const { rows } = await q.query<RawRound>(
    'SELECT member_id, venue_code, game_code, status FROM seamless_rounds WHERE provider_id = $1 AND round_id = $2 FOR UPDATE',
    [providerId, roundId],
  );
  return rows[0] && roundOf(rows[0]);
}

/** Ends a round (or notes activity on it when `status` stays open). */
export async function updateRound(q: Queryable, providerId: string, roundId: string, status: RoundRow['status'], at: Date): Promise<void> {
  await q.query(
    `UPDATE seamless_rounds SET status = $3, last_activity_at = $4, ended_at = CASE WHEN $3 = 'open' THEN NULL ELSE $4::timestamptz END
     WHERE provider_id = $1 AND round_id = $2`,
    [providerId, roundId, status, at],
  );
}

export interface RoundDebit {
  transactionId: string;
  memberId: number;
  venueCode: string;
  amountMinor: number;
  debitState: DebitState;
}

/** The applied debits of a round (refused ones left out), locked, oldest first. */
export async function lockRoundDebits(q: Queryable, providerId: string, roundId: string): Promise<RoundDebit[]> {
  const { rows } = await q.query<{ transaction_id: string; member_id: string | number; venue_code: string; amount_minor: string | number; debit_state: DebitState }>(
    `SELECT transaction_id, member_id, venue_code, amount_minor, debit_state FROM seamless_transactions
     WHERE provider_id = $1 AND round_id = $2 AND operation = 'bet' AND body_hash IS NOT NULL AND debit_state <> 'refused'
     ORDER BY created_at, transaction_id FOR UPDATE`,
    [providerId, roundId],
  );
  return rows.map((r) => ({
    transactionId: r.transaction_id, memberId: Number(r.member_id), venueCode: r.venue_code, amountMinor: Number(r.amount_minor), debitState: r.debit_state,
  }));
}

/** Moves debits to a new state. */
export async function setDebitStates(q: Queryable, providerId: string, transactionIds: readonly string[], state: DebitState): Promise<void> {
  if (transactionIds.length === 0) return;
  await q.query(
    'UPDATE seamless_transactions SET debit_state = $3 WHERE provider_id = $1 AND transaction_id = ANY($2::text[])',
    [providerId, transactionIds, state],
  );
}

/** Settles the open bets named: valid bet = stake. */
export async function settleGameBets(q: Queryable, venueCode: string, betIds: readonly string[], at: Date): Promise<void> {
  if (betIds.length === 0) return;
  await q.query(
    `UPDATE game_bets SET status = 'settled', valid_bet_minor = stake_minor, settled_at = $3
     WHERE venue_code = $1 AND provider_bet_id = ANY($2::text[]) AND status = 'open'`,
    [venueCode, betIds, at],
  );
}

/** Cancels open bets (refunded): no turnover. */
export async function cancelGameBets(q: Queryable, venueCode: string, betIds: readonly string[], at: Date): Promise<void> {
  if (betIds.length === 0) return;
  await q.query(
    `UPDATE game_bets SET status = 'cancelled', valid_bet_minor = 0, settled_at = $3
     WHERE venue_code = $1 AND provider_bet_id = ANY($2::text[]) AND status = 'open'`,
    [venueCode, betIds, at],
  );
}

/** Open rounds with no activity since `before`, oldest first. */
export async function staleRounds(q: Queryable, before: Date, limit: number): Promise<{ providerId: string; roundId: string }[]> {
  const { rows } = await q.query<{ provider_id: string; round_id: string }>(
    `SELECT provider_id, round_id FROM seamless_rounds WHERE status = 'open' AND last_activity_at < $1 ORDER BY last_activity_at LIMIT $2`,
    [before, limit],
  );
  return rows.map((r) => ({ providerId: r.provider_id, roundId: r.round_id }));
}

/** Locks a round that is still open and idle since `before`; false when it moved on meanwhile. */
export async function lockStaleRound(q: Queryable, providerId: string, roundId: string, before: Date): Promise<RoundRow | undefined> {
  const { rows } = await q.query<RawRound>(
    `SELECT member_id, venue_code, game_code, status FROM seamless_rounds
     WHERE provider_id = $1 AND round_id = $2 AND status = 'open' AND last_activity_at < $3 FOR UPDATE`,
    [providerId, roundId, before],
  );
  return rows[0] && roundOf(rows[0]);
}
