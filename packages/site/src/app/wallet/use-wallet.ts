import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useStore } from '@nanostores/react';
import { $wallet, ApiError, t, type WalletBalance } from '@lobby/sdk';
import { useLobby } from '../lobby-context.js';
import { toasts } from '../../modules/toast.js';
import { walletActions, walletVersion, type WalletActions, type WalletOutcome } from '../../modules/wallet-refresh.js';

/**
 * The member's wallet, loaded when a wallet page opens (and kept in $wallet), with the
 * message of a failed load.
 *
 * @example const { wallet, error } = useWallet()
 */
export function useWallet(): { wallet: WalletBalance | null; error: string; actions: WalletActions } {
  const { client } = useLobby();
  const wallet = useStore($wallet);
  const [error, setError] = useState('');
  const actions = walletActions(client);
  useEffect(() => {
    actions.loadWallet().then(
      () => setError(''),
      (failure: unknown) => setError(failure instanceof ApiError ? failure.message : t('requestFailed')),
    );
  }, [actions]);
  return { wallet, error, actions };
}

/** The counter bumped after each money move; a dependency that reloads a panel. */
export function useWalletVersion(): number {
  return useSyncExternalStore(walletVersion.subscribe, walletVersion.get, walletVersion.get);
}

/**
 * The last outcome of a page's actions, shown in the page's status line and as a toast.
 *
 * @example const [outcome, show] = useOutcome(); show(await actions.refresh())
 */
export function useOutcome(): [WalletOutcome | null, (outcome: WalletOutcome) => void] {
  const [outcome, setOutcome] = useState<WalletOutcome | null>(null);
  const show = useCallback((next: WalletOutcome) => {
    setOutcome(next);
    toasts.show(next.message, next.ok ? 'info' : 'error');
  }, []);
  return [outcome, show];
}

/** The message of a refused call: the catalogue's text for its code, else the server's. */
export function failureMessage(failure: unknown): string {
  return failure instanceof ApiError ? failure.message : t('requestFailed');
}
