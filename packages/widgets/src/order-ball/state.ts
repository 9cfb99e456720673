import { DEPOSIT_STATE, PAY_TYPE, WITHDRAW_STATE, type DepositOrder, type WithdrawalOrder } from '@lobby/sdk';

/** Routes the ball's rules look at (spec section 2). */
export const ROUTE = { home: '/app/home', deposit: '/app/myCenter/deposit', withdrawals: '/app/myCenter/withdrawals' } as const;

export type Draw = Omit<WithdrawalOrder, 'subDraws'>;

/** The ball as shown: hidden (with why, for tests and hosts), or what to draw and do. */
export type BallView =
  | { hidden: true; reason: 'noOrder' | 'notActive' | 'speedOrder' | 'bigBank' | 'bigBankFailed' | 'ended' | 'withdrawalsPage' }
  | {
      hidden: false;
      kind: 'deposit' | 'withdrawal';
      billNo: string;
      /** deposit: 'confirmPayment' | 'enterDetails'; withdrawal: 'status0'..'status3'. */
      label: 'confirmPayment' | 'enterDetails' | 'status0' | 'status1' | 'status2' | 'status3';
      /** Seconds left on the countdown, null when the state has none. */
      remainingS: number | null;
      totalS: number | null;
      /** Withdrawal status 2: how many draws wait for the member's confirmation. */
      toConfirmCount: number;
    };

const path = (route: string) => route.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';

/** True on the home page (spec: prompts show on home). @example isHome('/app/home?x=1') // true */
export function isHome(route: string): boolean {
  return path(route) === ROUTE.home || path(route) === '/';
}

/** Where the big-bank order stands, when the member is on the deposit page. */
export type BigBank = 'none' | 'present' | 'failed' | 'unknown';

/**
 * The deposit ball (spec section 4): 101 pending payment (confirm payment, with the
 * countdown), any other active state pending confirmation (enter details); 103 closed is
 * not active. Hidden without an order, after an end-order answer, and on the deposit page
 * for a speed order, a big-bank order, or when the big-bank order could not be fetched.
 *
 * @example depositBall(order, { route: '/app/home', bigBank: 'unknown', ended: false })
 */
export function depositBall(order: DepositOrder | null, context: { route: string; bigBank: BigBank; ended: boolean }): BallView {
  if (context.ended) return { hidden: true, reason: 'ended' };
  if (!order) return { hidden: true, reason: 'noOrder' };
  if (!isActiveDeposit(order.orderState)) return { hidden: true, reason: 'notActive' };
  if (path(context.route) === ROUTE.deposit) {
    if (order.payType === PAY_TYPE.speed) return { hidden: true, reason: 'speedOrder' };
    if (context.bigBank === 'present') return { hidden: true, reason: 'bigBank' };
    if (context.bigBank === 'failed') return { hidden: true, reason: 'bigBankFailed' };
  }
  const pendingPayment = order.orderState === DEPOSIT_STATE.pendingPayment;
  return {
    hidden: false,
    kind: 'deposit',
    billNo: order.billNo,
    label: pendingPayment ? 'confirmPayment' : 'enterDetails',
    remainingS: pendingPayment ? order.expireTime : null,
    totalS: pendingPayment ? order.orderTimeOut * 60 : null,
    toConfirmCount: 0,
  };
}

/** 101 pending payment and 102 pending confirmation are active; 103 closed and the end states are not. */
export function isActiveDeposit(orderState: number): boolean {
  return orderState === DEPOSIT_STATE.pendingPayment || orderState === DEPOSIT_STATE.pendingConfirmation;
}

const ACTIVE_DRAW = new Set<number>([WITHDRAW_STATE.matching, WITHDRAW_STATE.waiting, WITHDRAW_STATE.toConfirm]);

export interface WithdrawalStatus {
  status: 0 | 1 | 2 | 3;
  toConfirmCount: number;
  /** The draw whose countdown the ball shows (statuses 1 and 2). */
  countdownDraw: Draw | null;
}

/**
 * Spec section 4, "Withdrawal status (from order and sub-draws)": 3 manual or special
 * source (orderSource 1 or 2); else 2 when a draw is 4013 with matchResult 1 (with the
 * count of such draws and the countdown of the soonest); else 1 when a draw is 4012
 * (countdown); else 0 processing (4011). Null when no draw is active.
 *
 * @example withdrawalStatus(order)?.status // 2
 */
export function withdrawalStatus(order: WithdrawalOrder): WithdrawalStatus | null {
  const draws: Draw[] = order.subDraws.length > 0 ? order.subDraws : [order];
  const active = draws.filter((draw) => ACTIVE_DRAW.has(draw.orderState));
  if (active.length === 0) return null;
  if (order.orderSource === 1 || order.orderSource === 2) return { status: 3, toConfirmCount: 0, countdownDraw: null };
  const soonest = (list: Draw[]) => list.reduce((a, b) => (b.expireTime < a.expireTime ? b : a));
  const toConfirm = active.filter((draw) => draw.orderState === WITHDRAW_STATE.toConfirm && draw.matchResult === 1);
  if (toConfirm.length > 0) return { status: 2, toConfirmCount: toConfirm.length, countdownDraw: soonest(toConfirm) };
  const waiting = active.filter((draw) => draw.orderState === WITHDRAW_STATE.waiting);
  if (waiting.length > 0) return { status: 1, toConfirmCount: 0, countdownDraw: soonest(waiting) };
  return { status: 0, toConfirmCount: 0, countdownDraw: null };
}

/**
 * The withdrawal ball: hidden without an active order and on the withdrawals page.
 *
 * @example withdrawalBall(order, { route: '/app/home', ended: false })
 */
export function withdrawalBall(order: WithdrawalOrder | null, context: { route: string; ended: boolean }): BallView {
  if (context.ended) return { hidden: true, reason: 'ended' };
  if (!order) return { hidden: true, reason: 'noOrder' };
  const status = withdrawalStatus(order);
  if (!status) return { hidden: true, reason: 'notActive' };
  if (path(context.route) === ROUTE.withdrawals) return { hidden: true, reason: 'withdrawalsPage' };
  const draw = status.countdownDraw;
  return {
    hidden: false,
    kind: 'withdrawal',
    billNo: order.billNo,
    label: `status${status.status}`,
    remainingS: draw ? draw.expireTime : null,
    totalS: draw ? draw.orderTimeOut * 60 : null,
    toConfirmCount: status.toConfirmCount,
  };
}

/**
 * Spec section 4: the one-time notice that the super-fast channel was switched to
 * ordinary: state not 4011, matchResult 0 and speedLabel 1.
 *
 * @example switchedToOrdinary({ orderState: 4012, matchResult: 0, speedLabel: 1 }) // true
 */
export function switchedToOrdinary(order: Pick<Draw, 'orderState' | 'matchResult' | 'speedLabel'>): boolean {
  return order.orderState !== WITHDRAW_STATE.matching && order.matchResult === 0 && order.speedLabel === 1;
}

/** Spec section 3, withdrawal type codes: what the money was matched to, for the prompt. */
export function matchedChannel(withdrawType: number): 'alipay' | 'wechat' | 'ecny' | 'bankCard' {
  if (withdrawType === 919) return 'alipay';
  if (withdrawType === 918) return 'wechat';
  if (withdrawType === 920) return 'ecny';
  return 'bankCard';
}

/**
 * Whether to announce the countdown now: once a minute, and at 30 and 10 seconds, never
 * every second (a polite live region, spec: "announced politely").
 *
 * @example shouldAnnounce(120) // true; shouldAnnounce(119) // false
 */
export function shouldAnnounce(seconds: number): boolean {
  return seconds > 0 && (seconds % 60 === 0 || seconds === 30 || seconds === 10);
}
