import type { Queryable } from '../db/database.js';

/**
 * Locks (creating when absent) the member's responsible-play row until the transaction ends:
 * two requests of one member racing a limit are serialised (responsible/guard.ts).
 */
export async function lockMember(tx: Queryable, memberId: number): Promise<void> {
  await tx.query('INSERT INTO rp_members (member_id) VALUES ($1) ON CONFLICT DO NOTHING', [memberId]);
  await tx.query('SELECT member_id FROM rp_members WHERE member_id = $1 FOR UPDATE', [memberId]);
}
