import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, CODE, usdtDepositAddress, usdtDepositMerchants, usdtDepositPay, type CallResponse, type DepositOrder, type UsdtDepositRoute } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { useApi } from '../../../app/use-api.js';
import { createMoneyAction } from '../../../modules/money-action.js';
import { refusalOf, type Refusal } from '../../../modules/refusal.js';
import { usdtAmountProblem, usdtAmountWire, type UsdtAmountProblem, type UsdtRange } from './usdt-logic.js';

type Merchants = CallResponse<typeof usdtDepositMerchants>;
export type UsdtAddress = CallResponse<typeof usdtDepositAddress>;

export interface UsdtDepositState {
  route: UsdtDepositRoute;
  setRoute: (route: UsdtDepositRoute) => void;
  merchants: Merchants | undefined;
  /** The message when the merchants or the address did not load. */
  loadError: string;
  /** The cold wallet chosen (route 'usdt'), or the brand's first one (route 'rmb'). */
  merchantNo: string;
  chooseMerchant: (merchantNo: string) => void;
  protocol: string;
  chooseProtocol: (protocol: string) => void;
  /** The chosen merchant's address, rate and ranges (usdtDepositAddress). */
  address: UsdtAddress | null;
  /** The amount range of the route at the merchant, in the route's unit. */
  range: UsdtRange | null;
  problem: UsdtAmountProblem | null;
  clearProblem: () => void;
  refusal: Refusal | null;
  busy: boolean;
  /** Checks the amount (nothing is sent when it breaks a rule) and opens the order. */
  pay: (amountText: string) => Promise<void>;
}

/**
 * The USDT deposit before its order exists (spec section 4's routes): the merchants (cold
 * wallets) and the chosen one's address, the protocol, the amount rules, and
 * usdtDepositPay with one idempotency key per click. The order it opens (or the active
 * order a 244303 refusal names) is handed to `onOrder`, which shows it as the page's order.
 */
export function useUsdtDeposit(onOrder: (order: DepositOrder) => void): UsdtDepositState {
  const { client } = useLobby();
  const merchants = useApi(usdtDepositMerchants, {});
  const [route, setRouteState] = useState<UsdtDepositRoute>('rmb');
  const [chosen, setChosen] = useState('');
  const [chosenProtocol, setChosenProtocol] = useState('');
  const [address, setAddress] = useState<{ merchantNo: string; data: UsdtAddress | null; error: string } | null>(null);
  const [problem, setProblem] = useState<UsdtAmountProblem | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const payAction = useMemo(() => createMoneyAction(), []);

  // Route 'rmb' has no cold-wallet step: it pays to the brand's first merchant on its protocol.
  const first = merchants.data?.list[0];
  const merchantNo = route === 'rmb' ? (first?.merchantNo ?? '') : chosen;
  const protocol = route === 'rmb' ? (first?.protocol ?? '') : chosenProtocol;

  useEffect(() => {
    if (!merchantNo) return undefined;
    let current = true;
    client.call(usdtDepositAddress, { merchantNo }).then(
      (data) => current && setAddress({ merchantNo, data, error: '' }),
      (failure: unknown) => current && setAddress({ merchantNo, data: null, error: failure instanceof ApiError ? failure.message : String(failure) }),
    );
    return () => {
      current = false;
    };
  }, [client, merchantNo]);

  const shown = address?.merchantNo === merchantNo ? address : null;
  const data = shown?.data ?? null;
  const range = data ? (route === 'usdt' ? { min: data.minAmount, max: data.maxAmount } : { min: data.rmbMinAmount, max: data.rmbMaxAmount }) : null;

  const setRoute = useCallback((next: UsdtDepositRoute) => {
    setRouteState(next);
    setProblem(null);
    setRefusal(null);
  }, []);
  const chooseMerchant = useCallback((next: string) => {
    setChosen(next);
    setChosenProtocol('');
    setRefusal(null);
  }, []);
  const chooseProtocol = useCallback((next: string) => {
    setChosenProtocol(next);
    setRefusal(null);
  }, []);

  const pay = useCallback(
    async (amountText: string) => {
      if (!range || !merchantNo || !protocol) return;
      const found = usdtAmountProblem(amountText, route, range);
      setProblem(found);
      if (found) return;
      const body = { route, merchantNo, protocol, amount: usdtAmountWire(amountText, route) };
      setBusy(true);
      setRefusal(null);
      try {
        onOrder(await payAction.run(body, (idempotencyKey) => client.call(usdtDepositPay, body, { idempotencyKey })));
      } catch (failure) {
        setRefusal(refusalOf(failure));
        // 244303: the member's active order comes with the refusal; show it.
        if (failure instanceof ApiError && failure.code === CODE.hasOtherOne && failure.data && typeof failure.data === 'object' && 'billNo' in failure.data) onOrder(failure.data as DepositOrder);
      } finally {
        setBusy(false);
      }
    },
    [client, merchantNo, onOrder, payAction, protocol, range, route],
  );

  return {
    route, setRoute, merchants: merchants.data, loadError: merchants.error || (shown?.error ?? ''),
    merchantNo, chooseMerchant, protocol, chooseProtocol, address: data, range,
    problem, clearProblem: useCallback(() => setProblem(null), []), refusal, busy, pay,
  };
}
