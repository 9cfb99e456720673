import type { Queryable } from '../db/database.js';
import { saveStaticInfo, type StaticInfo } from './static-info-repository.js';

/** The demo brands' points shop and agent desk (docs/NEWS.md "Static calls"). */
const DEMO_STATIC_INFO: Record<number, StaticInfo> = {
  4: {
    lkshop: { enabled: true, pointsName: { zh: '乐博积分', en: 'Lobby points' }, turnoverMinorPerPoint: 100_00, redeemMinPoints: 100, shopPath: '/app/vip' },
    agentContacts: [
      { channel: 'telegram', label: { zh: '代理专线 Telegram', en: 'Agent desk on Telegram' }, value: '@lobby_agent_demo', url: 'https://t.me/lobby_agent_demo' },
      { channel: 'qq', label: { zh: '代理 QQ', en: 'Agent QQ' }, value: '800 123 456', url: '' },
      { channel: 'email', label: { zh: '合作邮箱', en: 'Partnership e-mail' }, value: 'agents@lobby.example', url: 'mailto:agents@lobby.example' },
      { channel: 'online', label: { zh: '在线客服', en: 'Online service' }, value: '7x24', url: '/cs' },
    ],
  },
  8: {
    lkshop: { enabled: false, pointsName: { zh: '极光积分', en: 'Aurora points' }, turnoverMinorPerPoint: 100_00, redeemMinPoints: 0, shopPath: '' },
    agentContacts: [
      { channel: 'skype', label: { zh: '代理 Skype', en: 'Agent Skype' }, value: 'aurora.agents', url: '' },
      { channel: 'online', label: { zh: '在线客服', en: 'Online service' }, value: '7x24', url: '/cs' },
    ],
  },
};

/** Seeds the demo brands' static info (part of the demo seed). */
export async function seedStaticInfo(tx: Queryable): Promise<void> {
  for (const [siteId, info] of Object.entries(DEMO_STATIC_INFO)) await saveStaticInfo(tx, Number(siteId), info);
}
