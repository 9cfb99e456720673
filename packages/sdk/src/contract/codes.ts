/**
 * The codes a client reads from the envelope itself, whatever the call: success, the
 * session's end, a missing idempotency key and the platform failures an HTTP status
 * stands for. Kept apart from CODE so a small client (the widgets) carries only these.
 */
export const WIRE_CODE = {
  success: 0,
  idempotencyKeyMissing: 400006,
  tokenInvalid: 401011,
  notFound: 404000,
  tooManyRequests: 429000,
  internalError: 500000,
} as const;

/**
 * The business codes a widget acts on: the order ball clears on `orderNotFound`, the chat
 * box shows the mute on `chatMuted`. Kept apart from CODE so each widget bundle carries
 * only these.
 */
export const WIDGET_CODE = {
  orderNotFound: 221001,
  chatMuted: 230003,
} as const;

/**
 * Every response code of the product, named once. The envelope `{ code, msg, data }`
 * carries one of these; `0` is success. Platform codes (signature, input, auth, limits)
 * come with their HTTP status; business refusals travel as HTTP 200 with their code
 * (spec section 8 and the codes below).
 */
export const CODE = {
  success: WIRE_CODE.success,

  // Platform: the request itself is wrong (HTTP 400).
  invalidJson: 400001,
  invalidField: 400002,
  unknownField: 400003,
  bodyTooLarge: 400004,
  unsupportedContentType: 400005,
  idempotencyKeyMissing: WIRE_CODE.idempotencyKeyMissing,

  // Platform: who is calling (HTTP 401).
  signMissing: 401001,
  signInvalid: 401002,
  timestampOutOfWindow: 401003,
  nonceReused: 401004,
  headersMissing: 401005,
  tokenMissing: 401010,
  tokenInvalid: WIRE_CODE.tokenInvalid,
  operatorOnly: 401020,

  // Platform: where and how often (HTTP 404, 409, 429, 500).
  notFound: WIRE_CODE.notFound,
  idempotencyKeyReused: 409001,
  tooManyRequests: WIRE_CODE.tooManyRequests,
  internalError: WIRE_CODE.internalError,

  // Member (business, HTTP 200).
  nameTaken: 210001,
  nameInvalid: 210002,
  passwordWrong: 210003,
  memberNotFound: 210004,
  memberDisabled: 210005,
  memberSleeping: 210006,
  captchaRequired: 210007,
  captchaWrong: 210008,
  passwordUnchanged: 210009,
  codeWrong: 210010,
  phoneInvalid: 210011,
  messageNotFound: 210020,
  // Member feedback (business, HTTP 200), issue 8: 210100-210149.
  feedbackNotFound: 210100,
  feedbackContentInvalid: 210101,
  feedbackImageMissing: 210102,
  feedbackImageType: 210103,
  feedbackImageTooLarge: 210104,
  feedbackImageUnknown: 210105,
  feedbackTooFrequent: 210106,

  // Spec section 8: deposit and withdraw result codes.
  guide: 244099,
  noLabor: 244098,
  tooMany: 244305,
  disabled: 244300,
  hasOtherOne: 244303,
  wrongPay: 244080,
  noAvailable: 244063,
  recommendPayment: 244666,
  helpGuests: 244388,
  errorName: 244316,
  authenticationFailure: 10425,

  // Spec section 8: identity authentication. The spec names the meaning of some codes
  // only; the others keep a neutral name until the product defines them.
  identityRequired244358: 244358,
  identityRequired244359: 244359,
  identityRequired244360: 244360,
  identityNoPhone: 245101,
  identityNoRealNameOrPhone: 244381,
  identityNoRealNameOrPhoneAgain: 244389,
  identityNoRealNameOrBankCard: 244382,
  identityNoRealNamePhoneOrBankCard: 244383,
  identityMismatch244384: 244384,
  identityMismatch244385: 244385,
  identityMismatch244386: 244386,
  identityIdCardMismatch: 244394,
  identityIdCardMismatchAgain: 244395,
  identityUnsupported: 244387,

  // Finance and wallet (business, HTTP 200), issue 3. 409002: a money call whose key is
  // still being processed by another request (HTTP 409, like idempotencyKeyReused).
  exceedsBalance: 220001,
  buyCoinNotAllowed: 220002,
  anchorNotFound: 220003,
  giftNotFound: 220004,
  idempotencyKeyInProgress: 409002,

  // Site frame and content (business, HTTP 200), issue 7.
  phoneNotBound: 233001,
  sponsorNotFound: 233002,
  emailNotBound: 233003,
  resetTokenInvalid: 233004,


  // Deposits, withdrawals, payment providers, operators (business, HTTP 200), issue 3: 221001-221999.
  orderNotFound: WIDGET_CODE.orderNotFound,
  illegalTransition: 221002,
  payChannelNotFound: 221003,
  amountOutOfRange: 221004,
  withdrawPasswordNotSet: 221005,
  withdrawPasswordWrong: 221006,
  withdrawPasswordAlreadySet: 221007,
  usdtNotSupported: 221008,
  paymentDeclined: 221009,
  paymentProviderTimeout: 221010,
  urgeTooSoon: 221011,
  withdrawTypeClosed: 221012,
  callbackSignatureInvalid: 221013,
  addressInvalid: 221014,
  /** The address has its protocol's shape but not its checksum: a typo (issue 17). */
  addressChecksumMismatch: 221017,
  withdrawLimitReached: 221015,
  // Withdrawal payout by bound card (member-money pages): 221100-221119.
  withdrawCardNotFound: 221100,
  withdrawCardRequired: 221101,
  merchantNotFound: 221016,
  // USDT deposit orders (deposit page, pay type 2120), issue 8: 221200-221299.
  usdtDepositMerchantUnknown: 221200,
  usdtDepositProtocolNotOffered: 221201,
  usdtDepositAmountOutOfRange: 221202,
  usdtDepositTooManyDecimals: 221203,
  usdtDepositUseUsdtCall: 221204,
  // Chat room (business, HTTP 200), issue 6: 230001-230999.
  chatClosed: 230001,
  chatRoomNotFound: 230002,
  chatMuted: WIDGET_CODE.chatMuted,
  chatTooLong: 230004,
  chatEmpty: 230005,
  chatTooFast: 230006,
  chatSlowMode: 230007,
  chatNeedsDeposit: 230008,
  chatNeedsRegisterTime: 230009,
  chatNeedsVip: 230010,
  chatAdminOnly: 230011,
  chatMemberNotFound: 230012,
  chatMessageNotFound: 230013,
  // Download SDK (business, HTTP 200), issue 5: 231001-231999.
  downloadSignMissing: 231001,
  downloadSignInvalid: 231002,
  downloadSignExpired: 231003,
  downloadNonceReused: 231004,
  downloadAppKeyUnknown: 231005,
  downloadUrlMissing: 231006,
  downloadDescriptorMissing: 231007,
  // Venue wallets, yuebao, banks and addresses, conversions (business, HTTP 200), issue 3: 222001-222999.
  operationTooFrequent: 222001,
  venueNotFound: 222002,
  venueMaintaining: 222003,
  venueTransferFailed: 222004,
  bankCardInvalid: 222010,
  bankCardNotFound: 222011,
  bankCardDuplicate: 222012,
  bankCardLimit: 222013,
  virtualAddressInvalid: 222020,
  virtualAddressNotFound: 222021,
  virtualAddressDuplicate: 222022,
  virtualAddressLimit: 222023,
  conversionTooSmall: 222030,
  conversionLimit: 222031,
  // Member profile (business, HTTP 200), issue 8: 210030-210099.
  phoneAlreadyBound: 210030,
  phoneTaken: 210031,
  realNameAlreadySet: 210032,
  realNameInvalid: 210033,
  nickNameInvalid: 210034,
  emailInvalid: 210035,
  receiverAddressInvalid: 210036,
  birthdayAlreadySet: 210037,
  birthdayInvalid: 210038,
  // VIP gifts (business, HTTP 200), issue 8: 232050-232099.
  vipGiftNotFound: 232050,
  vipGiftAlreadyApplied: 232051,
  vipBirthdayNotSet: 232052,
  vipBirthdayNotThisMonth: 232053,
  vipBirthdayAlreadyApplied: 232054,
  vipGiftEmpty: 232055,
  // Fast-to-card (speed, 912) deposit flow (business, HTTP 200), issue 3: 221300-221399.
  speedOrderNotSpeed: 221300,
  speedRemindLimit: 221301,
  speedAlreadyAppealed: 221302,
  // E-wallet withdrawals (member centre), issue 8: 221400-221499.
  withdrawAddressNotFound: 221400,
  // Chat order pushes, issue 6: 230100-230199.
  chatOrderPushOff: 230100,
  // Yuebao status per brand (member centre), issue 8: 210250-210299.
  yuebaoClosed: 210250,
  // Game catalogue and launch, issue 18: 250001-250099.
  gameNotFound: 250001,
  gameMaintaining: 250002,
  gameDemoNotOffered: 250003,
  gameLaunchFailed: 250004,
  gameFavouritesFull: 250005,
  // Bet and transaction records (member centre), issue 18: 254001-254099.
  recordRangeInvalid: 254001,
  betRecordNotFound: 254002,
  // Sandbox studio (provider side: launch, play API, wallets), issue 18: 251001-251049.
  studioSessionInvalid: 251001,
  studioGameUnknown: 251002,
  studioVenueUnknown: 251003,
  studioMaintenance: 251004,
  studioBetInvalid: 251005,
  studioInsufficientBalance: 251006,
  studioLaunchRefused: 251007,
  studioRoundNotFound: 251008,
  studioClientSeedInvalid: 251009,
  studioDemoNotOffered: 251010,
  studioWalletUnavailable: 251011,
  studioRequestIdInvalid: 251012,
  // Studio shared rounds (live table, lottery draws), issue 18: 251050-251099.
  studioTableNotFound: 251050,
  studioBetsClosed: 251051,
  studioBetSpotInvalid: 251052,
  studioBetStakeInvalid: 251053,
  studioBalanceTooLow: 251054,
  // Seamless wallet venues, issue 18: 252001-252099 (the provider endpoint answers string codes, docs/SEAMLESS-WALLET.md).
  venueSeamlessWallet: 252001,
  // Sports feed, fixtures and their push, issue 19: 260001-260099.
  sportsFixtureNotFound: 260001,
  sportsDayInvalid: 260002,
  sportsSandboxRefused: 260003,
  // Sportsbook (bet slip, settlement, cash-out, odds format), issue 19: 261001-261099.
  sportsSlipInvalid: 261001,
  sportsSlipReused: 261002,
  sportsVenueNotSports: 261003,
  sportsMarketNotFound: 261004,
  sportsMarketSuspended: 261005,
  sportsMarketClosed: 261006,
  sportsSelectionClosed: 261007,
  sportsOddsChanged: 261008,
  sportsStakeTooLow: 261009,
  sportsStakeTooHigh: 261010,
  sportsBalanceTooLow: 261011,
  sportsBetNotFound: 261012,
  sportsCashOutUnavailable: 261013,
  sportsCashOutSuspended: 261014,
  sportsCashOutValueChanged: 261015,
  // News, articles, results and /static/v1, issue 19: 262001-262099.
  newsArticleNotFound: 262001,
  newsArticleEmpty: 262002,
  newsArticleChanged: 262003,
  newsImageNotAllowed: 262004,
  newsExpertNotFound: 262005,
  newsPickNotOpen: 262006,
  lotteryVenueUnknown: 262010,
  lotteryDrawNotFound: 262011,
  // Video host and live video, issue 19: 263001-263099.
  videoRoomNotFound: 263001,
  // Live and sports calls, anchor room, home sport, issue 19: 264001-264099.
  liveRoomNotFound: 264001,
  liveMatchNotFound: 264002,
  liveWatchTargetNotFound: 264003,
  buyGoldOrderNotFound: 264004,
  liveVideoHostUnavailable: 264005,
  // Promotion engine (activities, budgets, claims, eligibility, abuse, fairness), issue 20: 270001-270099.
  activityNotFound: 270001,
  activityNotLive: 270002,
  activityBudgetSpent: 270003,
  activityNotEligible: 270004,
  activityCapReached: 270005,
  activitySharedIdentity: 270006,
  activityClaimTooFrequent: 270007,
  activityTermsChanged: 270008,
  activityInvalid: 270009,
  // The activity list, entries and the display and discount kinds (LIST), issue 20: 270050-270099.
  activityJoinNotRequired: 270050,
  activityNotJoined: 270051,
  activityAlreadyApplied: 270052,
  activityFormInvalid: 270053,
  // Bonus money and wagering, deposit bonuses (first, again, month money), issue 20: 271001-271099.
  bonusNotFound: 271001,
  bonusNotWagering: 271002,
  depositBonusNotReady: 271003,
  depositBonusReceived: 271004,
  depositBonusNoDeposit: 271005,
  depositBonusWrongMode: 271006,
  monthMoneyNotReached: 271007,
  // Sign-in and new-member tasks, issue 20: 272001-272099.
  signInNotOpen: 272001,
  signInAlreadySigned: 272002,
  signInRuleNotMet: 272003,
  signInRetroactiveNotAllowed: 272004,
  signInRetroactiveUsedUp: 272005,
  signInRetroactiveNeedsDeposit: 272006,
  signInAwardNotReached: 272007,
  signInAwardClaimed: 272008,
  signInAwardUnknown: 272009,
  newTaskNotNewMember: 272020,
  newTaskExpired: 272021,
  newTaskNotDone: 272022,
  newTaskReceived: 272023,
  newTaskUnknown: 272024,
  newTaskRebornNotLost: 272025,
  newTaskPackageNotMet: 272026,
  newTaskPackageSigned: 272027,
  // Draws: draw gift, raffle, spin wheel, scratch cards; fairness reveal, issue 20: 273001-273099.
  drawNotOpen: 273001,
  fairRoundNotFound: 273002,
  drawNoneLeft: 273003,
  spinTaskNotFound: 273004,
  spinTaskNotDone: 273005,
  spinTaskReceived: 273006,
  raffleNothingToTake: 273007,
  // Red-packet rain, races, breakout, issue 20: 274001-274099.
  rainNotOpen: 274001,
  rainGrabLimit: 274002,
  rainPacketsGone: 274003,
  breakoutStepNotReached: 274010,
  breakoutBarrierNotStarted: 274011,
  breakoutStepUnknown: 274012,
  // Gifts, present, luxury exchange, super gift, promo v2, top gift, remaining activity calls, issue 20: 275001-275099.
  activityGiftNotFound: 275001,
  giftLocked: 275002,
  giftAlreadyTaken: 275003,
  giftAddressMissing: 275004,
  giftPointsShort: 275005,
  giftApplicationNotFound: 275006,
  giftApplicationClosed: 275007,
  rebateNothingToClaim: 275008,
  // Responsible play: limits (deposit, loss, wager, stake, session time), their changes and audit, issue 22: 280001-280099.
  limitDepositReached: 280001,
  limitLossReached: 280002,
  limitWagerReached: 280003,
  limitStakeExceeded: 280004,
  limitInvalid: 280010,
  limitChangeNotFound: 280011,
  limitChangeNotDue: 280012,
  limitOnlyLower: 280013,
  limitMemberUnknown: 280014,
  // [block R1: its codes go above this line]
  // Responsible play: bets, transfers and purchases refused by a limit, issue 22: 280100-280199.
  rpTransferOverAllowance: 280101,
  // [block R2: its codes go above this line]
  // Responsible play: time-out and self-exclusion, issue 22: 281001-281099.
  exclusionTimeOut: 281001,
  exclusionSelfExcluded: 281002,
  exclusionCoolingOff: 281003,
  exclusionReturnUnconfirmed: 281004,
  exclusionPasswordWrong: 281005,
  exclusionEndsEarlier: 281006,
  exclusionPeriodInvalid: 281007,
  exclusionNothingToConfirm: 281008,
  exclusionNoMarketing: 281009,
  // [block R3: its codes go above this line]
  // Responsible play: sessions, reality checks, history and its review, issue 22: 282001-282099.
  sessionTimeLimitReached: 282001,
  realityCheckNotDue: 282002,
  playReviewNotDue: 282003,
  // [block R4: its codes go above this line]
  // Common and member calls (free call, notices, login by SMS, desire, avatar, member move, gee-test...), issue 21: 292001-292099.
  freeCallTooFrequent: 292001,
  freeCallPhoneInvalid: 292002,
  specialNoticeNotFound: 292003,
  returnLinkForeign: 292004,
  shortLinkForeign: 292006,
  loginSmsCodeWrong: 292007,
  desireInvalid: 292008,
  securityNoticeNotFound: 292009,
  avatarImageMissing: 292010,
  avatarImageType: 292011,
  avatarImageTooLarge: 292012,
  avatarImageDimensions: 292013,
  memberMoveTargetInvalid: 292014,
  memberMovePending: 292015,
  memberMoveNameTaken: 292016,
  memberMoveNotFound: 292017,
  geeTestFailed: 292018,
  defaultAvatarUnknown: 292019,
  memberMoveClosed: 292020,
  specialNoticeInvalid: 292021,
  // [block C1: its codes go above this line]
  // Finance and site calls, control switches, identity authentication provider, issue 21: 293001-293099.
  siteConfigKeyUnknown: 293001,
  siteConfigValueInvalid: 293002,
  featureSwitchedOff: 293003,
  premiumVenueNotFound: 293004,
  bankNotFound: 293005,
  identityProviderUnavailable: 293006,
  identityAlreadyVerified: 293007,
  captchaNotRegistered: 293050,
  // [block C2: its codes go above this line]
  // Agents, invitations and the download pages, issue 21: 291001-291099.
  agentApplicationPending: 291001,
  agentAlreadyAgent: 291002,
  agentApplicationNotFound: 291003,
  agentApplicationDecided: 291004,
  agentNotAgent: 291005,
  inviteActivityMissing: 291010,
  inviteNothingToApply: 291011,
  inviteNotInvited: 291012,
  inviteNotQualified: 291013,
  inviteSharedIdentity: 291014,
  inviteFriendNotFound: 291015,
  inviteRecallTooSoon: 291016,
  inviteRecallOff: 291017,
  agentCommissionMonthOpen: 291020,
  // [block C3: its codes go above this line]
  // Football campaigns (guess, carnival, football shot, champions league, surviving...), issue 21: 290001-290099 (711 is the spec's own).
  carnivalAlreadyApplied: 711,
  guessFixtureNotFound: 290001,
  guessClosed: 290002,
  guessAlreadyPlaced: 290003,
  guessPickInvalid: 290004,
  guessLimitReached: 290005,
  survivorEliminated: 290006,
  carnivalVoteClosed: 290007,
  carnivalStarUnknown: 290008,
  carnivalAlreadyVoted: 290009,
  shotRoundNotFound: 290010,
  shotRoundUsed: 290011,
  shotsUsedUp: 290012,
  // [block C4: its codes go above this line]
} as const;

export type CodeName = keyof typeof CODE;
export type Code = (typeof CODE)[CodeName];

// Built on first use, so a bundle that imports only WIRE_CODE leaves the CODE table out.
let nameByCode: Map<number, CodeName> | undefined;

/** The name of a code, for messages and logs; undefined for a code the client does not know. */
export function codeName(code: number): CodeName | undefined {
  nameByCode ??= new Map<number, CodeName>(Object.entries(CODE).map(([name, value]) => [value, name as CodeName]));
  return nameByCode.get(code);
}

/** The HTTP status a platform code travels with; business codes travel as 200. */
export function httpStatusOf(code: number): number {
  const head = Math.floor(code / 1000);
  return [400, 401, 404, 409, 429, 500].includes(head) ? head : 200;
}

/** The response envelope of every call. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
