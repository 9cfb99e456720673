import type { Queryable } from '../db/database.js';

/** One stored partner origin of a brand. */
export interface PartnerOriginRow {
  siteId: number;
  origin: string;
  addedBy: string;
  /** ISO 8601. */
  addedAt: string;
}

/** Every brand's partner origins, by brand then origin. */
export async function allPartnerOrigins(q: Queryable): Promise<PartnerOriginRow[]> {
  const { rows } = await q.query<PartnerOriginRow>(
    `SELECT site_id AS "siteId", origin, added_by AS "addedBy", to_char(added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "addedAt"
     FROM partner_origins ORDER BY site_id, origin`,
  );
  return rows;
}

/** Adds an origin to a brand; false when it was there already. */
export async function addPartnerOrigin(q: Queryable, siteId: number, origin: string, addedBy: string): Promise<boolean> {
  const { rowCount } = await q.query('INSERT INTO partner_origins (site_id, origin, added_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [siteId, origin, addedBy]);
  return rowCount > 0;
}

/** Removes an origin from a brand; false when it was not there. */
export async function removePartnerOrigin(q: Queryable, siteId: number, origin: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM partner_origins WHERE site_id = $1 AND origin = $2', [siteId, origin]);
  return rowCount > 0;
}
