/**
 * The product's constants and limits (spec section 9, with the ids and defaults of
 * sections 3 to 5 that go with them), each written once here and imported by the sdk,
 * the widgets, the site and the server. Constants that belong to one call live beside
 * that call in contract/calls (page sizes, the float window's equipment and carousel
 * default, the chat word limit); the download SDK's own live in download/constants.ts.
 * This module holds plain values only, so a widget that imports one carries nothing else.
 */

/** Spec section 9: zh-CN is the default language. */
export const DEFAULT_LANGUAGE = 'zh-CN';

/**
 * Spec section 3, "Enumerations": the pay type ids (numeric strings) the product tells
 * apart; others exist and are only shown.
 *
 * @example order.payType === PAY_TYPE.speed // a fast-to-card order
 */
export const PAY_TYPE = {
  bankTransfer: '1',
  speed: '912',
  bank: '214',
  netBank: '2010',
  usdt: '2120',
  bigRecharge: '112',
  alipay: '411',
  wechat: '312',
  jdPay: '610',
} as const;
export type PayTypeId = (typeof PAY_TYPE)[keyof typeof PAY_TYPE];

/** Spec section 7: the phone-code type (sendPhoneCode `type`) of a login-password reset. */
export const LOGIN_PASSWORD_CODE_TYPE = 3;
/** Spec section 9: the pre-info call's platform type. */
export const PRE_INFO_PLATFORM_TYPE = 6;

/** Spec section 4 ("Polling and prompts") and 9: the order is polled every 60 s while logged in. */
export const ORDER_POLL_MS = 60_000;
/** Spec sections 4 and 9: the deposit tip is polled every 60 s ... */
export const DEPOSIT_TIP_POLL_MS = 60_000;
/** ... the first time 5 s after start. */
export const DEPOSIT_TIP_FIRST_DELAY_MS = 5_000;
/** Spec section 4: deposit tip polling stops once a tip with this status is shown. */
export const DEPOSIT_TIP_SHOWN_STATUS = 1;
/** Spec section 9: balance polling every 60000 ms. */
export const BALANCE_POLL_MS = 60_000;
/** Spec section 9: every countdown on screen (orders, code buttons) ticks once a second. */
export const COUNTDOWN_TICK_MS = 1000;
/** Spec section 9: a lazily loaded page shows its loading text only after this delay. */
export const LAZY_LOAD_DELAY_MS = 200;
/** Spec section 9, "Toast": one toast at a time, 400 px from the top, shown for 1 s. */
export const TOAST_MAX_COUNT = 1;
export const TOAST_TOP_OFFSET_PX = 400;
export const TOAST_DURATION_MS = 1000;

/** Spec section 9: the phone field takes at most 13 characters; longer input is ignored. */
export const PHONE_INPUT_MAX_LENGTH = 13;
/** Spec section 5: phone length bounds come from site config (values not shown); these are the defaults. */
export const PHONE_MIN_LENGTH_DEFAULT = 6;
export const PHONE_MAX_LENGTH_DEFAULT = PHONE_INPUT_MAX_LENGTH;
/** Spec section 5: the disabled-prefix map is keyed by the first 3 digits. */
export const PHONE_PREFIX_LENGTH = 3;

/** Spec sections 5 and 9: a verification code is at most 6 digits for +86, else 10. */
export const CODE_MAX_LENGTH_CN = 6;
export const CODE_MAX_LENGTH_OTHER = 10;
export const CHINA_AREA_CODE = '86';

/** Spec section 9: coin amount in yuan, min 1, max 500000. */
export const COIN_AMOUNT_MIN = 1;
export const COIN_AMOUNT_MAX = 500_000;
/** Spec section 9: 10 coins per yuan unless the config gives a rate. */
export const COIN_RATE_DEFAULT = 10;
/** Spec section 9: coin quick amounts; section 5: default 1. */
export const COIN_QUICK_AMOUNTS = [1, 18, 58, 188, 588, 1888] as const;
export const COIN_DEFAULT_AMOUNT = 1;

/** Spec section 9: 5 deposit quick amounts. */
export const DEPOSIT_QUICK_AMOUNT_COUNT = 5;
/** Spec section 5: default quick amount bases (yuan), each given a random 2-digit suffix. */
export const DEPOSIT_QUICK_BASES = [1, 5, 10, 20, 49] as const;
/** Spec section 5: big recharge (PAY_TYPE.bigRecharge) bases (yuan). */
export const DEPOSIT_BIG_RECHARGE_BASES = [500, 800, 1000, 1500, 1999] as const;

/** Spec sections 5 and 9: the same euro activity refreshed within 5000 ms is refused. */
export const EURO_REFRESH_GUARD_MS = 5_000;

/** Spec sections 5 and 9: the get-code button ignores clicks within 2 s of the last one ... */
export const CODE_CLICK_DEBOUNCE_MS = 2_000;
/** ... and stays disabled for a 60 s countdown after a code is sent. */
export const CODE_RESEND_COUNTDOWN_MS = 60_000;
/** Spec sections 4 and 9: venue recycling and manual refresh run at most once per 10 s. */
export const RECYCLE_THROTTLE_MS = 10_000;
