import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ApiError,
  CODE,
  DEPOSIT_STATE,
  ORDER_POLL_MS,
  alreadyPaid,
  cancelNormalOrder,
  depositAppeal,
  depositOrderStatus,
  depositPay,
  speedCancelCount,
  urgeOrder,
  type DepositOrder,
} from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { createMoneyAction } from '../../modules/money-action.js';
import { refusalOf, runRefusable, type Refusal } from '../../modules/refusal.js';

export interface DepositOrderState {
  order: DepositOrder | null;
  /** When the order was fetched (ms), to run its countdown from. */
  fetchedAtMs: number;
  /** The page was opened with a billNo that the server does not know. */
  notFound: boolean;
  loaded: boolean;
  refusal: Refusal | null;
  busy: boolean;
  refresh: () => Promise<void>;
  pay: (body: { payTypeId: string; amount: number; depositorName?: string }) => Promise<void>;
  act: (action: 'alreadyPaid' | 'cancel' | 'urge') => Promise<void>;
  appeal: (content: string) => Promise<boolean>;
  cancelCount: () => Promise<{ count: number; limit: number } | null>;
  clear: () => void;
  /** Shows an order another form opened (the USDT deposit's usdtDepositPay) as the page's order. */
  adopt: (order: DepositOrder) => void;
}

/**
 * The member's deposit order on the deposit page: the one named by `?billNo=` (from the
 * order ball), else the active one; depositPay creates one (one request and one
 * idempotency key per click), and the order actions move it. Polled every 60 s while
 * active (spec section 9).
 */
export function useDepositOrder(onMoneyMoved: () => void): DepositOrderState {
  const { client } = useLobby();
  const [params, setParams] = useSearchParams();
  const billNo = params.get('billNo');
  const [state, setState] = useState<{ order: DepositOrder | null; fetchedAtMs: number; notFound: boolean; loaded: boolean }>({ order: null, fetchedAtMs: 0, notFound: false, loaded: false });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const payAction = useMemo(() => createMoneyAction(), []);
  const moved = useRef(onMoneyMoved);
  moved.current = onMoneyMoved;

  const lastOrder = useRef<DepositOrder | null>(null);
  const show = useCallback((order: DepositOrder | null, notFound = false) => {
    const last = lastOrder.current;
    lastOrder.current = order;
    if (last && order && last.billNo === order.billNo && last.orderState !== order.orderState) moved.current();
    setState({ order, fetchedAtMs: Date.now(), notFound, loaded: true });
  }, []);

  const refresh = useCallback(async () => {
    try {
      const order = await client.call(depositOrderStatus, billNo ? { billNo } : {});
      show(order, billNo !== null && order === null);
    } catch (failure) {
      if (failure instanceof ApiError && (failure.code === CODE.orderNotFound || failure.code === CODE.invalidField)) show(null, true);
      else {
        setRefusal(refusalOf(failure));
        setState((last) => ({ ...last, loaded: true }));
      }
    }
  }, [client, billNo, show]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const active = state.order !== null && (state.order.orderState === DEPOSIT_STATE.pendingPayment || state.order.orderState === DEPOSIT_STATE.pendingConfirmation);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => void refresh(), ORDER_POLL_MS);
    return () => clearInterval(timer);
  }, [active, refresh]);

  const run = useCallback(<T,>(work: () => Promise<T>): Promise<T | undefined> => runRefusable(setBusy, setRefusal, work), []);

  const pay = useCallback(
    async (body: { payTypeId: string; amount: number; depositorName?: string }) => {
      setBusy(true);
      setRefusal(null);
      try {
        const order = await payAction.run(body, (idempotencyKey) => client.call(depositPay, body, { idempotencyKey }));
        show(order);
        setParams({ billNo: order.billNo }, { replace: true });
      } catch (failure) {
        const shown = refusalOf(failure);
        setRefusal(shown);
        // 244303: the member's active order comes with the refusal; show it.
        if (failure instanceof ApiError && failure.code === CODE.hasOtherOne && failure.data && typeof failure.data === 'object' && 'billNo' in failure.data) {
          show(failure.data as DepositOrder);
        }
      } finally {
        setBusy(false);
      }
    },
    [client, payAction, show, setParams],
  );

  const act = useCallback(
    async (action: 'alreadyPaid' | 'cancel' | 'urge') => {
      const current = state.order;
      if (!current) return;
      const call = action === 'alreadyPaid' ? alreadyPaid : action === 'cancel' ? cancelNormalOrder : urgeOrder;
      const order = await run(() => client.call(call, { billNo: current.billNo }));
      if (order) show(order);
    },
    [client, run, show, state.order],
  );

  const appeal = useCallback(
    async (content: string) => {
      const current = state.order;
      if (!current) return false;
      const order = await run(() => client.call(depositAppeal, { billNo: current.billNo, content }));
      if (order) show(order);
      return order !== undefined;
    },
    [client, run, show, state.order],
  );

  const cancelCount = useCallback(async () => (await run(() => client.call(speedCancelCount, {}))) ?? null, [client, run]);

  const clear = useCallback(() => {
    setRefusal(null);
    lastOrder.current = null;
    setState({ order: null, fetchedAtMs: 0, notFound: false, loaded: true });
    setParams({}, { replace: true });
  }, [setParams]);

  const adopt = useCallback(
    (order: DepositOrder) => {
      setRefusal(null);
      show(order);
      setParams({ billNo: order.billNo }, { replace: true });
    },
    [show, setParams],
  );

  return { ...state, refusal, busy, refresh, pay, act, appeal, cancelCount, clear, adopt };
}
