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
