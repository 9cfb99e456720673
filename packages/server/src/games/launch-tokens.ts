import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';

/**
 * One-time game launch tokens (issue 18; docs/GAMES.md, "Launch"). A token is 32 random
 * bytes (base64url), handed to the provider in the launch; lobby keeps only its SHA-256.
 * It is bound to one member, venue, game and currency, expires 120 s after minting and is
 * redeemed at most once (the seamless wallet's `authenticate` redeems it).
 */

/** How long a launch token can be redeemed, in milliseconds. */
export const LAUNCH_TOKEN_TTL_MS = 120_000;

export interface LaunchTokenBinding {
  memberId: number;
  venueCode: string;
  gameCode: string;
  currency: string;
}

export type RedeemResult = ({ ok: true } & LaunchTokenBinding) | { ok: false; reason: 'unknown' | 'expired' | 'used' };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Mints a launch token for a member's game; answers the token (shown once) and when it expires.
 *
 * @example const { token, expiresAt } = await mintLaunchToken(db, { memberId, venueCode: 'LBSLOTS', gameCode: 'fruit', currency: 'CNY' }, new Date());
 */
export async function mintLaunchToken(db: Queryable, binding: LaunchTokenBinding, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LAUNCH_TOKEN_TTL_MS);
  await db.query(
    `INSERT INTO game_launch_tokens (token_hash, member_id, venue_code, game_code, currency, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [hashOf(token), binding.memberId, binding.venueCode, binding.gameCode, binding.currency, now, expiresAt],
  );
  return { token, expiresAt };
}

/**
 * Redeems a launch token once: the one UPDATE that marks it used decides, so two
 * concurrent redeems of one token see one success. A failure says why (unknown, expired
 * or already used) and changes nothing.
 *
 * @example const r = await redeemLaunchToken(db, token, new Date()); if (r.ok) play(r.memberId);
 */
export async function redeemLaunchToken(db: Queryable, token: string, now: Date): Promise<RedeemResult> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 128) return { ok: false, reason: 'unknown' };
  const hash = hashOf(token);
  const { rows } = await db.query<{ member_id: string | number; venue_code: string; game_code: string; currency: string }>(
    `UPDATE game_launch_tokens SET used_at = $2
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING member_id, venue_code, game_code, currency`,
    [hash, now],
  );
  const row = rows[0];
  if (row) return { ok: true, memberId: Number(row.member_id), venueCode: row.venue_code, gameCode: row.game_code, currency: row.currency };
  const found = await db.query<{ used_at: Date | null }>('SELECT used_at FROM game_launch_tokens WHERE token_hash = $1', [hash]);
  const earlier = found.rows[0];
  if (!earlier) return { ok: false, reason: 'unknown' };
  return { ok: false, reason: earlier.used_at ? 'used' : 'expired' };
}

/** Deletes tokens that expired before `before` (kept a while for the `expired` answer). */
export async function purgeLaunchTokens(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM game_launch_tokens WHERE expires_at < $1', [before]);
  return rowCount;
}
