import { FLOAT_WINDOW_TIME_DEFAULT_S, type CallResponse, type floatWindows } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

export type FloatWindowList = CallResponse<typeof floatWindows>;
export type FloatWindowItem = FloatWindowList['list'][number];

interface FloatWindowRow {
  id: string;
  web_suspension_icon: string;
  jump_type: number;
  activity_id: string | null;
  activity_type: string | null;
  web_link: string;
  link_type: number;
}

/**
 * The enabled float windows of a brand for a display equipment, in display order, with
 * the list config (closeable on and 3 s when the brand set none: spec section 9).
 *
 * @example const { list, closeable, time } = await floatWindowList(db, 4, 8)
 */
export async function floatWindowList(q: Queryable, siteId: number, displayEquipment: number): Promise<FloatWindowList> {
  const items = await q.query<FloatWindowRow>(
    `SELECT id::text, web_suspension_icon, jump_type, activity_id::text, activity_type, web_link, link_type
       FROM float_windows WHERE site_id = $1 AND display_equipment = $2 AND enabled ORDER BY sort, id`,
    [siteId, displayEquipment],
  );
  const config = await q.query<{ closeable: boolean; time_seconds: number }>(
    'SELECT closeable, time_seconds FROM float_window_lists WHERE site_id = $1 AND display_equipment = $2',
    [siteId, displayEquipment],
  );
  return {
    list: items.rows.map(toItem),
    closeable: config.rows[0]?.closeable ?? true,
    time: config.rows[0]?.time_seconds ?? FLOAT_WINDOW_TIME_DEFAULT_S,
  };
}

function toItem(row: FloatWindowRow): FloatWindowItem {
  return {
    id: Number(row.id),
    webSuspensionIcon: row.web_suspension_icon,
    jumpType: row.jump_type,
    activityId: row.activity_id === null ? null : Number(row.activity_id),
    activityType: row.activity_type,
    webLink: row.web_link,
    linkType: row.link_type,
  };
}

/** A float window to store (the seed's and an operator's input). */
export interface NewFloatWindow {
  siteId: number;
  displayEquipment: number;
  sort: number;
  webSuspensionIcon: string;
  jumpType: 1 | 2;
  activityId?: number | null;
  activityType?: string | null;
  webLink?: string;
  linkType: 1 | 2;
}

/**
 * Stores one float window.
 *
 * @example await insertFloatWindow(tx, { siteId: 4, displayEquipment: 8, sort: 1, webSuspensionIcon: url, jumpType: 1, webLink: '/app/home', linkType: 1 })
 */
export async function insertFloatWindow(q: Queryable, item: NewFloatWindow): Promise<void> {
  await q.query(
    `INSERT INTO float_windows (site_id, display_equipment, sort, web_suspension_icon, jump_type, activity_id, activity_type, web_link, link_type)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [item.siteId, item.displayEquipment, item.sort, item.webSuspensionIcon, item.jumpType, item.activityId ?? null, item.activityType ?? null, item.webLink ?? '', item.linkType],
  );
}

/**
 * Sets a list's carousel config.
 *
 * @example await setFloatWindowList(tx, 4, 8, { closeable: true, time: 3 })
 */
export async function setFloatWindowList(q: Queryable, siteId: number, displayEquipment: number, config: { closeable: boolean; time: number }): Promise<void> {
  await q.query(
    `INSERT INTO float_window_lists (site_id, display_equipment, closeable, time_seconds) VALUES ($1, $2, $3, $4)
     ON CONFLICT (site_id, display_equipment) DO UPDATE SET closeable = EXCLUDED.closeable, time_seconds = EXCLUDED.time_seconds`,
    [siteId, displayEquipment, config.closeable, config.time],
  );
}
