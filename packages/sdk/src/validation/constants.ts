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
/** Spec section 5: big recharge (pay type 112) bases (yuan). */
export const DEPOSIT_BIG_RECHARGE_BASES = [500, 800, 1000, 1500, 1999] as const;
/** Spec section 3: the big recharge pay type id. */
export const BIG_RECHARGE_PAY_TYPE_ID = '112';

/** Spec sections 5 and 9: the same euro activity refreshed within 5000 ms is refused. */
export const EURO_REFRESH_GUARD_MS = 5_000;

/** Spec sections 5 and 9: the get-code button ignores clicks within 2 s of the last one ... */
export const CODE_CLICK_DEBOUNCE_MS = 2_000;
/** ... and stays disabled for a 60 s countdown after a code is sent. */
export const CODE_RESEND_COUNTDOWN_MS = 60_000;
/** Spec sections 4 and 9: venue recycling and manual refresh run at most once per 10 s. */
export const RECYCLE_THROTTLE_MS = 10_000;
