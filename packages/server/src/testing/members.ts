import { md5Hex } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { balancesOf, seedDeposit } from '../ledger/index.js';
import { findMemberByName, insertMember, type NewMember } from '../members/member-repository.js';
import { hashPassword } from '../members/password.js';
import { createSession } from '../members/sessions.js';

/** The login password (as its MD5, as clients send it) of every memberWithBalance member. */
export const FIXTURE_LOGIN_PASSWORD = md5Hex('login-pass-1');

/** The slow salted hash of FIXTURE_LOGIN_PASSWORD, made once per test file rather than once per member. */
let fixtureHash: Promise<string> | undefined;

let next = 0;

/** Where a memberWithBalance member lives and when its session starts. */
export interface MemberOptions {
  /** The brand; 4 (the demo brand) unless given. */
  siteId?: number;
  /** When the session starts, in ms since the epoch; now unless given (a suite passes its clock's time). */
  nowMs?: number;
  /** Profile fields of the new member (nick name, chat admin flag, VIP grade). */
  profile?: Pick<NewMember, 'nickName' | 'isChatAdmin' | 'grade'>;
}

/**
 * A new member with a live session, the login password FIXTURE_LOGIN_PASSWORD and
 * `centreMinor` fen in the centre wallet (through a seed deposit).
 *
 * @example const { memberId, token } = await memberWithBalance(db, 1_000_00, { siteId: 8 });
 */
export async function memberWithBalance(
  db: Database,
  centreMinor: number,
  options: MemberOptions = {},
): Promise<{ memberId: number; token: string; name: string }> {
  const { siteId = 4, nowMs = Date.now(), profile = {} } = options;
  next += 1;
  fixtureHash ??= hashPassword(FIXTURE_LOGIN_PASSWORD);
  const name = `mb${process.pid % 10_000}x${next}`;
  const memberId = await insertMember(db, { siteId, name, passwordHash: await fixtureHash, ...profile });
  if (memberId === null) throw new Error('fixture member exists');
  if (centreMinor > 0) await db.transaction((tx) => seedDeposit(tx, memberId, centreMinor, `test-seed:${memberId}`));
  return { memberId, token: await createSession(db, memberId, 'test-device-0001', nowMs), name };
}

/** A member wallet's balance in minor units (the centre wallet unless told). */
export async function walletOf(db: Database, memberId: number, kind = 'centre'): Promise<number> {
  return (await balancesOf(db, memberId)).get(kind) ?? 0;
}

/**
 * A new member named `name` on `siteId` (4 unless given) with a live session and no money.
 *
 * @example const { token } = await newMemberSession(db, 'probe-member');
 */
export async function newMemberSession(db: Database, name: string, siteId = 4): Promise<{ memberId: number; token: string }> {
  const memberId = await insertMember(db, { siteId, name, passwordHash: 'not-a-login-hash' });
  if (memberId === null) throw new Error(`member ${name} exists`);
  return { memberId, token: await createSession(db, memberId, 'test-device-0001', Date.now()) };
}

/**
 * A new session of an existing member (a seeded one such as `demo`), on `deviceId`.
 *
 * @example const token = await sessionOf(db, 4, 'demo', 'nonce-read-device');
 */
export async function sessionOf(db: Database, siteId: number, name: string, deviceId = 'test-device-0001'): Promise<string> {
  const member = await findMemberByName(db, siteId, name);
  if (!member) throw new Error(`no member ${name} on site ${siteId}`);
  return createSession(db, member.id, deviceId, Date.now());
}
