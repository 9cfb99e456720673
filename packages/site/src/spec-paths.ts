import { memberMenu } from './routes/member-centre/menu.js';

/**
 * Every route of spec section 2 with its parameters filled in, from the seeded data where a
 * page loads it. The route-table unit test and the Chromium walk both read this one list.
 *
 * @example for (const path of specPaths) await openPage(page, server.url + path);
 */
export const specPaths = [
  '/robot-check/image/0/0',
  '/loading',
  '/ptLoading',
  '/agent-page',
  '/worldCupLanding',
  '/maintenance',
  '/access-forbid',
  '/access-alert',
  '/cs',
  '/cschat',
  '/404',
  '/sponsor/lobby/sponsor-fc',
  '/download-page',
  '/blackList',
  '/sponsorModelTemp/2',
  '/app/home',
  '/app/myCenter',
  ...['deposit', 'withdrawals', 'transfer', 'myWallet', 'banks'].map((sub) => `/app/myCenter/${sub}`),
  '/app/password',
  '/app/vip',
  '/app/help/1/2',
  '/app/maintenance',
  '/app/present/5',
  '/app/sponsorModel/1',
  '/app/agent-page',
  '/app/agent',
  '/app/anchor-game',
  '/app/friendInvitation',
  '/app/fissile',
  '/app/gift-apply/get/modal',
  '/app/appDownloadPage',
  '/app/gaming',
  '/app/eGaming/1',
  '/app/eGaming/1/venue',
  '/app/inlineVenueCommon/3',
  '/app/inlineVenueCommon/3/venue',
  '/app/sport',
  '/app/venuesSport/1',
  '/app/venuesSport/1/venue',
  '/app/egame/9',
  '/app/realbet',
  '/app/lottery',
  '/app/chessGame',
  '/app/fishing/4',
  '/app/activity',
  ...['preferentialActivity', 'discountDetails', 'pureDisplay', 'SignGift', 'signGift', 'drawGift', 'surviving'].map((name) => `/app/${name}/1`),
  ...['deposit-first', 'deposit-again', 'month-money', 'race-page', 'world-cup-guess', 'redPackRain'].map((name) => `/app/${name}/1`),
  '/app/virtualCurrencyInfo',
  ...['newTask', 'european-cup', 'euro-cup', 'football-shot', 'breakout'].map((name) => `/app/${name}/1`),
  '/app/football-shot-demo',
  '/app/raffle',
  '/app/fullMemberActivity',
  '/app/champions-league',
  '/app/registrantion',
  '/app/news',
  '/app/news/newsDetail/1',
  '/app/competeLottery',
  '/app/competeLottery/detail/1',
  '/app/schedule',
  '/app/schedule/scheduleDetail/1',
];

/**
 * The member-centre pages the site adds beyond spec section 2 (the spec gives them no path;
 * docs/DECISIONS.md, docs/GIFTS.md), from the member centre's menu. The route-table unit
 * test and the Chromium walk open them beside specPaths.
 *
 * @example for (const path of [...specPaths, ...memberCentrePaths]) await openPage(page, server.url + path);
 */
export const memberCentrePaths: readonly string[] = memberMenu.map((entry) => entry.path).filter((path) => !specPaths.includes(path));
