import type { Banner, CategoryCard, CustomerService, DomainNotice, HelpCategory, NavigationItem, SponsorDetail } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/** The content document of one brand (table site_content), served by src/content/. */
export interface SiteContent {
  banners: Banner[];
  bannerIntervalMs: number;
  notices: DomainNotice[];
  sponsors: SponsorDetail[];
  navigation: NavigationItem[];
  categoryCards: CategoryCard[];
  help: HelpCategory[];
  anchorGameImages: string[];
  /** Extra customer-service addresses beyond the base config's list; usually empty. */
  customerService: CustomerService[];
  /** Leave-pay-window config status (spec section 7): 1 asks before leaving the payment page, 0 does not. */
  leavePayStatus: 0 | 1;
}

/** A small picture as a data URL, so seeded content shows images without asset files. */
export function picture(text: string, background: string, width = 1200, height = 360): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${background}"/>` +
    `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(height / 6)}" fill="#fff">${text}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * A promo banner picture (1200 x 360): a diagonal gradient from the brand colour, a field
 * of soft confetti placed by a seeded generator (the same picture on every seed), and the
 * text. Like a real promo image it carries detail, so browsers treat it as content (a
 * flat two-colour SVG is ignored by Largest Contentful Paint as a placeholder).
 */
export function bannerPicture(text: string, background: string, seed: number): string {
  let state = seed * 9301 + 49297;
  const next = (limit: number) => {
    state = (state * 9301 + 49297) % 233280;
    return Math.floor((state / 233280) * limit);
  };
  const confetti = Array.from({ length: 90 }, () => {
    const x = next(1200);
    const y = next(360);
    const r = 4 + next(28);
    const opacity = (10 + next(35)) / 100;
    return next(3) === 0
      ? `<rect x="${x}" y="${y}" width="${r * 2}" height="${r}" rx="${Math.ceil(r / 3)}" transform="rotate(${next(90) - 45} ${x} ${y})" fill="#fff" fill-opacity="${opacity}"/>`
      : `<circle cx="${x}" cy="${y}" r="${r}" fill="${next(2) === 0 ? '#fff' : '#ffd700'}" fill-opacity="${opacity}"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360" viewBox="0 0 1200 360">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="#1b1f24"/></linearGradient></defs>` +
    `<rect width="1200" height="360" fill="url(#g)"/>${confetti}` +
    `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-size="60" font-weight="700" fill="#fff">${text}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const t = (zh: string, en: string) => ({ zh, en });

function cards(prefix: string, colour: string): CategoryCard[] {
  return [
    { kind: 'sports', title: t('体育', 'Sports'), imageUrl: picture(`${prefix} Sports`, colour, 360, 200), path: '/app/sport' },
    { kind: 'live', title: t('真人', 'Live casino'), imageUrl: picture(`${prefix} Live`, colour, 360, 200), path: '/app/realbet' },
    { kind: 'lottery', title: t('彩票', 'Lottery'), imageUrl: picture(`${prefix} Lottery`, colour, 360, 200), path: '/app/lottery' },
    { kind: 'fish', title: t('捕鱼', 'Fishing'), imageUrl: picture(`${prefix} Fishing`, colour, 360, 200), path: '/app/fishing/1' },
    { kind: 'electronic', title: t('电子', 'E-games'), imageUrl: picture(`${prefix} Slots`, colour, 360, 200), path: '/app/egame/1' },
  ];
}

const help: HelpCategory[] = [
  {
    typeId: 1,
    title: t('USDT 帮助', 'USDT help'),
    items: [
      { listId: 1, title: t('如何选择协议', 'Choosing a protocol'), content: t('TRC20 手续费低，ERC20 兼容性好。', 'TRC20 has low fees; ERC20 is widely supported.') },
      { listId: 2, title: t('USDT 的优势', 'Why USDT'), content: t('到账快，汇率稳定。', 'Fast arrival and a stable rate.') },
    ],
  },
  {
    typeId: 2,
    title: t('存款帮助', 'Deposit help'),
    items: [{ listId: 3, title: t('存款多久到账', 'When deposits arrive'), content: t('通常在 5 分钟内到账。', 'Usually within 5 minutes.') }],
  },
];

const lobbyContent: SiteContent = {
  banners: [
    { id: 1, title: t('首存送 20%', '20% first deposit bonus'), imageUrl: bannerPicture('Lobby: first deposit +20%', '#c8102e', 1), link: '/app/activity' },
    { id: 2, title: t('周末返水加倍', 'Double weekend cashback'), imageUrl: bannerPicture('Lobby: weekend cashback', '#8a0b20', 2), link: '/app/activity' },
    { id: 3, title: t('下载 APP', 'Get the app'), imageUrl: bannerPicture('Lobby app', '#402020', 3), link: '/app/appDownloadPage' },
  ],
  bannerIntervalMs: 4000,
  notices: [
    { id: 1, content: t('彩票场馆每周二 02:00-04:00 例行维护。', 'Lottery venues pause on Tuesdays 02:00-04:00 for maintenance.') },
    { id: 2, content: t('请认准官方域名，谨防诈骗。', 'Use only our official domains; beware of fakes.') },
  ],
  sponsors: [
    { id: 1, brand: 'lobby', slug: 'sponsor-fc', name: t('赞助 FC', 'Sponsor FC'), imageUrl: picture('Sponsor FC', '#1d3557', 640, 240), summary: t('官方合作伙伴', 'Official partner'), body: t('我们是 Sponsor FC 的官方区域合作伙伴。', 'We are the official regional partner of Sponsor FC.'), published: true },
    { id: 2, brand: 'lobby', slug: 'next-season', name: t('新赛季', 'Next season'), imageUrl: picture('Next season', '#264653', 640, 240), summary: t('即将公布', 'Coming soon'), body: t('新赛季合作草稿。', 'Draft of the next season partnership.'), published: false },
  ],
  navigation: [
    { code: 'sport', title: t('体育', 'Sports'), path: '/app/sport' },
    { code: 'live', title: t('真人', 'Live'), path: '/app/realbet' },
    { code: 'activity', title: t('优惠', 'Promotions'), path: '/app/activity' },
    { code: 'cs', title: t('客服', 'Support'), path: '/cs' },
  ],
  categoryCards: cards('Lobby', '#c8102e'),
  help,
  anchorGameImages: [picture('Anchor 1', '#5a189a', 320, 180), picture('Anchor 2', '#7b2cbf', 320, 180)],
  customerService: [],
  leavePayStatus: 1,
};

const auroraContent: SiteContent = {
  banners: [
    { id: 11, title: t('春节红包', 'Spring festival red packets'), imageUrl: bannerPicture('Aurora: spring red packets', '#0b7a75', 11), link: '/app/activity' },
    { id: 12, title: t('极光真人', 'Aurora live casino'), imageUrl: bannerPicture('Aurora live', '#095c58', 12), link: '/app/realbet' },
  ],
  bannerIntervalMs: 5000,
  notices: [{ id: 11, content: t('极光新春活动火热进行中。', 'The Aurora spring festival is on.') }],
  sponsors: [
    { id: 11, brand: 'aurora', slug: 'aurora-cup', name: t('极光杯', 'Aurora Cup'), imageUrl: picture('Aurora Cup', '#6a4c93', 640, 240), summary: t('冠名赛事', 'Title sponsor'), body: t('极光杯由 Aurora 冠名。', 'The Aurora Cup is named after us.'), published: true },
  ],
  navigation: [
    { code: 'sport', title: t('体育', 'Sports'), path: '/app/sport' },
    { code: 'activity', title: t('优惠', 'Promotions'), path: '/app/activity' },
  ],
  categoryCards: cards('Aurora', '#0b7a75'),
  help,
  anchorGameImages: [picture('Aurora anchor', '#6a4c93', 320, 180)],
  customerService: [{ code: 'chat', url: '/cschat' }],
  leavePayStatus: 0,
};

/** The demo content by site id. */
export const SEED_CONTENT: ReadonlyMap<number, SiteContent> = new Map([
  [4, lobbyContent],
  [8, auroraContent],
]);

/**
 * Seeds the content of the demo brands (inside the seed's transaction, after the sites).
 *
 * @example await seedContent(tx)
 */
export async function seedContent(db: Queryable): Promise<void> {
  for (const [siteId, content] of SEED_CONTENT) {
    await db.query('INSERT INTO site_content (site_id, content) VALUES ($1, $2) ON CONFLICT DO NOTHING', [siteId, JSON.stringify(content)]);
  }
}
