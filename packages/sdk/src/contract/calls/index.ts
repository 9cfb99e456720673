import type { AnyCall } from '../call.js';
import * as member from './member.js';
import * as site from './site.js';
import * as messages from './messages.js';
import * as feedback from './feedback.js';
import * as captcha from './captcha.js';
import * as finance from './finance.js';
import * as anchor from './anchor.js';
import * as chat from './chat.js';
import * as content from './content.js';
import * as operator from './operator.js';
import * as deposit from './deposit.js';
import * as withdrawal from './withdrawal.js';
import * as venues from './venues.js';
import * as yuebao from './yuebao.js';
import * as banks from './banks.js';
import * as download from './download.js';
import * as promotions from './promotions.js';
import * as profile from './profile.js';
import * as vip from './vip.js';
import * as frame from './frame.js';
import * as depositVerify from './deposit-verify.js';
import * as partners from './partners.js';
import * as games from './games.js';
import * as betSync from './bet-sync.js';
import * as gameRecords from './game-records.js';

export * from './member.js';
export * from './site.js';
export * from './messages.js';
export * from './feedback.js';
export * from './captcha.js';
export * from './finance.js';
export * from './anchor.js';
export * from './chat.js';
export * from './content.js';
export * from './operator.js';
export * from './deposit.js';
export * from './withdrawal.js';
export * from './venues.js';
export * from './yuebao.js';
export * from './banks.js';
export * from './download.js';
export * from './promotions.js';
export * from './profile.js';
export * from './vip.js';
export * from './frame.js';
export * from './deposit-verify.js';
export * from './partners.js';
export * from './games.js';
export * from './bet-sync.js';
export * from './game-records.js';

/** Every call of the contract; the server registers and documents exactly these. */
export const allCalls: readonly AnyCall[] = /* @__PURE__ */ [member, site, messages, feedback, captcha, finance, anchor, operator, chat, venues, yuebao, banks, download, deposit, withdrawal, content, promotions, frame, profile, vip, depositVerify, partners, games, gameRecords, betSync].flatMap((group) =>
  Object.values(group).filter((value): value is AnyCall => typeof value === 'object' && value !== null && 'path' in value && 'method' in value),
);
