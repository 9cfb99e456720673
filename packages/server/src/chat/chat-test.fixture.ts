import type { Database } from '../db/database.js';
import { insertMember } from '../members/member-repository.js';
import { createSession } from '../members/sessions.js';

let next = 0;

/**
 * A new member on a site with a live session, for chat tests (`isChatAdmin` for admins).
 *
 * @example const { token, memberId } = await chatMember(db, { grade: 3 });
 */
export async function chatMember(db: Database, options: { siteId?: number; isChatAdmin?: boolean; grade?: number } = {}) {
  next += 1;
  const name = `chat${process.pid % 10_000}x${next}`;
  const memberId = await insertMember(db, { siteId: options.siteId ?? 4, name, passwordHash: 'not-a-login-hash', nickName: `Nick ${next}`, ...options });
  if (memberId === null) throw new Error(`member ${name} exists`);
  const token = await createSession(db, memberId, 'test-device-0001', Date.now());
  return { memberId, token, name };
}
