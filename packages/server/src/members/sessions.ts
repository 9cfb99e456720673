import { hash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database.js';
import type { CallMember } from '../http/pipeline.js';
import { readCachesOf, suspendSessionCaches } from './read-caches.js';

/** A session lasts 7 days from login; logout or a password change ends it earlier. */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

/** The member behind a valid token: the caller of a member call. */
export type SessionMember = CallMember;

/** The token is 128 random bits as hex; the database keeps only its SHA-256. */
function tokenHash(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Starts a session; answers the token, which is shown to the client once and never stored. */
export async function createSession(db: Queryable, memberId: number, deviceId: string, nowMs: number): Promise<string> {
  const token = randomBytes(16).toString('hex');
  await db.query(
    `INSERT INTO sessions (token_hash, member_id, device_id, created_at, expires_at)
     VALUES ($1, $2, $3, to_timestamp($4 / 1000.0), to_timestamp($5 / 1000.0))`,
    [tokenHash(token), memberId, deviceId, nowMs, nowMs + SESSION_TTL_MS],
  );
  return token;
}

/** The live session of a token, or null when unknown, expired, revoked or its member disabled. */
export async function findSession(db: Queryable, token: string, nowMs: number): Promise<SessionMember | null> {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  return (await findSessionByHash(db, tokenHash(token), nowMs))?.member ?? null;
}

/**
 * The live session of a token, for the session cache: looked up by the token's hash
 * (`tokenHashOf`), with the time it ends. Null when unknown, expired, revoked or its member
 * disabled (an operator's disable revokes the sessions too; a status set by hand still counts).
 */
export async function findSessionByHash(db: Queryable, hash: string, nowMs: number): Promise<{ member: SessionMember; expiresAtMs: number } | null> {
  const { rows } = await db.query<SessionMember & { expiresAtMs: number | string }>(
    `SELECT s.id AS "sessionId", m.id, m.name, m.site_id AS "siteId",
            floor(extract(epoch FROM s.expires_at) * 1000)::float8 AS "expiresAtMs"
       FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > to_timestamp($2 / 1000.0) AND m.status <> 3`,
    [hash, nowMs],
  );
  const row = rows[0];
  if (!row) return null;
  const { expiresAtMs, ...member } = row;
  return { member, expiresAtMs: Number(expiresAtMs) };
}

/**
 * The live session of a token through the session cache (ReadCaches): the cache is keyed
 * by the token's hash, so a token reaches only its own session; a cached session past its
 * end is not served. The request pipeline asks it for every member call.
 *
 * @example const member = await cachedSessionMember(db, Date.now(), token);
 */
export async function cachedSessionMember(db: Database, nowMs: number, token: string): Promise<SessionMember | null> {
  const hash = tokenHashOf(token);
  if (!hash) return null;
  const caches = readCachesOf(db);
  const servable = caches.sessionsServable();
  const found = caches.sessions.peek(hash, nowMs, servable) ?? (await caches.sessions.get(hash, nowMs, () => findSessionByHash(db, hash, nowMs), servable));
  return found && found.expiresAtMs > nowMs ? found.member : null;
}

/** The hash a token is stored and cached by; null for text that cannot be a token. */
export function tokenHashOf(token: string): string | null {
  return /^[0-9a-f]{32}$/.test(token) ? tokenHash(token) : null;
}

/** Ends one session. */
export async function revokeSession(db: Queryable, sessionId: number): Promise<void> {
  suspendSessionCaches();
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/** Ends every session of a member except `keepSessionId` (after a password change). */
export async function revokeOtherSessions(db: Queryable, memberId: number, keepSessionId: number | null): Promise<void> {
  suspendSessionCaches();
  await db.query('UPDATE sessions SET revoked_at = now() WHERE member_id = $1 AND id <> $2 AND revoked_at IS NULL', [memberId, keepSessionId ?? -1]);
}

/** Deletes sessions that ended before `beforeMs`. */
export async function purgeSessions(db: Queryable, beforeMs: number): Promise<number> {
  const result = await db.query(
    'DELETE FROM sessions WHERE expires_at < to_timestamp($1 / 1000.0) OR revoked_at < to_timestamp($1 / 1000.0)',
    [beforeMs],
  );
  return result.rowCount;
}
