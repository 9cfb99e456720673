import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, WIDGET_CODE, bigBankProcessingOrder, createOrderPoller, depositOrderStatus, withdrawOrderInfo, type DepositOrder, type WithdrawalOrder } from '@lobby/sdk';
import type { LobbyElement } from '../core/element.js';
import type { BigBank } from './state.js';

export interface OrderState<T> {
  order: T | null;
  ended: boolean;
  bigBank: BigBank;
  /** When the order was fetched (ms, performance clock), to run the countdown from. */
  fetchedAt: number;
  /** Fetches again now (a countdown ended). */
  refresh: () => void;
}

/**
 * The member's active order of one kind, polled every 60 s while a member is known and
 * the tab is visible (the sdk's order poller), stopped on logout and on removal. On the
 * deposit page the big-bank order is fetched too (its failure hides the ball).
 *
 * @example const { order, refresh } = useOrder(host, 'deposit', token, onDepositPage)
 */
export function useOrder(host: LobbyElement, kind: 'deposit' | 'withdrawal', token: string | null, onDepositPage: boolean): OrderState<DepositOrder | WithdrawalOrder> {
  type Order = DepositOrder | WithdrawalOrder;
  const [state, setState] = useState<{ order: Order | null; ended: boolean; bigBank: BigBank; fetchedAt: number }>({ order: null, ended: false, bigBank: 'unknown', fetchedAt: 0 });
  const poller = useMemo(() => {
    if (!token) return null;
    const client = host.client();
    return createOrderPoller(
      async (signal) => {
        const order = (kind === 'deposit' ? await client.call(depositOrderStatus, {}, { signal }) : await client.call(withdrawOrderInfo, {}, { signal })) as Order | null;
        let bigBank: BigBank = 'unknown';
        if (kind === 'deposit' && onDepositPage && order) {
          bigBank = await client.call(bigBankProcessingOrder, {}, { signal }).then(
            (big) => (big ? 'present' : 'none'),
            () => 'failed' as const,
          );
        }
        setState({ order, ended: false, bigBank, fetchedAt: performance.now() });
      },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.code === WIDGET_CODE.orderNotFound) setState((last) => ({ ...last, order: null, ended: true }));
        },
      },
    );
  }, [host, kind, token, onDepositPage]);
  useEffect(() => {
    if (!poller) {
      setState({ order: null, ended: false, bigBank: 'unknown', fetchedAt: 0 });
      return undefined;
    }
    poller.start();
    return () => poller.stop();
  }, [poller]);
  return { ...state, refresh: () => poller?.runNow() };
}
