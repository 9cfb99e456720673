import type { Queryable } from '../db/database.js';
import { insertFloatWindow, setFloatWindowList, type NewFloatWindow } from '../promotions/float-window-repository.js';

/** Spec section 9: the web's display equipment. */
const WEB = 8;

/** A small promo picture as a data: URL, so it shows under any img-src 'self' data: policy. */
function promoImage(title: string, subtitle: string, from: string, to: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 180 180">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="180" height="180" rx="20" fill="url(#g)"/>` +
    `<text x="90" y="88" font-family="sans-serif" font-size="26" font-weight="bold" fill="#fff" text-anchor="middle">${title}</text>` +
    `<text x="90" y="120" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">${subtitle}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const LOBBY: Omit<NewFloatWindow, 'siteId' | 'displayEquipment'>[] = [
  { sort: 1, webSuspensionIcon: promoImage('首存100%', 'First deposit', '#ff7a45', '#f5222d'), jumpType: 2, activityId: 1, activityType: 'present', linkType: 1 },
  { sort: 2, webSuspensionIcon: promoImage('VIP', 'Upgrade gifts', '#9254de', '#2f54eb'), jumpType: 1, webLink: '/app/vip', linkType: 1 },
  { sort: 3, webSuspensionIcon: promoImage('APP', 'Download', '#13c2c2', '#1677ff'), jumpType: 1, webLink: 'https://example.com/lobby-app', linkType: 2 },
];

const AURORA: Omit<NewFloatWindow, 'siteId' | 'displayEquipment'>[] = [
  { sort: 1, webSuspensionIcon: promoImage('春节', 'Spring red packets', '#f5222d', '#fa8c16'), jumpType: 2, activityId: 2, activityType: 'redPackRain', linkType: 1 },
  { sort: 2, webSuspensionIcon: promoImage('签到', 'Daily sign-in', '#52c41a', '#13c2c2'), jumpType: 1, webLink: '/app/signGift', linkType: 1 },
];

/**
 * Seeds the float windows of both demo brands: site 4 three promos, closeable, 3 s; site
 * 8 two promos, 5 s. An item for another display equipment (the app, 1) shows that the
 * web list filters by equipment.
 *
 * @example await seedFloatWindows(tx)
 */
export async function seedFloatWindows(tx: Queryable): Promise<void> {
  for (const item of LOBBY) await insertFloatWindow(tx, { ...item, siteId: 4, displayEquipment: WEB });
  await insertFloatWindow(tx, { ...LOBBY[0]!, sort: 9, siteId: 4, displayEquipment: 1 });
  await setFloatWindowList(tx, 4, WEB, { closeable: true, time: 3 });
  for (const item of AURORA) await insertFloatWindow(tx, { ...item, siteId: 8, displayEquipment: WEB });
  await setFloatWindowList(tx, 8, WEB, { closeable: true, time: 5 });
}
