import { useStore } from '../core/store.js';
import { useEffect, useState } from 'preact/hooks';
import { availableBalance, coinWalletBalance, createBalancePoller, toMinor } from '@lobby/sdk';
import type { CoinPurchaseElement } from './coin-purchase-element.js';

export interface CoinWallet {
  /** Centre wallet fen available for coins. */
  availableMinor: number;
  coinRate: number;
  coins: number;
}

/**
 * The centre balance, coin rate and coin wallet, polled every 60000 ms while a member is
 * known (spec section 9), and reloaded with a restarted poller after each purchase.
 *
 * @example const wallet = useCoinWallet(host, token)
 */
export function useCoinWallet(host: CoinPurchaseElement, token: string | null): CoinWallet | null {
  const [wallet, setWallet] = useState<CoinWallet | null>(null);
  const run = useStore(host.$balanceRun);
  useEffect(() => {
    if (!token) {
      setWallet(null);
      return undefined;
    }
    const client = host.client();
    const poller = createBalancePoller(
      async (signal) => {
        const [available, coins] = await Promise.all([client.call(availableBalance, {}, { signal }), client.call(coinWalletBalance, {}, { signal })]);
        setWallet({ availableMinor: toMinor(available.availableBalance, 2), coinRate: available.coinRate, coins: coins.coinWalletBalance });
      },
      // A failed poll keeps the last figures; the next poll tries again.
      { onError: () => undefined },
    );
    poller.start();
    return () => poller.stop();
  }, [token, run, host]);
  return wallet;
}
