import { PHONE_REBIND_WINDOW_MIN, type PersonalInfo, type ReceiverAddress } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { maskPhone } from '../members/member-info.js';
import type { MemberRow } from '../members/member-repository.js';

const REBIND_WINDOW_MS = PHONE_REBIND_WINDOW_MIN * 60_000;

/** The profile columns beside the member row: birthday and the last bound-phone verification. */
export interface ProfileRow {
  birthday: string | null;
  phoneVerifiedAtMs: number | null;
}

export async function profileOf(db: Queryable, memberId: number): Promise<ProfileRow> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT to_char(birthday, 'YYYY-MM-DD') AS birthday,
            (extract(epoch FROM phone_verified_at) * 1000)::bigint AS "phoneVerifiedAtMs"
       FROM member_profiles WHERE member_id = $1`,
    [memberId],
  );
  const row = rows[0];
  return { birthday: row?.birthday ?? null, phoneVerifiedAtMs: row?.phoneVerifiedAtMs === null || row === undefined ? null : Number(row.phoneVerifiedAtMs) };
}

export async function addressOf(db: Queryable, memberId: number): Promise<ReceiverAddress | null> {
  const { rows } = await db.query<ReceiverAddress>(
    'SELECT receiver, province, city, district, address, phone FROM member_addresses WHERE member_id = $1',
    [memberId],
  );
  return rows[0] ?? null;
}

/** True while a verification of the bound phone allows binding another number. */
export function mayRebind(profile: ProfileRow, nowMs: number): boolean {
  return profile.phoneVerifiedAtMs !== null && nowMs - profile.phoneVerifiedAtMs < REBIND_WINDOW_MS;
}

/** The personal info (v3) of a member: its row, profile and address. */
export async function personalInfoOf(db: Queryable, member: MemberRow, nowMs: number): Promise<PersonalInfo> {
  const profile = await profileOf(db, member.id);
  return {
    name: member.name,
    nickName: member.nickName,
    realName: member.realName,
    realNameLocked: member.realName !== '',
    email: member.email,
    areaCode: member.areaCode,
    phone: maskPhone(member.phone),
    phoneBound: member.phone !== '',
    phoneRebindUntil: member.phone !== '' && mayRebind(profile, nowMs) ? new Date(profile.phoneVerifiedAtMs! + REBIND_WINDOW_MS).toISOString() : null,
    birthday: profile.birthday,
    address: await addressOf(db, member.id),
  };
}

/** Another member of the site holding this phone, if any. */
export async function phoneHolder(db: Queryable, siteId: number, areaCode: string, phone: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM members WHERE site_id = $1 AND area_code = $2 AND phone = $3 LIMIT 1', [siteId, areaCode, phone]);
  return rows[0] ? Number(rows[0].id) : null;
}

/** Binds the phone and spends the rebind window. */
export async function updatePhone(db: Queryable, memberId: number, areaCode: string, phone: string): Promise<void> {
  await db.query('UPDATE members SET area_code = $2, phone = $3 WHERE id = $1', [memberId, areaCode, phone]);
  await db.query('UPDATE member_profiles SET phone_verified_at = NULL, updated_at = now() WHERE member_id = $1', [memberId]);
}

export async function markPhoneVerified(db: Queryable, memberId: number, nowMs: number): Promise<void> {
  await db.query(
    `INSERT INTO member_profiles (member_id, phone_verified_at) VALUES ($1, to_timestamp($2 / 1000.0))
     ON CONFLICT (member_id) DO UPDATE SET phone_verified_at = EXCLUDED.phone_verified_at, updated_at = now()`,
    [memberId, nowMs],
  );
}

/** Sets one of the member's text columns; the column name never comes from input. */
export async function updateMemberText(db: Queryable, memberId: number, column: 'nick_name' | 'email', value: string): Promise<void> {
  await db.query(`UPDATE members SET ${column} = $2 WHERE id = $1`, [memberId, value]);
}

/** Sets the real name only while none is set; false when one already was. */
export async function setRealNameOnce(db: Queryable, memberId: number, realName: string): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE members SET real_name = $2 WHERE id = $1 AND real_name = ''`, [memberId, realName]);
  return (rowCount ?? 0) > 0;
}

/** Sets the birthday only while none is set; false when one already was. */
export async function setBirthdayOnce(db: Queryable, memberId: number, birthday: string): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO member_profiles (member_id, birthday) VALUES ($1, $2::date)
     ON CONFLICT (member_id) DO UPDATE SET birthday = EXCLUDED.birthday, updated_at = now() WHERE member_profiles.birthday IS NULL
     RETURNING member_id`,
    [memberId, birthday],
  );
  return rows.length > 0;
}

export async function saveAddress(db: Queryable, memberId: number, address: ReceiverAddress): Promise<void> {
  await db.query(
    `INSERT INTO member_addresses (member_id, receiver, province, city, district, address, phone) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (member_id) DO UPDATE SET receiver = EXCLUDED.receiver, province = EXCLUDED.province, city = EXCLUDED.city,
       district = EXCLUDED.district, address = EXCLUDED.address, phone = EXCLUDED.phone, updated_at = now()`,
    [memberId, address.receiver, address.province, address.city, address.district, address.address, address.phone],
  );
}
