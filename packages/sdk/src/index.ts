/**
 * @lobby/sdk: the shared core of lobby for browsers and Node. Everything public is named
 * here. The contract's own index is already a list of named exports that the contract
 * owner extends call by call, so it is re-exported as a whole.
 */
export * from './contract/index.js';

// contract/limits.ts: spec section 9 and the ids that go with it.
export {
  DEFAULT_LANGUAGE,
  PAY_TYPE,
  LOGIN_PASSWORD_CODE_TYPE,
  PRE_INFO_PLATFORM_TYPE,
  ORDER_POLL_MS,
  DEPOSIT_TIP_POLL_MS,
  DEPOSIT_TIP_FIRST_DELAY_MS,
  DEPOSIT_TIP_SHOWN_STATUS,
  BALANCE_POLL_MS,
  COUNTDOWN_TICK_MS,
  LAZY_LOAD_DELAY_MS,
  TOAST_MAX_COUNT,
  TOAST_TOP_OFFSET_PX,
  TOAST_DURATION_MS,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_MIN_LENGTH_DEFAULT,
  PHONE_MAX_LENGTH_DEFAULT,
  CODE_MAX_LENGTH_CN,
  CODE_MAX_LENGTH_OTHER,
  COIN_AMOUNT_MIN,
  COIN_AMOUNT_MAX,
  COIN_RATE_DEFAULT,
  COIN_QUICK_AMOUNTS,
  COIN_DEFAULT_AMOUNT,
  DEPOSIT_QUICK_AMOUNT_COUNT,
  DEPOSIT_QUICK_BASES,
  DEPOSIT_BIG_RECHARGE_BASES,
  EURO_REFRESH_GUARD_MS,
  CODE_CLICK_DEBOUNCE_MS,
  CODE_RESEND_COUNTDOWN_MS,
  RECYCLE_THROTTLE_MS,
} from './contract/limits.js';
export type { PayTypeId } from './contract/limits.js';

export { toMinor, fromMinor, hasAtMostDecimals, MoneyFormatError } from './money/money.js';
export type { Decimals } from './money/money.js';
export { formatMoney, formatWireMoney, formatDateTime } from './money/format.js';

// qr/
export { qrPath } from './qr/qr-path.js';

// api/
export { createClient, catalogueMessage } from './api/client.js';
export type { ClientOptions } from './api/client.js';
export { createCallCore, sendWithFetch, CLIENT_CODE } from './api/core.js';
export type { ApiClient, CallCoreOptions, CallOptions, Failure, OutgoingRequest } from './api/core.js';
export { ApiError, errorMessage } from './api/api-error.js';
export { deviceId, newIdempotencyKey, newNonce, newUuid, randomHex } from './api/identity.js';
export { encodeParams, encodeRequest } from './api/encode.js';
export type { EncodedRequest } from './api/encode.js';

// i18n/
export { LANGUAGES, $language, isLanguage, resolveLanguage, setLanguage, initLanguage } from './i18n/language.js';
export type { Language } from './i18n/language.js';
export { t, messageForCode } from './i18n/translate.js';
export type { MessageParams } from './i18n/translate.js';
export { defineTexts, fillText, localized, textIn, textProblems, translator } from './i18n/texts.js';
export type { PluralText, Text, TextParams, Texts } from './i18n/texts.js';
export type { MessageKey } from './i18n/messages.js';
export { formatClock } from './i18n/clock.js';

// stores/
export { STORAGE_KEY, localStore, memoryStorage } from './stores/storage.js';
export type { KeyValueStorage } from './stores/storage.js';
export { updateStore } from './stores/update.js';
export type { UpdateResult } from './stores/update.js';
export { $session, setSession, clearSession } from './stores/session.js';
export type { Session } from './stores/session.js';
export { $member, setMember, resetMember } from './stores/member.js';
export { $wallet, $totalFundsMinor, setWallet, resetWallet } from './stores/wallet.js';
export { totalFundsMinor, rateUnits, divideHalfUp, RATE_SCALE } from './stores/total-funds.js';
export { $siteConfig, setSiteConfig } from './stores/site-config.js';
export { $messages, markRead, setMessageCounts, resetMessages, counterOf, MESSAGE_TYPE, EMPTY_MESSAGE_COUNTS } from './stores/messages.js';

// poll/
export { createPoller } from './poll/poll.js';
export type { Poller, PollerOptions } from './poll/poll.js';
export { documentVisibility } from './poll/visibility.js';
export type { VisibilitySource } from './poll/visibility.js';
export { startMemberPolling, createOrderPoller, createDepositTipPoller, createBalancePoller } from './poll/member-polling.js';

// validation/
export type { Result as ValidationResult } from './validation/result.js';
export { sanitizePhoneInput, validatePhone, codeMaxLength, sanitizeCodeInput, validateCode } from './validation/phone.js';
export type { PhoneRules } from './validation/phone.js';
export { codeCountdownSeconds, acceptsCodeClick, createThrottle } from './validation/code-button.js';
export type { CodeButtonState, Throttle } from './validation/code-button.js';
export { sanitizeCoinAmount, coinsFor, canBuyCoins, showsBalanceBubble } from './validation/coin.js';
export type { CoinAmountInput } from './validation/coin.js';
export { isNonInteger, inRange } from './validation/amount.js';
export { refusedText, refusedInValue, TEXT_REFUSAL_WORDS, CHAT_CONTENT_REFUSES, chatWordCount, validateChatContent } from './validation/text.js';
export { validateUsdtAddress, VIRTUAL_PROTOCOL, USDT_ADDRESS_PATTERN } from './validation/usdt-address.js';
export type { VirtualProtocolName, UsdtAddressError } from './validation/usdt-address.js';
export { virtualAddressFor, checkVirtualAddress, PROTOCOL_NAME, CHAIN_PROTOCOLS, EWALLET_PROTOCOLS, EWALLET_ACCOUNT_PATTERN } from './validation/wallet-address.js';
export type { ProtocolId } from './validation/wallet-address.js';
export { depositQuickAmounts, withRandomSuffix } from './validation/quick-amounts.js';
export type { QuickAmountOptions, RandomSource } from './validation/quick-amounts.js';
export { loginPayload, loginPassword, PASSWORD_HASH_LENGTH } from './validation/login.js';
export type { LoginPayload } from './validation/login.js';
export { createRefreshGuard } from './validation/refresh-guard.js';
export type { RefreshGuard, RefreshGuardOptions } from './validation/refresh-guard.js';
export { validateDownloadConfig, DOWNLOAD_SDK_ALERT } from './validation/download-config.js';
export type { DownloadSdkConfig, DownloadSdkAlert } from './validation/download-config.js';

// download/ (the download SDK; its node-forge signer is a separate file, not exported here)
export {
  DOWNLOAD_SDK_VERSION,
  DOWNLOAD_TIMEOUT_MS,
  WAKE_UP_DELAY_MS,
  ANDROID_FALLBACK_MS,
  DOWNLOAD_RETRY_STATUSES,
  DOWNLOAD_RETRIES_MAX,
  DOWNLOAD_SESSION_KEYS,
  PAGE_VIEW_DELAY_MS,
  PAGE_VIEW_REPORT_TYPE,
  DOWNLOAD_SIGN_WINDOW_MS,
} from './download/constants.js';
export type { DownloadSessionKey } from './download/constants.js';
export { canonicalString, normalizePayload, normalizeValue, UnsignableValueError } from './download/canonical.js';
export type { NormalValue, SignablePayload, SignableValue } from './download/canonical.js';
export { parsePrivateKeyPem, pkcs8Der, base64Of, PrivateKeyFormatError } from './download/pem.js';
export type { PrivateKeyDer } from './download/pem.js';
export { createWebCryptoSigner } from './download/signer.js';
export type { PayloadSigner, SignerFactory } from './download/signer.js';
export { sendSigned, randomNonce, DownloadSdkError } from './download/transport.js';
export type { DownloadFailure, SignedRequest, TransportOptions } from './download/transport.js';
export { storeUrlCodes } from './download/session-codes.js';
export type { SessionCodes, CodeStorage } from './download/session-codes.js';
export { wakeUp } from './download/wake-up.js';
export type { WakeUp, WakeUpOptions } from './download/wake-up.js';
export { createDownloadSdk } from './download/sdk.js';
export type { DownloadSdk, DownloadSdkOptions, DownloadEnvironment } from './download/sdk.js';
export { browserEnvironment, loadForgeScript, FORGE_GLOBAL, FORGE_TRUSTED_TYPES_POLICY } from './download/browser.js';

// games/ (issue 18: the studio's engines and provably fair rounds)
export * from './games/index.js';

// sports/ (issue 19: odds formats, the bet slip, settlement)
export * from './sports/index.js';

// live/ (issue 19: the video host client: host rotation, md5 sign, x1)
export * from './live/index.js';

// promotions/ (issue 20: provably fair draws, splits and their browser verifier)
export * from './promotions/fairness.js';
