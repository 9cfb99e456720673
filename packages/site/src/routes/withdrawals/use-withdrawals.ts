import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ApiError,
  ORDER_POLL_MS,
  eWalletWithdraw,
  md5Hex,
  memberBankList,
  usdtWithdraw,
  virtualCurrencyList,
  withdrawInfo,
  withdrawOrderInfo,
  withdrawalAppeal,
  withdrawalConfirm,
  withdrawalRequest,
  type CallResponse,
  type WithdrawalOrder,
} from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { createMoneyAction } from '../../modules/money-action.js';
import { refusalOf, runRefusable, type Refusal } from '../../modules/refusal.js';
import { WITHDRAW_WAYS, drawsOf, isActiveWithdrawal, payoutOf, type BankPayout, type WithdrawInfo } from './withdraw-logic.js';

/** The states of every draw: a change of any one (a split draw expiring) means money may have moved. */
const statesOf = (order: WithdrawalOrder | null): string | null => (order ? drawsOf(order).map((draw) => `${draw.billNo}:${draw.orderState}`).join(',') : null);

export type WithdrawBody =
  | ({ kind: 'bank'; amount: number; withdrawType: 0 | 1; password: string } & BankPayout)
  | { kind: 'usdt'; amount: number; protocol: 'TRC20' | 'ERC20' | 'OMNI'; address: string; password: string }
  | { kind: 'eWallet'; amount: number; addressId: number; password: string };

type Banks = CallResponse<typeof memberBankList>['list'];
type Addresses = CallResponse<typeof virtualCurrencyList>['list'];

/**
 * The withdrawals page's data and actions: withdraw info of every way, the member's bank
 * cards and addresses, the order being followed (the active one, or the one just made
 * until it is final), and request, confirm and appeal. `onMoneyMoved` reloads the
 * balances after each.
 */
export function useWithdrawals(onMoneyMoved: () => void) {
  const { client } = useLobby();
  const [infos, setInfos] = useState<WithdrawInfo[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [banks, setBanks] = useState<Banks>([]);
  const [addresses, setAddresses] = useState<Addresses>([]);
  const [order, setOrder] = useState<{ order: WithdrawalOrder | null; fetchedAtMs: number; loaded: boolean }>({ order: null, fetchedAtMs: 0, loaded: false });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const request = useMemo(() => createMoneyAction(), []);
  const moved = useRef(onMoneyMoved);
  moved.current = onMoneyMoved;
  const lastState = useRef<string | null>(null);

  const loadInfos = useCallback(async () => {
    try {
      setInfos(await Promise.all(WITHDRAW_WAYS.map(({ type }) => client.call(withdrawInfo, { type }))));
      setLoadError('');
    } catch (failure) {
      setLoadError(failure instanceof ApiError ? failure.serverMessage || failure.message : String(failure));
    }
  }, [client]);

  const followed = order.order?.billNo;
  const refresh = useCallback(async () => {
    try {
      const found = await client.call(withdrawOrderInfo, followed ? { billNo: followed } : {});
      if (found && lastState.current !== null && lastState.current !== statesOf(found)) moved.current();
      lastState.current = statesOf(found);
      setOrder({ order: found, fetchedAtMs: Date.now(), loaded: true });
    } catch (failure) {
      setRefusal(refusalOf(failure));
      setOrder((last) => ({ ...last, loaded: true }));
    }
  }, [client, followed]);

  useEffect(() => {
    void loadInfos();
    client.call(memberBankList, {}).then(({ list }) => setBanks(list), () => setBanks([]));
    client.call(virtualCurrencyList, {}).then(({ list }) => setAddresses(list), () => setAddresses([]));
    // The active order once, when the page opens.
    client.call(withdrawOrderInfo, {}).then(
      (found) => {
        lastState.current = statesOf(found);
        setOrder({ order: found, fetchedAtMs: Date.now(), loaded: true });
      },
      (failure: unknown) => {
        setRefusal(refusalOf(failure));
        setOrder((last) => ({ ...last, loaded: true }));
      },
    );
  }, [client, loadInfos]);

  const active = order.order !== null && isActiveWithdrawal(order.order);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => void refresh(), ORDER_POLL_MS);
    return () => clearInterval(timer);
  }, [active, refresh]);

  const withdraw = useCallback(
    async (body: WithdrawBody) =>
      (await runRefusable(setBusy, setRefusal, async () => {
        const withdrawPassword = md5Hex(body.password);
        const made =
          body.kind === 'bank'
            ? await request.run({ ...body, password: withdrawPassword }, (idempotencyKey) =>
                client.call(withdrawalRequest, { amount: body.amount, withdrawType: body.withdrawType, withdrawPassword, ...payoutOf(body) }, { idempotencyKey }),
              )
            : body.kind === 'eWallet'
              ? await request.run({ ...body, password: withdrawPassword }, (idempotencyKey) =>
                  client.call(eWalletWithdraw, { amount: body.amount, addressId: body.addressId, withdrawPassword }, { idempotencyKey }),
                )
              : await request.run({ ...body, password: withdrawPassword }, (idempotencyKey) =>
                  client.call(usdtWithdraw, { amount: body.amount, protocol: body.protocol, address: body.address, withdrawPassword }, { idempotencyKey }),
                );
        lastState.current = statesOf(made);
        setOrder({ order: made, fetchedAtMs: Date.now(), loaded: true });
        moved.current();
        void loadInfos();
        return true;
      })) ?? false,
    [client, request, loadInfos],
  );

  const drawAction = useCallback(
    async (billNo: string, content?: string) => {
      await runRefusable(setBusy, setRefusal, async () => {
        const next = content === undefined ? await client.call(withdrawalConfirm, { billNo }) : await client.call(withdrawalAppeal, { billNo, content });
        // The answer is the order with its draws; keep following the order's own bill.
        lastState.current = statesOf(next);
        setOrder({ order: next, fetchedAtMs: Date.now(), loaded: true });
        moved.current();
      });
    },
    [client],
  );

  const clear = useCallback(() => {
    setRefusal(null);
    lastState.current = null;
    setOrder({ order: null, fetchedAtMs: 0, loaded: true });
  }, []);

  return { infos, loadError, banks, addresses, ...order, refusal, busy, refresh, withdraw, confirm: (billNo: string) => drawAction(billNo), appeal: (billNo: string, content: string) => drawAction(billNo, content), clear };
}
export type Withdrawals = ReturnType<typeof useWithdrawals>;
