export { s, OPTIONAL_KEY, INT4_MAX, SAFE_INTEGER_MAX, REFUSE_KEY, PLAIN_TEXT } from './schema.js';
export type { Schema, OptionalSchema, Infer, StringOptions, NumberOptions, ArrayOptions, MoneyOptions, TextRefusal } from './schema.js';
export { defineCall } from './call.js';
export type { Call, AnyCall, CallAuth, CallDefinition, CallRequest, CallResponse, HttpMethod, RequestStyle } from './call.js';
export { CODE, WIDGET_CODE, WIRE_CODE, codeName, httpStatusOf } from './codes.js';
export type { Code, CodeName, Envelope } from './codes.js';
export {
  HEADER,
  CLIENT_TYPE,
  ORIGINAL_CLIENT_TYPE,
  CLIENT_VERSION,
  DEFAULT_SITE_ID,
  DEMO_SIGN_KEY,
  SIGN_WINDOW_MS,
  requestSign,
  signedHeaders,
  signingText,
} from './headers.js';
export type { SignInput, SignedHeadersInput } from './headers.js';
export { md5Hex } from './md5.js';
export { VenueMoney, WalletBalance, MemberInfo, CustomerService, SiteBaseConfig, MessageCounts } from './entities.js';
export { Message } from './entities.js';
export { allCalls, webLogin, siteBaseConfig, LoginRequest, LoginResponse, PasswordHash } from './calls/index.js';
export { toMinor, fromMinor, hasAtMostDecimals, MoneyFormatError } from '../money/money.js';
export type { Decimals } from '../money/money.js';
export {
  MemberName,
  LoginDeviceRequest,
  RegisterRequest,
  CheckNameRequest,
  CheckNameResponse,
  MemberStatusResponse,
  loginV3,
  loginV4,
  loginV5,
  loginV4Device,
  registerMember,
  registerV4,
  checkNameV1,
  checkNameV2,
  checkNameV3,
  logout,
  userInfo,
  modifyPassword,
  memberStatus,
  memberCheck,
  sleepCheck,
  activate,
  sendPhoneCode,
  PreInfoRequest,
  PreInfo,
  PreInfoV3,
  preInfo,
  preInfoV3,
  LOGIN_CAPTCHA_KEYS,
  loginCaptchaConfig,
  MESSAGE_PAGE_SIZE,
  MessageType,
  MessagePage,
  messageList,
  messageRead,
  messageDelete,
  messageCount,
  messageReadAll,
  messageDeleteAll,
  opsMessageSend,
  captchaImage,
  captchaCheck,
  captchaRegister,
} from './calls/index.js';
export {
  walletBalance,
  usdtWalletBalance,
  UsdtWalletBalance,
  coinWalletBalance,
  CoinWalletBalance,
  availableBalance,
  AvailableBalance,
  checkBuyCoinPermission,
  BuyCoinPermission,
  buyCoin,
  transferStatusFetch,
  BuyCoinRequest,
  BuyCoinResponse,
} from './calls/index.js';
export {
  Banner,
  DomainNotice,
  Sponsor,
  SponsorDetail,
  NavigationItem,
  CATEGORY_CARD_KINDS,
  CategoryCard,
  HelpCategory,
  bannerList,
  bannerListV2,
  domainNotices,
  sponsorList,
  sponsorDetail,
  sponsorPreview,
  navigationList,
  customerServiceUrls,
  categoryCards,
  helpCategories,
  languageWhitelist,
  anchorGameImages,
  forgetLoginPassword,
} from './calls/index.js';
export { EMAIL_PATTERN, forgetPasswordEmailSend, forgetPasswordEmailVerify, forgetPasswordEmailReset, LEAVE_PAY_ON, leavePayConfig, VENUE_KIND, VENUE_TYPES, VenueOfType, venueTypeList } from './calls/index.js';
export {
  FEEDBACK_TYPES,
  FEEDBACK_CATEGORIES,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_IMAGE_BYTES_MAX,
  FEEDBACK_IMAGE_TYPES,
  FEEDBACK_IMAGE_PATH,
  FEEDBACK_PAGE_SIZE,
  FeedbackDetail,
  OpsFeedback,
  webFeedback,
  feedbackUpload,
  feedbackList,
  opsFeedbackList,
  opsFeedbackReply,
} from './calls/index.js';

export {
  opsWhoami,
  OpsOrder,
  opsDepositConfirm,
  opsDepositReject,
  opsDepositExpire,
  opsWithdrawalMatch,
  opsWithdrawalPay,
  opsWithdrawalComplete,
  opsWithdrawalFreeze,
  opsWithdrawalUnfreeze,
  opsWithdrawalExpire,
  opsWithdrawalSource,
  opsOrderList,
  opsSandboxPayment,
  opsAudit,
  opsMemberStatus,
  opsMemberDetail,
  OpsMemberStatusChange,
  OpsAuditCheck,
  DEPOSIT_STATE,
  PayChannel,
  DepositOrder,
  payChannels,
  discountConfig,
  depositPay,
  depositOrderStatus,
  cancelNormalOrder,
  speedCancelCount,
  alreadyPaid,
  urgeOrder,
  depositAppeal,
  lastDepositInfo,
  depositTipLoop,
  bigBankProcessingOrder,
  recordDetail,
  WITHDRAW_STATE,
  WITHDRAW_TYPE,
  WithdrawalOrder,
  withdrawInfo,
  withdrawPasswordStatus,
  withdrawPasswordSet,
  withdrawPasswordUpdate,
  withdrawPasswordReset,
  withdrawPasswordVerify,
  withdrawalRequest,
  usdtWithdraw,
  withdrawOrderInfo,
  withdrawalConfirm,
  withdrawalAppeal,
  E_WALLET_WAYS,
  eWalletWithdraw,
} from './calls/index.js';
export {
  CHAT_WORD_LIMIT_DEFAULT,
  CHAT_HISTORY_PAGE_SIZE,
  ChatMessage,
  ChatMessageKind,
  ChatRoom,
  ChatConnection,
  ChatSetup,
  chatBaseParams,
  chatBaseParamsAnonymous,
  chatConnector,
  chatConnectorAnonymous,
  chatRoomDetail,
  chatRoomDetailAnonymous,
  chatHistory,
  chatHistoryAnonymous,
  chatOfflineMessage,
  chatOfflineMessageAnonymous,
  chatEntranceSwitch,
  chatEntranceSwitchAnonymous,
  chatSwitchGet,
  chatSwitchGetAnonymous,
  chatGreeting,
  chatGreetingAnonymous,
  chatActivityPushList,
  chatActivityPushListAnonymous,
  chatPushHistory,
  chatPushHistoryAnonymous,
  chatSendMessage,
  chatSetupGet,
  chatSetupSet,
  chatOperation,
  chatMute,
  chatMutedList,
  chatUnblock,
  chatSwitchSet,
  chatPushActivity,
} from './calls/index.js';
export {
  VenueList,
  VenueRefreshResponse,
  VenueTransferState,
  VenueTransferResult,
  VenueTransferInRequest,
  VenueTransferOutRequest,
  WalletTypeValue,
  RecycleRequest,
  RecycleV2Request,
  RecycleResponse,
  AutoTransferStatus,
  venueBalances,
  venueBalanceRefresh,
  venueTransferIn,
  venueTransferOut,
  oneClickRecycle,
  oneClickRecycleV2,
  venueRecycleConfirmList,
  autoTransferStatus,
  setAutoTransferStatus,
  YuebaoMoveRequest,
  YuebaoMoveResponse,
  YuebaoRevenue,
  YuebaoConfig,
  yuebaoToYeb,
  yuebaoToCentre,
  yuebaoRevenue,
  yuebaoConfig,
  BankCard,
  BankCardList,
  BindBankCardRequest,
  DeleteByIdRequest,
  VirtualProtocolValue,
  VirtualAddress,
  VirtualAddressList,
  VirtualAddressInsertRequest,
  EWalletAddRequest,
  WalletType,
  ChangeMoneyConfig,
  ConversionResponse,
  memberBankList,
  bindBankCard,
  deleteBankCard,
  virtualCurrencyList,
  virtualCurrencyInsert,
  virtualCurrencyDelete,
  eWalletAddressAdd,
  eWalletAddressRemove,
  walletTypeGet,
  walletTypeSet,
  changeMoneyConfig,
  usdtToRmb,
  rmbToUsdt,
} from './calls/index.js';
export {
  downloadReportNodeInsert,
  downloadParamsReport,
  downloadWhitelistCheck,
  downloadDescriptorFile,
  downloadTfDownload,
  downloadPcUrl,
  downloadAppUrl,
  downloadConfig,
  DOWNLOAD_PLATFORMS,
  opsDownloadAppKeyCreate,
  opsDownloadAppKeyList,
  opsDownloadConfigSet,
  opsDownloadReportList,
  DownloadReport,
} from './calls/index.js';
export type { DownloadPlatform } from './calls/index.js';
export {
  floatWindows,
  FloatWindowItem,
  FloatWindowList,
  FloatWindowsRequest,
  FLOAT_WINDOW_DISPLAY_EQUIPMENT_WEB,
  FLOAT_WINDOW_TIME_DEFAULT_S,
  FLOAT_WINDOW_JUMP,
  FLOAT_WINDOW_LINK,
} from './calls/index.js';
export {
  PHONE_CODE_PURPOSE,
  PHONE_REBIND_WINDOW_MIN,
  ReceiverAddress,
  PersonalInfo,
  personalInfoV3,
  bindPhone,
  sendBoundPhoneCode,
  verifyBoundPhone,
  setNickname,
  setRealName,
  setEmail,
  setUserProfile,
  addressGet,
  addressUpdate,
  VIP_GIFT_STATUS,
  VIP_LEVEL_MAX,
  VipGradeConfig,
  VipMemberChangeInfo,
  VipGradeChange,
  VipInfo,
  VipGift,
  vipGradeConfigList,
  vipInfo,
  vipGiftList,
  vipGiftApply,
  vipGiftCheckProgress,
  vipBirthdayApply,
} from './calls/index.js';
export { DEPOSIT_VERIFY_MOBILE_KEY, depositVerifyMobileConfig } from './calls/index.js';
export { GiftConfig, giftConfigList, GIFT_COUNT_MAX, GiftRewardSendRequest, GiftRewardSendResponse, giftRewardSend, GiftRankEntry, giftRank, SpeedToCardConfig, speedToCardConfig, usdtDepositAddress, usdtDepositMerchants } from './calls/index.js';
export { USDT_DEPOSIT_ROUTES, usdtDepositPay, type UsdtDepositRoute } from './calls/index.js';
export { SpeedToCardInfo, speedToCardInfo, speedToCardConfirm, speedToCardRemind, speedToCardCancel, SPEED_APPEAL_REASONS, speedAppealConfig, speedToCardAppeal, PAY_CHANNEL_STATES, opsPayChannelState } from './calls/index.js';
export { chatPushOrder, OrderPush } from './calls/index.js';
export { opsYuebaoStatus } from './calls/index.js';
export { opsPartnerOriginList, opsPartnerOriginAdd, opsPartnerOriginRemove } from './calls/index.js';
export { GAME_PAGE_SIZE_DEFAULT, GAME_PAGE_SIZE_MAX, GAME_SEARCH_MAX, GAME_SORTS, GameCategoryValue, GameItem, GamePage, GameRef, GameSyncVenue, LaunchResponse, VenueMaintenance, gameCancelCollect, gameCollect, gameDemoLaunch, gameFavourites, gameHotList, gameLaunch, gameList, gameMaintenance, gameSearch, gameSecondLaunch, opsGameSync } from './calls/index.js';
export { BetSyncVenue, opsBetSync } from './calls/index.js';
export { partnerCalls, PARTNER_REQUEST_HEADERS } from './partner-calls.js';
export { BET_RECORD_PAGE_SIZE, TRANSACTION_RECORD_PAGE_SIZE, RECORD_RANGE_DAYS_MAX, FLOW_MULTIPLE, BET_STATUSES, DEAL_TYPES, BetRecordRange, BetRecord, RoundVerification, TransactionRecord, betRecords, betRecordDetail, flowRate, transactionRecords } from './calls/index.js';
export type { BetStatus, DealType } from './calls/index.js';
// Issue 19: sports, sportsbook, video host, live, news and /static/v1 (each file's exports are its public surface).
export * from './calls/sports.js';
export * from './calls/sportsbook.js';
export * from './calls/video-host.js';
export * from './calls/live.js';
export * from './calls/news.js';
export * from './calls/static-info.js';
export * from './calls/activities.js';
export * from './calls/activity-ops.js';
export * from './calls/activity-bonus.js';
export * from './calls/activity-sign.js';
export * from './calls/activity-tasks.js';
export * from './calls/activity-draws.js';
export * from './calls/activity-rain.js';
export * from './calls/activity-gifts.js';
export * from './calls/responsible-sessions.js';
export * from './calls/responsible-exclusion.js';
export * from './calls/agents.js';
export * from './calls/common.js';
export * from './calls/member-account.js';
export * from './calls/responsible-limits.js';
export * from './calls/campaigns.js';
export * from './calls/finance-desk.js';
export * from './calls/site-config.js';
