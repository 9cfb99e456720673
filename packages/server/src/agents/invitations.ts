import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/database.js';

/** The letters of a member's invite code: no 0/O, 1/I/L to read it aloud (our choice). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;
/** A code as the URL carries it (the contract's INVITE_CODE_PATTERN). */
const CODE_SHAPE = /^[A-Za-z0-9_-]{1,32}$/;

const newCode = () => Array.from({ length: INVITE_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * The member's own invite code, made once (8 letters, unique on the brand): its links carry
 * it as i_code (friends) or r_code (an agent's referrals).
 *
 * @example const code = await ownInviteCode(db, member.id, member.siteId, now); // 'K7QW2MZP'
 */
export async function ownInviteCode(q: Queryable, memberId: number, siteId: number, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const existing = await q.query<{ code: string }>('SELECT code FROM member_invite_codes WHERE member_id = $1', [memberId]);
    if (existing.rows[0]) return existing.rows[0].code;
    await q.query('INSERT INTO member_invite_codes (member_id, site_id, code, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [memberId, siteId, newCode(), now]);
  }
  throw new Error(`could not make an invite code for member ${memberId}`);
}

/** The member owning `code` on the brand (codes compare case-insensitively), or null. */
export async function codeOwner(q: Queryable, siteId: number, code: string | undefined): Promise<number | null> {
  if (!code || !CODE_SHAPE.test(code)) return null;
  const { rows } = await q.query<{ member_id: string | number }>('SELECT member_id FROM member_invite_codes WHERE site_id = $1 AND code = $2', [siteId, code.toUpperCase()]);
  return rows[0] ? Number(rows[0].member_id) : null;
}

/** The codes a new member registered with (the session keys of spec section 9). */
export interface RegistrationCodes {
  /** i_code: a friend's invitation. */
  inviteCode?: string | undefined;
  /** r_code: an agent's referral. */
  referralCode?: string | undefined;
  agentVerify?: string | undefined;
  /** isfission: '1' or 'true' for a fission (friend-of-friend) campaign link. */
  isFission?: string | boolean | undefined;
}

const kept = (value: string | undefined) => (value && CODE_SHAPE.test(value) ? value : '');

/**
 * Stores the codes a member registered with and links it to the inviter: the owner of the
 * invite code, else of the referral code (on the same brand, never itself). Codes nobody
 * owns are stored unlinked. Nothing is stored when no code came. Answers the inviter.
 *
 * @example await recordInvitation(db, { inviteeId, siteId, codes: { inviteCode: 'K7QW2MZP' }, now });
 */
export async function recordInvitation(q: Queryable, input: { inviteeId: number; siteId: number; codes: RegistrationCodes; now: Date }): Promise<number | null> {
  const { codes } = input;
  const inviteCode = kept(codes.inviteCode);
  const referralCode = kept(codes.referralCode);
  const agentVerify = kept(codes.agentVerify);
  const isFission = codes.isFission === true || codes.isFission === '1' || codes.isFission === 'true';
  if (!inviteCode && !referralCode && !agentVerify) return null;
  const owner = (await codeOwner(q, input.siteId, inviteCode)) ?? (await codeOwner(q, input.siteId, referralCode));
  const inviterId = owner === input.inviteeId ? null : owner;
  await q.query(
    `INSERT INTO member_invitations (invitee_id, site_id, inviter_id, invite_code, referral_code, agent_verify, is_fission, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (invitee_id) DO NOTHING`,
    [input.inviteeId, input.siteId, inviterId, inviteCode, referralCode, agentVerify, isFission, input.now],
  );
  return inviterId;
}

/** Who invited the member (null when nobody did). */
export async function inviterOf(q: Queryable, memberId: number): Promise<{ inviterId: number; invitedAt: Date } | null> {
  const { rows } = await q.query<{ inviter_id: string | number | null; created_at: Date }>('SELECT inviter_id, created_at FROM member_invitations WHERE invitee_id = $1', [memberId]);
  const row = rows[0];
  return row && row.inviter_id !== null ? { inviterId: Number(row.inviter_id), invitedAt: row.created_at } : null;
}

/** Masks a name for another member's eyes: first two letters, ***, the last (ab***c). */
export function maskName(name: string): string {
  const letters = [...name];
  if (letters.length <= 2) return `${letters[0] ?? ''}***`;
  return `${letters.slice(0, 2).join('')}***${letters.at(-1)}`;
}

/**
 * Whether two members share a device (a session's device id) or a phone number: the
 * self-invitation rule (docs/AGENTS.md "Abuse").
 */
export async function sharedIdentity(q: Queryable, a: number, b: number): Promise<'device' | 'phone' | null> {
  const device = await q.query(
    `SELECT 1 FROM sessions x JOIN sessions y ON y.device_id = x.device_id WHERE x.member_id = $1 AND y.member_id = $2 AND x.device_id <> '' LIMIT 1`,
    [a, b],
  );
  if (device.rows.length > 0) return 'device';
  const phone = await q.query(
    `SELECT 1 FROM members x JOIN members y ON y.phone = x.phone AND y.area_code = x.area_code WHERE x.id = $1 AND y.id = $2 AND x.phone <> ''`,
    [a, b],
  );
  return phone.rows.length > 0 ? 'phone' : null;
}
