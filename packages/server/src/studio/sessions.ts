import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';

/** How the session's money is held: the sandbox venue wallet, lobby's seamless wallet, or fun money in the session. */
export type SessionWallet = 'transfer' | 'seamless' | 'demo';

/** A studio session: what a game page plays with (docs/STUDIO.md, "Sessions and seeds"). */
export interface StudioSession {
  sessionHash: string;
  memberId: number | null;
  venueCode: string;
  gameCode: string;
  wallet: SessionWallet;
  language: 'zh-CN' | 'en';
  expiresAt: Date;
}

/** A session lives this long after its launch; the game page asks the host to launch again after it. */
export const STUDIO_SESSION_TTL_MS = 12 * 3600_000;
/** Fun money of a demo session: 2,000.00. */
export const DEMO_BALANCE_MINOR = 200_000;

interface SessionRow {
  session_hash: string;
  member_id: string | number | null;
  venue_code: string;
  game_code: string;
  wallet_model: SessionWallet;
  language: 'zh-CN' | 'en';
  expires_at: Date;
}

/** SHA-256 hex of a secret (session ids and launch tokens are kept only hashed). */
export function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Opens a session and answers its id (32 random bytes, base64url; only its hash is kept).
 *
 * @example const id = await openSession(db, { memberId: 7, venueCode: 'LBSLOTS', gameCode: 'fruit3', wallet: 'transfer', language: 'en' }, now);
 */
export async function openSession(
  db: Queryable,
  session: { memberId: number | null; venueCode: string; gameCode: string; wallet: SessionWallet; language: 'zh-CN' | 'en'; launchTokenHash?: string },
  now: Date,
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO studio_sessions (session_hash, member_id, venue_code, game_code, wallet_model, language, launch_token_hash, demo_balance_minor, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      hashOf(id), session.memberId, session.venueCode, session.gameCode, session.wallet, session.language, session.launchTokenHash ?? null,
      session.wallet === 'demo' ? DEMO_BALANCE_MINOR : null, now, new Date(now.getTime() + STUDIO_SESSION_TTL_MS),
    ],
  );
  return id;
}

/** The live session of an id, or BusinessError studioSessionInvalid (unknown, malformed or expired). */
export async function sessionOf(db: Queryable, sessionId: unknown, now: Date): Promise<StudioSession> {
  if (typeof sessionId !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(sessionId)) throw new BusinessError('studioSessionInvalid', 'session: missing or malformed');
  const { rows } = await db.query<SessionRow>(
    'SELECT session_hash, member_id, venue_code, game_code, wallet_model, language, expires_at FROM studio_sessions WHERE session_hash = $1',
    [hashOf(sessionId)],
  );
  const row = rows[0];
  if (!row) throw new BusinessError('studioSessionInvalid', 'session: unknown; launch the game again');
  if (row.expires_at.getTime() <= now.getTime()) throw new BusinessError('studioSessionInvalid', 'session: expired; launch the game again');
  return {
    sessionHash: row.session_hash, memberId: row.member_id === null ? null : Number(row.member_id), venueCode: row.venue_code,
    gameCode: row.game_code, wallet: row.wallet_model, language: row.language, expiresAt: row.expires_at,
  };
}
