import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $language, autoTransferStatus, newIdempotencyKey, setWallet, venueBalances, venueTransferIn, venueTransferOut, walletBalance, type ApiClient } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { gamesApi } from '../../modules/games-api.js';
import { safeStorage } from '../../modules/safe-storage.js';
import { minorOf, runLaunch, stepsOf, yuanOf, type LaunchCalls, type LaunchProgress } from './launch-flow.js';
import type { LaunchTarget } from './launch-link.js';

const session = safeStorage(() => sessionStorage);
const openTransferKey = (venueCode: string) => `lobby.launch.openTransfer.${venueCode}`;

/** The real calls of a launch for one client. */
export function launchCalls(client: ApiClient): LaunchCalls {
  const games = gamesApi(client);
  return {
    venueStatus: (venueCode) => games.venueStatus(venueCode),
    launch: (target) => games.launch(target),
    demoLaunch: (target) => games.demoLaunch(target),
    autoTransferOn: async () => (await client.call(autoTransferStatus, {})).status === 1,
    async centreBalanceMinor() {
      const wallet = await client.call(walletBalance, {});
      setWallet(wallet);
      return minorOf(wallet.centerWalletBalance);
    },
    async venueHoldings() {
      const { venueList } = await client.call(venueBalances, {});
      // Only RMB venues: the centre wallet holds RMB.
      return venueList.filter((venue) => venue.currency === 'RMB').map((venue) => ({ venueCode: venue.channelCode, amountMinor: minorOf(venue.money), maintenance: venue.maintenance }));
    },
    async transferOut(venueCode, amountMinor) {
      const answer = await client.call(venueTransferOut, { api_name: venueCode, transferOutVal: yuanOf(amountMinor) }, { idempotencyKey: newIdempotencyKey() });
      return answer.state;
    },
    async transferIn(venueCode, amountMinor, key) {
      const answer = await client.call(venueTransferIn, { api_name: venueCode, transferIntoVal: yuanOf(amountMinor) }, { idempotencyKey: key });
      return answer.state;
    },
    openTransfer: {
      get(venueCode) {
        try {
          const kept = JSON.parse(session.get(openTransferKey(venueCode)) ?? 'null') as { key?: unknown; amountMinor?: unknown } | null;
          return kept && typeof kept.key === 'string' && Number.isSafeInteger(kept.amountMinor) ? { key: kept.key, amountMinor: kept.amountMinor as number } : null;
        } catch {
          return null;
        }
      },
      set(venueCode, value) {
        if (value === null) session.remove(openTransferKey(venueCode));
        else session.set(openTransferKey(venueCode), JSON.stringify(value));
      },
    },
    newKey: newIdempotencyKey,
    now: Date.now,
  };
}

/**
 * Runs a launch for the page and answers its progress; runs it again when `attempt` grows
 * (the Retry button). A member's launch needs a session; a demo launch does not.
 *
 * @example const progress = useLaunch(target, signedIn, attempt)
 */
export function useLaunch(target: LaunchTarget, signedIn: boolean, attempt: number): LaunchProgress {
  const { client } = useLobby();
  const calls = useMemo(() => launchCalls(client), [client]);
  const initial: LaunchProgress = { steps: stepsOf(target.demo), step: 0, note: null, problem: null, detail: '', url: null };
  const [progress, setProgress] = useState<LaunchProgress>(initial);
  const key = JSON.stringify(target);
  useEffect(() => {
    const current = JSON.parse(key) as LaunchTarget;
    if (!current.demo && !signedIn) {
      setProgress({ steps: stepsOf(false), step: 0, note: null, problem: 'signIn', detail: '', url: null });
      return;
    }
    let live = true;
    void runLaunch(calls, current, (next) => live && setProgress(next));
    return () => {
      live = false;
    };
  }, [calls, key, signedIn, attempt]);
  return progress;
}

/**
 * The launched game's name in the page's language, for the game bar; its code until the
 * venue's list answers (or when the list does not hold it).
 *
 * @example const name = useGameName({ venueCode: 'LBSLOTS', gameCode: 'lucky-sevens', demo: false })
 */
export function useGameName(target: LaunchTarget): string {
  const { client } = useLobby();
  const language = useStore($language);
  const [names, setNames] = useState<{ nameZh: string; nameEn: string } | undefined>(undefined);
  useEffect(() => {
    let live = true;
    gamesApi(client)
      .gameNames(target.venueCode, target.gameCode)
      .then((found) => live && setNames(found), () => undefined);
    return () => {
      live = false;
    };
  }, [client, target.venueCode, target.gameCode]);
  if (!names) return target.gameCode;
  return language === 'en' ? names.nameEn : names.nameZh;
}
