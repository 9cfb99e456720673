import { randomBytes } from 'node:crypto';
import { AVATAR_IMAGE_PATH } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import type { AvatarImage } from './avatar-image.js';

/** An uploaded avatar's token: 32 URL-safe characters. */
export const AVATAR_TOKEN = /^[A-Za-z0-9_-]{32}$/;

const COLOURS = ['#2f7d4f', '#1f5fa8', '#b5542b', '#6b3fa0', '#a0307a', '#7a6a1f'] as const;
const NICKNAMES = ['幸运星 Lucky star', '追风者 Wind chaser', '小飞侠 Little flyer', '夜猫子 Night owl', '常胜将军 Champion', '观星人 Stargazer'] as const;

/** A default avatar: a coloured circle with a face, as an SVG data URL (the CSP allows img-src data:). */
function defaultAvatarUrl(colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${colour}"/><circle cx="32" cy="26" r="11" fill="#fff"/><path d="M12 54c4-11 12-16 20-16s16 5 20 16" fill="#fff"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The default avatars (ids 1 to 6) and suggested nicknames. */
export const DEFAULT_PROFILE = {
  avatars: COLOURS.map((colour, index) => ({ id: index + 1, url: defaultAvatarUrl(colour) })),
  nickNames: [...NICKNAMES],
};

async function setAvatar(db: Queryable, memberId: number, url: string, nowMs: number): Promise<void> {
  await db.query(
    `INSERT INTO member_avatars (member_id, avatar_url, updated_at) VALUES ($1, $2, to_timestamp($3 / 1000.0))
     ON CONFLICT (member_id) DO UPDATE SET avatar_url = EXCLUDED.avatar_url, updated_at = EXCLUDED.updated_at`,
    [memberId, url, nowMs],
  );
}

/** Uses a default avatar; throws defaultAvatarUnknown for an id not offered. */
export async function chooseDefaultAvatar(db: Queryable, memberId: number, avatarId: number, nowMs: number): Promise<string> {
  const avatar = DEFAULT_PROFILE.avatars.find((candidate) => candidate.id === avatarId);
  if (!avatar) throw new BusinessError('defaultAvatarUnknown', `avatarId: 1 to ${DEFAULT_PROFILE.avatars.length}`);
  await setAvatar(db, memberId, avatar.url, nowMs);
  return avatar.url;
}

/** Stores an uploaded avatar, makes it the member's, and drops the member's older uploads. */
export async function storeUploadedAvatar(db: Queryable, memberId: number, image: AvatarImage, nowMs: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.query('DELETE FROM avatar_images WHERE member_id = $1', [memberId]);
  await db.query('INSERT INTO avatar_images (token, member_id, media_type, bytes, created_at) VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))', [
    token, memberId, image.mediaType, image.bytes, nowMs,
  ]);
  const url = AVATAR_IMAGE_PATH + token;
  await setAvatar(db, memberId, url, nowMs);
  return url;
}

/** An uploaded avatar's bytes by its token. */
export async function findAvatarImage(db: Queryable, token: string): Promise<{ mediaType: string; bytes: Uint8Array } | undefined> {
  const { rows } = await db.query<{ mediaType: string; bytes: Uint8Array }>('SELECT media_type AS "mediaType", bytes FROM avatar_images WHERE token = $1', [token]);
  return rows[0];
}

/** The member's avatar URL ('' before it has one). */
export async function avatarUrlOf(db: Queryable, memberId: number): Promise<string> {
  const { rows } = await db.query<{ avatar_url: string }>('SELECT avatar_url FROM member_avatars WHERE member_id = $1', [memberId]);
  return rows[0]?.avatar_url ?? '';
}

/** The member's material: one read of avatar, names, level and registration. */
export async function materialOf(db: Queryable, memberId: number) {
  const { rows } = await db.query<{ name: string; nickName: string; avatar: string; grade: number; registeredAt: number }>(
    `SELECT m.name, m.nick_name AS "nickName", coalesce(a.avatar_url, '') AS avatar, m.grade,
            (extract(epoch FROM m.created_at) * 1000)::bigint AS "registeredAt"
       FROM members m LEFT JOIN member_avatars a ON a.member_id = m.id WHERE m.id = $1`,
    [memberId],
  );
  const row = rows[0]!;
  return { ...row, grade: Number(row.grade), registeredAt: Number(row.registeredAt) };
}
