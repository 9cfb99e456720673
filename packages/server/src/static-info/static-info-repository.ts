import type { AgentContact, LkshopConf } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/** A brand without a points shop document: the shop is off, never a made-up one. */
export const LKSHOP_OFF: LkshopConf = {
  enabled: false,
  pointsName: { zh: '积分', en: 'Points' },
  turnoverMinorPerPoint: 100,
  redeemMinPoints: 0,
  shopPath: '',
};

export interface StaticInfo {
  lkshop: LkshopConf;
  agentContacts: AgentContact[];
}

/** The brand's static info (points shop and agent contacts); the shop off and no contacts when none is stored. */
export async function staticInfoOf(q: Queryable, siteId: number): Promise<StaticInfo> {
  const { rows } = await q.query<StaticInfo>('SELECT lkshop, agent_contacts AS "agentContacts" FROM site_static_info WHERE site_id = $1', [siteId]);
  return rows[0] ?? { lkshop: LKSHOP_OFF, agentContacts: [] };
}

/** Writes a brand's static info (the seed, an operator tool). */
export async function saveStaticInfo(q: Queryable, siteId: number, info: StaticInfo): Promise<void> {
  await q.query(
    `INSERT INTO site_static_info (site_id, lkshop, agent_contacts) VALUES ($1, $2, $3)
     ON CONFLICT (site_id) DO UPDATE SET lkshop = EXCLUDED.lkshop, agent_contacts = EXCLUDED.agent_contacts, updated_at = now()`,
    [siteId, JSON.stringify(info.lkshop), JSON.stringify(info.agentContacts)],
  );
}
