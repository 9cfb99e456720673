import type { Database } from '../db/database.js';
import { findMemberByName, insertMember } from '../members/member-repository.js';
import { createSession } from '../members/sessions.js';
import { seedDeposit } from '../ledger/index.js';

let next = 0;

/**
 * A new member on `siteId` (4 unless given) with a live session and `centreMinor` fen in the centre wallet
 * (through a seed deposit), for route tests that need their own balances.
 *
 * @example const { token, memberId } = await memberWithBalance(db, 1_000_00);
 */
export async function memberWithBalance(db: Database, centreMinor: number, siteId = 4): Promise<{ memberId: number; token: string }> {
  next += 1;
  const name = `wallet${process.pid % 10_000}${next}`;
  const memberId = await insertMember(db, { siteId, name, passwordHash: 'not-a-login-hash' });
  if (memberId === null) throw new Error(`member ${name} exists`);
  if (centreMinor > 0) await db.transaction((tx) => seedDeposit(tx, memberId, centreMinor, `test-seed:${memberId}`));
  const token = await createSession(db, memberId, 'test-device-0001', Date.now());
  return { memberId, token };
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
