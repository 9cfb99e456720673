import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, ApiError, bonusMine, depositAgainInfo, depositFirstValidation, monthMoneyInfo, type BonusGrant, type DepositBonusInfo } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';

/** The deposit activity kinds this folder's pages run. */
export type DepositKind = 'deposit_first' | 'deposit_again' | 'month_money';

const INFO_CALLS = { deposit_first: depositFirstValidation, deposit_again: depositAgainInfo, month_money: monthMoneyInfo } as const;

/** The member's reading of a deposit activity (status, deposits, bonuses), read again on `reload()` and when the session changes; none for a visitor. */
export function useDepositInfo(kind: DepositKind, id: number) {
  const { client } = useLobby();
  const session = useStore($session);
  const token = session?.token ?? '';
  const [attempt, setAttempt] = useState(0);
  const [info, setInfo] = useState<DepositBonusInfo | undefined>(undefined);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    if (!token) {
      setInfo(undefined);
      return undefined;
    }
    client.call(INFO_CALLS[kind], { id }).then(
      (answer) => {
        if (!current) return;
        setInfo(answer);
        setError('');
      },
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, kind, id, token, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { info, error, reload, loggedIn: token !== '' };
}

/** The member's bonus wallet and bonuses (converted and expired ones settled first by the server). */
export function useMyBonuses(version = 0) {
  const { client } = useLobby();
  const session = useStore($session);
  const token = session?.token ?? '';
  const [attempt, setAttempt] = useState(0);
  const [mine, setMine] = useState<{ bonusWalletBalance: number; list: BonusGrant[] } | undefined>(undefined);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    if (!token) return undefined;
    client.call(bonusMine, {}).then(
      (answer) => current && setMine(answer),
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, token, attempt, version]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { mine, error, reload };
}
