import {
  ApiError, CODE, RECYCLE_THROTTLE_MS, createThrottle, oneClickRecycle, oneClickRecycleV2, setMember, setWallet, t, userInfo,
  venueBalanceRefresh, venueRecycleConfirmList, walletBalance, type ApiClient, type Throttle, type VenueMoney, type WalletBalance,
} from '@lobby/sdk';
import { createMoneyAction } from './money-action.js';

/** What a wallet action ended with: the message to show and whether it is a refusal. */
export interface WalletOutcome {
  ok: boolean;
  message: string;
  /** The API code of a refusal (operationTooFrequent when the server throttled). */
  code?: number;
}

/**
 * A counter bumped after every money move, so panels that show balances (yuebao revenue,
 * venue lists) load again (read it with useSyncExternalStore).
 *
 * @example useSyncExternalStore(walletVersion.subscribe, walletVersion.get)
 */
export const walletVersion = (() => {
  let version = 0;
  const listeners = new Set<() => void>();
  return {
    get: (): number => version,
    bump(): void {
      version += 1;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();

/** The refusal of the 10 s throttle, in the page's language. */
export const tooFrequent = (): WalletOutcome => ({ ok: false, message: t('operationTooFrequent'), code: CODE.operationTooFrequent });

const failure = (error: unknown): WalletOutcome =>
  error instanceof ApiError ? { ok: false, message: error.message, code: error.code } : { ok: false, message: t('requestFailed') };

/**
 * The member's wallet actions of spec section 4, "Venue recycling", and section 9: the
 * manual refresh and recycling, each throttled to once per 10 s in the browser
 * ('the operation is too frequent', the same text the server's operationTooFrequent code
 * shows), the confirm list, and the reloads after recycling (balance, member, venue lists).
 *
 * @example const wallet = walletActions(client); const { message } = await wallet.refresh()
 */
export function createWalletActions(client: ApiClient, now: () => number = Date.now) {
  const refreshThrottle: Throttle = createThrottle({ now });
  const recycleThrottle: Throttle = createThrottle({ now });
  const recycling = createMoneyAction();
  let recycledAtMs: number | null = null;

  async function loadWallet(): Promise<WalletBalance> {
    const wallet = await client.call(walletBalance, {});
    setWallet(wallet);
    return wallet;
  }

  async function afterMove(): Promise<void> {
    walletVersion.bump();
    await Promise.all([loadWallet(), client.call(userInfo, {}).then(setMember, () => undefined)]);
  }

  return {
    loadWallet,
    /** Reloads the balances after a transfer, a conversion or a yuebao move. */
    afterMove,
    /** The manual refresh: asks the venues for their balances, then reloads the wallet. */
    async refresh(): Promise<WalletOutcome> {
      if (!refreshThrottle.attempt().ok) return tooFrequent();
      try {
        await client.call(venueBalanceRefresh, {});
        await loadWallet();
        walletVersion.bump();
        return { ok: true, message: t('amountRefreshed') };
      } catch (error) {
        return failure(error);
      }
    },
    /** False within 10 s of the last recycling, so the confirm list is not even opened. */
    canRecycle: (): boolean => recycledAtMs === null || now() - recycledAtMs >= RECYCLE_THROTTLE_MS,
    /** The venues holding money, to confirm before recycling. */
    async confirmList(): Promise<VenueMoney[]> {
      return (await client.call(venueRecycleConfirmList, {})).venueList;
    },
    /**
     * Recycles the confirmed venues (v2), or every venue (v1, the automatic recycling),
     * into the centre wallet; 'Recovery successful!' when every venue transfer finished.
     */
    async recycle(apiNames?: readonly string[]): Promise<WalletOutcome> {
      const request = apiNames === undefined ? {} : { apiNames: [...apiNames] };
      if (!recycling.busy()) {
        if (!recycleThrottle.attempt().ok) return tooFrequent();
        recycledAtMs = now();
      }
      try {
        const answer = await recycling.run(request, (key) =>
          apiNames === undefined
            ? client.call(oneClickRecycle, {}, { idempotencyKey: key })
            : client.call(oneClickRecycleV2, { apiNames: [...apiNames] }, { idempotencyKey: key }),
        );
        await afterMove();
        const finished = answer.state === 'completed' && answer.transfers.every((transfer) => transfer.state === 'completed');
        return finished ? { ok: true, message: t('recoverySuccessful') } : { ok: false, message: answer.message };
      } catch (error) {
        await afterMove().catch(() => undefined);
        return failure(error);
      }
    },
  };
}

export type WalletActions = ReturnType<typeof createWalletActions>;

const byClient = new WeakMap<ApiClient, WalletActions>();

/**
 * The one set of wallet actions of a client, so the 10 s throttles hold across the
 * member pages (leaving a page and coming back does not reset them).
 *
 * @example await walletActions(useLobby().client).recycle(['LBSPORT'])
 */
export function walletActions(client: ApiClient): WalletActions {
  let actions = byClient.get(client);
  if (!actions) {
    actions = createWalletActions(client);
    byClient.set(client, actions);
  }
  return actions;
}

/**
 * Spec section 4: when the auto transfer status becomes 1, recycling starts by itself.
 *
 * @example startsAutoRecycling(0, 1) // true
 */
export function startsAutoRecycling(previous: 0 | 1 | null, next: 0 | 1): boolean {
  return previous === 0 && next === 1;
}
