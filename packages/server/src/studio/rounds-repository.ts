import type { Queryable } from '../db/database.js';
import type { SessionWallet } from './sessions.js';

/** A studio round as stored (`studio_rounds`). One bet per round: the round id is the bet id. */
export interface StudioRound {
  roundId: string;
  sessionHash: string;
  requestId: string;
  memberId: number | null;
  venueCode: string;
  gameCode: string;
  wallet: SessionWallet;
  seedPairId: number;
  clientSeed: string;
  nonce: number;
  bet: unknown;
  /** The engine's outcome; kept from the moment the round is played, shown once the round completes. */
  outcome: { stakeMinor: number; payoutMinor: number; result: string; display: unknown } | null;
  result: string;
  stakeMinor: number;
  payoutMinor: number;
  status: 'open' | 'completed' | 'cancelled';
  /** Seamless rounds: the wallet call still owed (`debit` sent but unknown, `credit` owed, `rollback` owed), `done` when none. */
  walletStep: 'debit' | 'credit' | 'rollback' | 'done';
  createdAt: Date;
  settledAt: Date | null;
}

interface RoundRow {
  round_id: string;
  session_hash: string;
  request_id: string;
  member_id: string | number | null;
  venue_code: string;
  game_code: string;
  wallet_model: SessionWallet;
  seed_pair_id: string | number;
  client_seed: string;
  nonce: number;
  bet: unknown;
  outcome: StudioRound['outcome'];
  result: string;
  stake_minor: string | number;
  payout_minor: string | number;
  status: StudioRound['status'];
  wallet_step: StudioRound['walletStep'];
  created_at: Date;
  settled_at: Date | null;
}

function roundOf(row: RoundRow): StudioRound {
  return {
    roundId: row.round_id, sessionHash: row.session_hash, requestId: row.request_id, memberId: row.member_id === null ? null : Number(row.member_id),
    venueCode: row.venue_code, gameCode: row.game_code, wallet: row.wallet_model, seedPairId: Number(row.seed_pair_id), clientSeed: row.client_seed,
    nonce: Number(row.nonce), bet: row.bet, outcome: row.outcome, result: row.result, stakeMinor: Number(row.stake_minor),
    payoutMinor: Number(row.payout_minor), status: row.status, walletStep: row.wallet_step, createdAt: row.created_at, settledAt: row.settled_at,
  };
}

export async function insertRound(tx: Queryable, round: StudioRound): Promise<void> {
  await tx.query(
    `INSERT INTO studio_rounds (round_id, session_hash, request_id, member_id, venue_code, game_code, wallet_model, seed_pair_id, client_seed, nonce,
       bet, outcome, result, stake_minor, payout_minor, status, wallet_step, created_at, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      round.roundId, round.sessionHash, round.requestId, round.memberId, round.venueCode, round.gameCode, round.wallet, round.seedPairId, round.clientSeed,
      round.nonce, JSON.stringify(round.bet), JSON.stringify(round.outcome), round.result, round.stakeMinor, round.payoutMinor, round.status,
      round.walletStep, round.createdAt, round.settledAt,
    ],
  );
}

/** Moves a round on: its status and the wallet call still owed (settled_at set when it ends). */
export async function updateRound(db: Queryable, roundId: string, status: StudioRound['status'], walletStep: StudioRound['walletStep'], now: Date): Promise<void> {
  await db.query(
    `UPDATE studio_rounds SET status = $2, wallet_step = $3, settled_at = CASE WHEN $2 = 'open' THEN NULL ELSE $4::timestamptz END WHERE round_id = $1`,
    [roundId, status, walletStep, now],
  );
}

export async function roundByRequest(db: Queryable, sessionHash: string, requestId: string): Promise<StudioRound | undefined> {
  const { rows } = await db.query<RoundRow>('SELECT * FROM studio_rounds WHERE session_hash = $1 AND request_id = $2', [sessionHash, requestId]);
  return rows[0] && roundOf(rows[0]);
}

export async function roundById(db: Queryable, roundId: string): Promise<StudioRound | undefined> {
  const { rows } = await db.query<RoundRow>('SELECT * FROM studio_rounds WHERE round_id = $1', [roundId]);
  return rows[0] && roundOf(rows[0]);
}

/** The newest rounds of a session's owner and game (a member's across sessions; a demo session's own), newest first. */
export async function roundsOfOwner(
  db: Queryable,
  owner: { memberId: number | null; sessionHash: string; venueCode: string; gameCode: string },
  limit: number,
): Promise<StudioRound[]> {
  const { rows } = owner.memberId === null
    ? await db.query<RoundRow>('SELECT * FROM studio_rounds WHERE session_hash = $1 ORDER BY created_at DESC, nonce DESC LIMIT $2', [owner.sessionHash, limit])
    : await db.query<RoundRow>(
      'SELECT * FROM studio_rounds WHERE member_id = $1 AND venue_code = $2 AND game_code = $3 ORDER BY created_at DESC, nonce DESC LIMIT $4',
      [owner.memberId, owner.venueCode, owner.gameCode, limit],
    );
  return rows.map(roundOf);
}

/** Open rounds: of one member's game (resume), or every one started before `before` (the sweep). */
export async function openRounds(db: Queryable, filter: { memberId: number; venueCode: string; gameCode: string } | { before: Date }): Promise<StudioRound[]> {
  const { rows } = 'before' in filter
    ? await db.query<RoundRow>(`SELECT * FROM studio_rounds WHERE status = 'open' AND created_at < $1 ORDER BY created_at LIMIT 100`, [filter.before])
    : await db.query<RoundRow>(
      `SELECT * FROM studio_rounds WHERE status = 'open' AND member_id = $1 AND venue_code = $2 AND game_code = $3 ORDER BY created_at`,
      [filter.memberId, filter.venueCode, filter.gameCode],
    );
  return rows.map(roundOf);
}
