import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { inboxTopic } from './topics.js';

/** A broker login lives 12 hours; the widget asks the connector again after that. */
export const CREDENTIAL_TTL_MS = 12 * 3600 * 1000;

/** What a broker login may read. */
export interface BrokerGrant {
  username: string;
  memberId: number | null;
  roomTopic: string;
  inboxTopic: string | null;
}

/**
 * The MQTT client id a login must connect with: its username. MQTT ends a live connection
 * when another CONNECT brings the same client id, so a client id any login could use would
 * let one login knock another off; the brokers refuse any other id (embedded-broker.ts,
 * broker-auth-routes.ts, dynsec.ts).
 *
 * @example ownsClientId('v-abc', 'v-abc') // true
 */
export function ownsClientId(username: string, clientId: string): boolean {
  return clientId === username;
}

function hashOf(password: string): string {
  return createHash('sha256').update(password).digest('hex');
}

/**
 * Issues a broker login for one room: a random username and password (128 bits), the
 * password stored as SHA-256 only, and the client id it must connect with (its username).
 * A member also gets its own inbox topic.
 *
 * @example const login = await issueCredential(db, { memberId: 7, roomTopic: 'lobby/room/4/1', nowMs: Date.now() });
 */
export async function issueCredential(db: Queryable, input: { memberId: number | null; roomTopic: string; nowMs: number }) {
  const username = `${input.memberId === null ? 'v' : 'm'}-${randomBytes(9).toString('base64url')}`;
  const password = randomBytes(16).toString('base64url');
  const expiresAtMs = input.nowMs + CREDENTIAL_TTL_MS;
  const inbox = input.memberId === null ? null : inboxTopic(username);
  await db.query(
    `INSERT INTO chat_credentials (username, password_hash, member_id, room_topic, inbox_topic, expires_at)
     VALUES ($1, $2, $3, $4, $5, to_timestamp($6 / 1000.0))`,
    [username, hashOf(password), input.memberId, input.roomTopic, inbox, expiresAtMs],
  );
  return { username, password, clientId: username, expiresAtMs, inboxTopic: inbox };
}

/**
 * Ends a member's live chat logins now (its account was disabled): they no longer connect,
 * and a broker that keeps its own logins drops them with the expired ones. Answers their
 * usernames, for closing their open connections once this is committed (ChatService.disconnect).
 */
export async function endMemberCredentials(db: Queryable, memberId: number, nowMs: number): Promise<string[]> {
  const { rows } = await db.query<{ username: string }>(
    'UPDATE chat_credentials SET expires_at = to_timestamp($2 / 1000.0) WHERE member_id = $1 AND expires_at > to_timestamp($2 / 1000.0) RETURNING username',
    [memberId, nowMs],
  );
  return rows.map((row) => row.username);
}

/** The grant of a live login whose password matches, else null. */
export async function verifyCredential(db: Queryable, username: string, password: string, nowMs: number): Promise<BrokerGrant | null> {
  const { rows } = await db.query<{ hash: string; memberId: number | null; roomTopic: string; inboxTopic: string | null }>(
    `SELECT password_hash AS hash, member_id::int AS "memberId", room_topic AS "roomTopic", inbox_topic AS "inboxTopic"
       FROM chat_credentials WHERE username = $1 AND expires_at > to_timestamp($2 / 1000.0)`,
    [username, nowMs],
  );
  const row = rows[0];
  if (!row) return null;
  const given = Buffer.from(hashOf(password));
  if (!timingSafeEqual(given, Buffer.from(row.hash))) return null;
  return { username, memberId: row.memberId, roomTopic: row.roomTopic, inboxTopic: row.inboxTopic };
}

/** The inbox topics of a member's live logins (one per open tab or room). */
export async function inboxesOf(db: Queryable, memberId: number, nowMs: number): Promise<string[]> {
  const { rows } = await db.query<{ topic: string }>(
    'SELECT inbox_topic AS topic FROM chat_credentials WHERE member_id = $1 AND inbox_topic IS NOT NULL AND expires_at > to_timestamp($2 / 1000.0)',
    [memberId, nowMs],
  );
  return rows.map((row) => row.topic);
}

/** Up to `limit` expired logins, oldest first, for removal from a broker that keeps its own logins. */
export async function expiredLogins(db: Queryable, nowMs: number, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ username: string }>(
    'SELECT username FROM chat_credentials WHERE expires_at <= to_timestamp($1 / 1000.0) ORDER BY expires_at LIMIT $2',
    [nowMs, limit],
  );
  return rows.map((row) => row.username);
}

/** Deletes the named logins (after the broker forgot them). */
export async function deleteLogins(db: Queryable, usernames: string[]): Promise<void> {
  if (usernames.length > 0) await db.query('DELETE FROM chat_credentials WHERE username = ANY($1)', [usernames]);
}

/** Deletes expired logins (housekeeping). */
export async function purgeCredentials(db: Queryable, nowMs: number): Promise<number> {
  return (await db.query('DELETE FROM chat_credentials WHERE expires_at <= to_timestamp($1 / 1000.0)', [nowMs])).rowCount;
}
