import type { Queryable } from '../db/database.js';

/** Yuebao on a brand: 1 open (also when no operator ever set it), 0 closed. */
export async function yuebaoStatusOf(q: Queryable, siteId: number): Promise<0 | 1> {
  const { rows } = await q.query<{ status: number }>('SELECT status FROM yuebao_site_status WHERE site_id = $1', [siteId]);
  return rows[0]?.status === 0 ? 0 : 1;
}

/** Opens or closes yuebao on a brand, recording who did it. */
export async function setYuebaoStatus(q: Queryable, siteId: number, status: 0 | 1, actor: string): Promise<void> {
  await q.query(
    `INSERT INTO yuebao_site_status (site_id, status, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (site_id) DO UPDATE SET status = EXCLUDED.status, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [siteId, status, actor],
  );
}
