import { VENUE_KIND, type SiteBaseConfig } from '@lobby/sdk';
import type { PhoneRules } from '../site/brand-directory.js';
import { badge } from './badge.js';

/**
 * All demo data in one place: two brands with distinct config and skins, the demo
 * members and their messages. Brand by host: aurora.localhost -> site 8, any other host
 * -> site 4 (the `domainUrls` below; see site/brand-directory.ts).
 */
export interface SeedBrand {
  config: SiteBaseConfig;
  phoneRules: PhoneRules;
}

export interface SeedMember {
  siteId: number;
  name: string;
  nickName: string;
  isChatAdmin: boolean;
  grade: number;
}

export interface SeedMessage {
  type: 0 | 1 | 2 | 3;
  title: string;
  content: string;
  isRead: boolean;
}


/** A venue of a brand's config: the brand's own venues are core (kind 1), YB Fishing is a partner venue (kind 2). */
const venue = (code: string, enName: string, zhName: string, gameType: number, walletModel: 'transfer' | 'seamless' = 'transfer') => ({
  code, enName, zhName, gameType, walletModel, venueKind: code === 'YBHX' ? VENUE_KIND.venues : VENUE_KIND.core,
});

function vipIcons(colour: string): Record<string, string> {
  return Object.fromEntries(Array.from({ length: 11 }, (_, level) => [`v${level}`, badge(`V${level}`, colour, 48, 48)]));
}

const lobbyBrand: SeedBrand = {
  config: {
    siteId: 4,
    brand: 'lobby',
    title: 'Lobby',
    logoUrl: badge('LOBBY', '#c8102e'),
    iconUrl: badge('L', '#c8102e', 32, 32),
    domainUrls: ['http://localhost:3000', 'http://127.0.0.1:3000'],
    customerService: [
      { code: 'online', url: '/cs' },
      { code: 'telegram', url: 'https://t.me/lobby_support_demo' },
    ],
    hardVerify: false,
    kaptchcate: 1,
    maintenance: null,
    venues: {
      ty: [venue('LBSPORT', 'Lobby Sports', '乐博体育', 1)],
      dj: [venue('LBESPORT', 'Lobby E-sports', '乐博电竞', 2)],
      zr: [venue('LBLIVE', 'Lobby Live', '乐博真人', 3)],
      cp: [venue('LBLOTTO', 'Lobby Lottery', '乐博彩票', 4)],
      qp: [venue('LBCHESS', 'Lobby Chess', '乐博棋牌', 5)],
      dz: [venue('LBSLOTS', 'Lobby Slots', '乐博电子', 6), venue('LBSTUDIO', 'Lobby Studio', '乐博工作室', 6, 'seamless')],
      by: [venue('YBHX', 'YB Fishing', '捕鱼', 7)],
    },
    vipIcons: vipIcons('#b8860b'),
    sponsorImages: [badge('Sponsor FC', '#1d3557', 320, 120)],
    loginCaptcha: { login_verify_trigger_times: 3, fast_register_verify: false, control_imgcode_afs_type: 0, control_imgcode_anji_type: 0 },
    language: { default: 'zh-CN', list: ['zh-CN', 'en'] },
    skin: 'normal',
    skinId: 1,
    theme: { primary: '#c8102e', accent: '#ffd700', background: '#f5f5f5' },
    topPadding: false,
    sideNav: true,
  },
  phoneRules: {
    disablePhones: { '170': '虚拟运营商号码暂不支持', '171': '虚拟运营商号码暂不支持' },
    restrictedPrefixes: ['165', '167'],
    phoneMinLength: 11,
    phoneMaxLength: 11,
  },
};

const auroraBrand: SeedBrand = {
  config: {
    ...lobbyBrand.config,
    siteId: 8,
    brand: 'aurora',
    title: 'Aurora',
    logoUrl: badge('AURORA', '#0b7a75'),
    iconUrl: badge('A', '#0b7a75', 32, 32),
    domainUrls: ['http://aurora.localhost:3000'],
    customerService: [{ code: 'online', url: '/cs' }],
    hardVerify: true,
    venues: {
      ty: [venue('AUSPORT', 'Aurora Sports', '极光体育', 1)],
      dj: [],
      zr: [venue('AULIVE', 'Aurora Live', '极光真人', 3)],
      cp: [venue('AULOTTO', 'Aurora Lottery', '极光彩票', 4)],
      qp: [],
      dz: [venue('AUSLOTS', 'Aurora Slots', '极光电子', 6)],
      by: [venue('YBHX', 'YB Fishing', '捕鱼', 7)],
    },
    vipIcons: vipIcons('#6a4c93'),
    sponsorImages: [badge('Aurora Cup', '#6a4c93', 320, 120)],
    loginCaptcha: { login_verify_trigger_times: 2, fast_register_verify: true, control_imgcode_afs_type: 0, control_imgcode_anji_type: 0 },
    language: { default: 'zh-CN', list: ['zh-CN', 'en'] },
    skin: 'spring_skin',
    skinId: 5,
    theme: { primary: '#0b7a75', accent: '#f4a261', background: '#101820' },
    topPadding: true,
    sideNav: false,
  },
  phoneRules: {
    disablePhones: { '170': 'virtual carrier numbers are not accepted' },
    restrictedPrefixes: [],
    phoneMinLength: 11,
    phoneMaxLength: 11,
  },
};

export const SEED_BRANDS: readonly SeedBrand[] = [lobbyBrand, auroraBrand];

/** `demo` and `demo-admin` (chat-room admin) on site 4, `demo` on site 8; password LOBBY_DEMO_PASSWORD. */
export const SEED_MEMBERS: readonly SeedMember[] = [
  { siteId: 4, name: 'demo', nickName: 'Demo', isChatAdmin: false, grade: 3 },
  { siteId: 4, name: 'demo-admin', nickName: 'Room admin', isChatAdmin: true, grade: 5 },
  { siteId: 8, name: 'demo', nickName: 'Aurora demo', isChatAdmin: false, grade: 1 },
];

/** Messages for each seeded `demo` member. */
export const SEED_MESSAGES: readonly SeedMessage[] = [
  { type: 2, title: 'Welcome to lobby', content: 'Your demo account is ready. Explore the venues and the wallet.', isRead: false },
  { type: 2, title: 'Scheduled maintenance', content: 'Lottery venues pause on Tuesday 02:00-04:00.', isRead: true },
  { type: 1, title: 'First deposit bonus', content: 'Deposit today and receive a 20% bonus, up to 888.', isRead: false },
  { type: 1, title: 'Weekend cashback', content: 'Cashback on live casino is doubled this weekend.', isRead: false },
  { type: 3, title: 'Deposit received', content: 'Your deposit of 100.00 was credited to the centre wallet.', isRead: false },
  { type: 0, title: 'A note from support', content: 'Tell us how we are doing through the feedback page.', isRead: false },
];
