import type { Queryable } from '../db/database.js';

/**
 * Locks the member for responsible play until the transaction ends (`rp_lock_members`, a
 * transaction advisory lock per member, migration 1160): two requests of one member racing a
 * limit, or a limit or break being set, are serialised (responsible/guard.ts).
 */
export async function lockMember(tx: Queryable, memberId: number): Promise<void> {
  await tx.query('SELECT rp_lock_members(ARRAY[$1]::bigint[])', [memberId]);
}
