import type { Migration } from '../migration.js';
import { platformMigration } from './0001-platform.js';
import { membersMigration } from './0002-members.js';
import { verificationMigration } from './0003-verification.js';
import { messagesMigration } from './0004-messages.js';
import { messageStickyMigration } from './0010-message-sticky.js';
import { feedbackMigration } from './0011-feedback.js';
import { ledgerMigration } from './0100-ledger.js';
import { idempotencyKeysMigration } from './0101-idempotency-keys.js';
import { coinOrdersMigration } from './0102-coin-orders.js';
import { coinPurchaseFunctionMigration } from './0103-coin-purchase-function.js';
import { coinPurchaseOnceMigration } from './0104-coin-purchase-once.js';
import { giftOrdersMigration } from './0105-gift-orders.js';
import { venueWalletsMigration } from './0150-venue-wallets.js';
import { yuebaoBanksMigration } from './0151-yuebao-banks.js';
import { operatorsMigration } from './0200-operators.js';
import { depositOrdersMigration } from './0201-deposit-orders.js';
import { withdrawalsMigration } from './0202-withdrawals.js';
import { siteContentMigration } from './0550-site-content.js';
import { chatMigration } from './0300-chat.js';
import { downloadMigration } from './0400-download.js';
import { floatWindowsMigration } from './0500-float-windows.js';
import { memberProfileMigration } from './0005-member-profile.js';
import { vipMigration } from './0560-vip.js';
import { emailCodesMigration } from './0551-email-codes.js';
import { usdtDepositsMigration } from './0215-usdt-deposits.js';
import { speedDepositMigration } from './0211-speed-deposit.js';
import { chatOrderPushesMigration } from './0301-chat-order-pushes.js';
import { ledgerStatementPostingMigration } from './0106-ledger-statement-posting.js';
import { coinPurchaseBatchMigration } from './0107-coin-purchase-batch.js';
import { sessionNotifyMigration } from './0108-session-notify.js';
import { coinPurchaseBatchLeanerMigration } from './0109-coin-purchase-batch-leaner.js';
import { ledgerChecksPerStatementMigration } from './0110-ledger-checks-per-statement.js';
import { yuebaoSiteStatusMigration } from './0575-yuebao-site-status.js';
import { partnerOriginsMigration } from './0600-partner-origins.js';
import { gameBetsMigration } from './0700-game-bets.js';
import { seamlessWalletMigration } from './0730-seamless-wallet.js';
import { seamlessFunctionsMigration } from './0731-seamless-functions.js';
import { betSyncMigration } from './0740-bet-sync.js';
import { gameCatalogueMigration } from './0710-game-catalogue.js';
import { studioMigration } from './0720-studio.js';
import { studioTablesMigration } from './0725-studio-tables.js';
import { sportsbookMigration } from './0820-sportsbook.js';
import { sportsFeedMigration } from './0800-sports-feed.js';
import { newsMigration } from './0850-news.js';
import { liveMigration } from './0870-live.js';

/** Every migration, in id order. Add new ones here. */
import { promotionsMigration } from './0900-promotions.js';
import { bonusMigration } from './0910-promo-bonus.js';
import { signTasksMigration } from './0920-promo-sign-tasks.js';
import { drawsMigration } from './0930-promo-draws.js';
import { rainRaceBreakoutMigration } from './0940-promo-rain-race-breakout.js';
import { giftsMigration } from './0950-promo-gifts.js';
import { responsibleLimitsMigration } from './1000-responsible-limits.js';
import { responsibleExclusionMigration } from './1010-responsible-exclusion.js';
import { responsibleSessionsMigration } from './1020-responsible-sessions.js';
import { responsibleEnforcementMigration } from './1030-responsible-enforcement.js';
import { campaignsMigration } from './1100-campaigns.js';
import { agentsMigration } from './1110-agents.js';
import { agentCommissionMigration } from './1111-agent-commission.js';
import { commonMemberMigration } from './1120-common-member.js';
import { responsibleWindowHoursMigration } from './1150-responsible-window-hours.js';
import { responsibleDoorsBatchedMigration } from './1160-responsible-doors-batched.js';
import { responsibleHoursBackfilledMigration } from './1170-responsible-hours-backfilled.js';
import { ledgerChecksWithoutBoundedRegexMigration } from './1180-ledger-checks-without-bounded-regex.js';
import { responsibleHourUpdatedInPlaceMigration } from './1190-responsible-hour-updated-in-place.js';
import { responsiblePurchaseDoorOnePassMigration } from './1200-responsible-purchase-door-one-pass.js';
import { responsibleBetDoorOnePassMigration } from './1210-responsible-bet-door-one-pass.js';
import { betSyncPageInOneCallMigration } from './1220-bet-sync-page-in-one-call.js';
import { memberDisableMigration } from './1230-member-disable.js';
import { seamlessRefusedWinsMigration } from './1140-seamless-refused-wins.js';
import { siteConfigMigration } from './1130-site-config.js';
export const migrations: readonly Migration[] = [
  platformMigration,
  membersMigration,
  verificationMigration,
  messagesMigration,
  messageStickyMigration,
  feedbackMigration,
  ledgerMigration,
  idempotencyKeysMigration,
  coinOrdersMigration,
  coinPurchaseFunctionMigration,
  coinPurchaseOnceMigration,
  giftOrdersMigration,
  venueWalletsMigration,
  yuebaoBanksMigration,
  operatorsMigration,
  depositOrdersMigration,
  withdrawalsMigration,
  siteContentMigration,
  chatMigration,
  downloadMigration,
  floatWindowsMigration,
  emailCodesMigration,
  memberProfileMigration,
  vipMigration,
  usdtDepositsMigration,
  speedDepositMigration,
  chatOrderPushesMigration,
  ledgerStatementPostingMigration,
  coinPurchaseBatchMigration,
  sessionNotifyMigration,
  coinPurchaseBatchLeanerMigration,
  ledgerChecksPerStatementMigration,
  yuebaoSiteStatusMigration,
  partnerOriginsMigration,
  gameBetsMigration,
  gameCatalogueMigration,
  studioMigration,
  studioTablesMigration,
  betSyncMigration,
  seamlessWalletMigration,
  seamlessFunctionsMigration,
  liveMigration,
  newsMigration,
  sportsFeedMigration,
  sportsbookMigration,
  promotionsMigration,
  bonusMigration,
  signTasksMigration,
  drawsMigration,
  rainRaceBreakoutMigration,
  giftsMigration,
  responsibleLimitsMigration,
  responsibleExclusionMigration,
  responsibleSessionsMigration,
  responsibleEnforcementMigration,
  campaignsMigration,
  agentsMigration,
  agentCommissionMigration,
  commonMemberMigration,
  siteConfigMigration,
  seamlessRefusedWinsMigration,
  responsibleWindowHoursMigration,
  responsibleDoorsBatchedMigration,
  responsibleHoursBackfilledMigration,
  ledgerChecksWithoutBoundedRegexMigration,
  responsibleHourUpdatedInPlaceMigration,
  responsiblePurchaseDoorOnePassMigration,
  responsibleBetDoorOnePassMigration,
  betSyncPageInOneCallMigration,
  memberDisableMigration,
];
