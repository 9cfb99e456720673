import { defineTexts, textIn, type Language } from '@lobby/sdk';

/** Every page title of the route table, by language: `id: [zh-CN, en]`. */
const titles = {
  // Top-level routes
  robotCheck: ['安全验证', 'Security check'],
  loading: ['加载中', 'Loading'],
  ptLoading: ['游戏加载中', 'Game loading'],
  agentPage: ['代理合作', 'Agent'],
  worldCupLanding: ['世界杯', 'World Cup'],
  maintenance: ['系统维护', 'Maintenance'],
  accessForbid: ['禁止访问', 'Access forbidden'],
  accessAlert: ['访问提示', 'Access notice'],
  customerService: ['在线客服', 'Customer service'],
  customerServiceChat: ['客服聊天', 'Customer service chat'],
  notFound: ['页面不存在', 'Page not found'],
  sponsor: ['赞助', 'Sponsor'],
  downloadPage: ['下载', 'Download'],
  blackList: ['活动不可用', 'Promotion unavailable'],
  sponsorPreview: ['赞助预览', 'Sponsor preview'],
  // Main layout routes
  home: ['首页', 'Home'],
  myCenter: ['个人中心', 'My centre'],
  deposit: ['存款', 'Deposit'],
  withdrawals: ['取款', 'Withdrawals'],
  transfer: ['转账', 'Transfer'],
  myWallet: ['我的钱包', 'My wallet'],
  banks: ['银行卡', 'Bank cards'],
  userInfo: ['个人资料', 'Profile'],
  inbox: ['站内信', 'Inbox'],
  feedback: ['意见反馈', 'Feedback'],
  betRecords: ['投注记录', 'Bet records'],
  transactions: ['交易记录', 'Transactions'],
  welfareCenter: ['福利中心', 'Welfare centre'],
  playLimits: ['限额设置', 'Play limits'],
  playBreak: ['暂停与自我排除', 'Time-out and self-exclusion'],
  realityCheck: ['现实提醒', 'Reality check'],
  playHistory: ['游戏历史', 'Play history'],
  password: ['修改密码', 'Change password'],
  vip: ['VIP', 'VIP'],
  help: ['帮助中心', 'Help'],
  present: ['豪礼活动', 'Gift promotion'],
  agent: ['代理', 'Agent'],
  anchorGame: ['主播游戏', 'Anchor games'],
  friendInvitation: ['邀请好友', 'Invite friends'],
  fissile: ['裂变奖励', 'Referral rewards'],
  giftApply: ['礼品申请', 'Gift application'],
  appDownload: ['下载APP', 'App download'],
  // Venue routes
  gaming: ['电竞', 'E-sports'],
  eGaming: ['电竞场馆', 'E-sports venue'],
  inlineVenue: ['游戏场馆', 'Venue'],
  sport: ['体育', 'Sports'],
  sportsVenue: ['体育场馆', 'Sports venue'],
  egame: ['电子游戏', 'E-games'],
  realbet: ['真人视讯', 'Live casino'],
  lottery: ['彩票', 'Lottery'],
  chessGame: ['棋牌', 'Chess and cards'],
  fishing: ['捕鱼', 'Fishing'],
  // Activity routes
  activity: ['优惠活动', 'Promotions'],
  preferentialActivity: ['优惠详情', 'Promotion details'],
  discountDetails: ['折扣详情', 'Discount details'],
  pureDisplay: ['活动展示', 'Promotion'],
  signGift: ['签到礼', 'Sign-in gift'],
  drawGift: ['抽奖礼', 'Lucky draw'],
  surviving: ['复活礼金', 'Comeback bonus'],
  depositFirst: ['首存优惠', 'First deposit bonus'],
  depositAgain: ['再存优惠', 'Redeposit bonus'],
  monthMoney: ['月度礼金', 'Monthly bonus'],
  racePage: ['排行竞赛', 'Race'],
  worldCupGuess: ['世界杯竞猜', 'World Cup predictions'],
  redPackRain: ['红包雨', 'Red packet rain'],
  virtualCurrencyInfo: ['虚拟币说明', 'Virtual currency'],
  newTask: ['新手任务', 'Newcomer tasks'],
  europeanCup: ['欧洲杯', 'European Cup'],
  euroCup: ['欧洲杯嘉年华', 'Euro Cup carnival'],
  footballShot: ['射门游戏', 'Football shoot-out'],
  footballShotDemo: ['射门游戏试玩', 'Football shoot-out demo'],
  breakout: ['闯关活动', 'Breakout'],
  raffle: ['幸运抽奖', 'Raffle'],
  fullMemberActivity: ['全民活动', 'Promotion for all members'],
  championsLeague: ['欧冠', 'Champions League'],
  registrantion: ['注册活动', 'Registration promotion'],
  // Content routes
  news: ['新闻', 'News'],
  newsDetail: ['新闻详情', 'News article'],
  competeLottery: ['竞彩', 'Sports lottery'],
  competeLotteryDetail: ['竞彩详情', 'Sports lottery details'],
  schedule: ['赛程', 'Schedule'],
  scheduleDetail: ['赛程详情', 'Match details'],
} as const satisfies Record<string, readonly [string, string]>;

/** The id of a page title; each route of the table names one. */
export type RouteTitleId = keyof typeof titles;

const column = (index: 0 | 1) => Object.fromEntries(Object.entries(titles).map(([id, pair]) => [id, pair[index]])) as Record<RouteTitleId, string>;
/** The titles as the sdk's texts: read through the same lookup as every other text. */
const titleTexts = defineTexts(column(0), column(1));

/**
 * A page title in a language.
 *
 * @example routeTitle('vip', 'en') // 'VIP'
 */
export function routeTitle(id: RouteTitleId, language: Language): string {
  return textIn(titleTexts, language, id);
}
