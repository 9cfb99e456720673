import { useCallback, useEffect, useState } from 'react';
import { ApiError, $session, setMember, setWallet, userInfo, vipGiftList, vipInfo, walletBalance, type VipGift, type VipInfo } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';

/** The member's VIP info and gifts; `reload` after a claim also refreshes the member and wallet stores. */
export function useVip() {
  const { client } = useLobby();
  const [info, setInfo] = useState<VipInfo | null>(null);
  const [gifts, setGifts] = useState<VipGift[]>([]);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    Promise.all([client.call(vipInfo, {}), client.call(vipGiftList, {})]).then(
      ([answer, list]) => {
        if (!current) return;
        setInfo(answer);
        setGifts(list.list);
      },
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, attempt]);

  const reload = useCallback(() => {
    setAttempt((value) => value + 1);
    client.call(walletBalance, {}).then((wallet) => $session.get() && setWallet(wallet), () => undefined);
    client.call(userInfo, {}).then((member) => $session.get() && setMember(member), () => undefined);
  }, [client]);
  return { info, gifts, error, reload };
}
