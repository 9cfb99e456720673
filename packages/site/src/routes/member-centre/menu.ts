import type { RouteTitleId } from '../../i18n/route-titles.js';

/** One entry of the member centre's menu: where it goes and the title it shows. */
export interface MemberMenuEntry {
  path: string;
  title: RouteTitleId;
}

/**
 * The member centre's pages, in menu order. The spec names the five wallet sub-pages and
 * /app/password and /app/vip; it does not say where the user-info page, the inbox,
 * feedback and the welfare centre live, so they are member-centre sub-pages too
 * (docs/DECISIONS.md, docs/GIFTS.md).
 */
export const memberMenu: readonly MemberMenuEntry[] = [
  { path: '/app/myCenter', title: 'myCenter' },
  { path: '/app/myCenter/deposit', title: 'deposit' },
  { path: '/app/myCenter/withdrawals', title: 'withdrawals' },
  { path: '/app/myCenter/transfer', title: 'transfer' },
  { path: '/app/myCenter/myWallet', title: 'myWallet' },
  { path: '/app/myCenter/banks', title: 'banks' },
  { path: '/app/myCenter/userInfo', title: 'userInfo' },
  { path: '/app/password', title: 'password' },
  { path: '/app/vip', title: 'vip' },
  { path: '/app/myCenter/welfareCenter', title: 'welfareCenter' },
  { path: '/app/myCenter/inbox', title: 'inbox' },
  { path: '/app/myCenter/feedback', title: 'feedback' },
  { path: '/app/myCenter/betRecords', title: 'betRecords' },
  { path: '/app/myCenter/transactions', title: 'transactions' },
  // Responsible play (issue 22; docs/RESPONSIBLE-PLAY.md).
  { path: '/app/myCenter/limits', title: 'playLimits' },
  { path: '/app/myCenter/realityCheck', title: 'realityCheck' },
  { path: '/app/myCenter/playHistory', title: 'playHistory' },
  { path: '/app/myCenter/playBreak', title: 'playBreak' },
];

/** The wallet-feature links of spec section 2: deposit, transfer, withdrawals, banks. */
export const walletFeatureLinks: readonly MemberMenuEntry[] = [
  { path: '/app/myCenter/deposit', title: 'deposit' },
  { path: '/app/myCenter/transfer', title: 'transfer' },
  { path: '/app/myCenter/withdrawals', title: 'withdrawals' },
  { path: '/app/myCenter/banks', title: 'banks' },
];
