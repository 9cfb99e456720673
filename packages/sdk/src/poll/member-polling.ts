import { $session } from '../stores/session.js';
import {
  BALANCE_POLL_MS,
  DEPOSIT_TIP_FIRST_DELAY_MS,
  DEPOSIT_TIP_POLL_MS,
  DEPOSIT_TIP_SHOWN_STATUS,
  ORDER_POLL_MS,
} from '../contract/limits.js';
import { createPoller, type Poller, type PollerOptions } from './poll.js';

type Extra<T> = Omit<PollerOptions<T>, 'intervalMs' | 'firstDelayMs' | 'task' | 'stopWhen'>;

/**
 * The pending-order poller of the floating ball: every 60 s (spec section 4).
 *
 * @example createOrderPoller(() => client.call(depositOrderInfo, {}))
 */
export function createOrderPoller<T>(task: PollerOptions<T>['task'], extra: Extra<T> = {}): Poller {
  return createPoller({ ...extra, intervalMs: ORDER_POLL_MS, task });
}

/**
 * The deposit tip poller: first after 5 s, then every 60 s, until a tip with status 1
 * has been shown (spec section 4). A null answer means no tip yet.
 *
 * @example createDepositTipPoller(async () => { const tip = await client.call(depositTip, {}); show(tip); return tip })
 */
export function createDepositTipPoller<T extends { status: number } | null>(task: PollerOptions<T>['task'], extra: Extra<T> = {}): Poller {
  return createPoller({
    ...extra,
    intervalMs: DEPOSIT_TIP_POLL_MS,
    firstDelayMs: DEPOSIT_TIP_FIRST_DELAY_MS,
    task,
    stopWhen: (tip) => tip !== null && tip.status === DEPOSIT_TIP_SHOWN_STATUS,
  });
}

/**
 * The wallet balance poller: every 60000 ms (spec section 9).
 *
 * @example createBalancePoller(async () => setWallet(await client.call(walletBalance, {})))
 */
export function createBalancePoller<T>(task: PollerOptions<T>['task'], extra: Extra<T> = {}): Poller {
  return createPoller({ ...extra, intervalMs: BALANCE_POLL_MS, task });
}

/**
 * Starts member pollers while logged in and stops every one of them when $session
 * becomes null (logout, or a tokenInvalid answer). Nothing starts for a visitor. Returns
 * a function that stops them all.
 *
 * @example const stopPolling = startMemberPolling([orderPoller, depositTipPoller, balancePoller])
 */
export function startMemberPolling(pollers: readonly Poller[]): () => void {
  if ($session.get() === null) return () => {};
  let stopped = false;
  const stopAll = () => {
    if (stopped) return;
    stopped = true;
    unlisten();
    for (const poller of pollers) poller.stop();
  };
  const unlisten = $session.listen((session) => {
    if (session === null) stopAll();
  });
  for (const poller of pollers) poller.start();
  return stopAll;
}
