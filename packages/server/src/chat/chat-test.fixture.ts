import type { Database } from '../db/database.js';
import { memberWithBalance } from '../testing/members.js';

let next = 0;

/**
 * A new member with no money on a site with a live session and a nick name, for chat
 * tests (`isChatAdmin` for admins): memberWithBalance with a chat profile.
 *
 * @example const { token, memberId } = await chatMember(db, { grade: 3 });
 */
export function chatMember(db: Database, options: { siteId?: number; isChatAdmin?: boolean; grade?: number } = {}) {
  const { siteId, ...profile } = options;
  next += 1;
  return memberWithBalance(db, 0, { siteId, profile: { nickName: `Nick ${next}`, ...profile } });
}
