import { createContext, useContext, useSyncExternalStore } from 'react';
import type { OddsFormat } from '@lobby/sdk';
import type { Board } from '../../modules/sportsbook/board.js';
import type { Live } from '../../modules/sportsbook/live.js';
import type { OddsFormatStore } from '../../modules/sportsbook/odds-format.js';
import type { SlipState, SlipStore } from '../../modules/sportsbook/slip-store.js';
import type { SportsbookApi } from '../../modules/sportsbook/sportsbook-api.js';

/** What every part of one venue's sportsbook shares: its calls, the slip, the live board and the odds format. */
export interface Sportsbook {
  venueCode: string;
  venueName: string;
  kind: 'sports' | 'esports';
  signedIn: boolean;
  api: SportsbookApi;
  slip: SlipStore;
  board: Board;
  odds: OddsFormatStore;
  /** The push of the fixtures on screen. */
  live: Live;
}

export const SportsbookContext = createContext<Sportsbook | null>(null);

/** The sportsbook of the page (provided by sportsbook.tsx). */
export function useSportsbook(): Sportsbook {
  const book = useContext(SportsbookContext);
  if (!book) throw new Error('useSportsbook needs <SportsbookContext.Provider> (sportsbook.tsx provides it)');
  return book;
}

/** The slip's state, re-rendering on each change. */
export function useSlip(): SlipState {
  const { slip } = useSportsbook();
  return useSyncExternalStore(slip.subscribe, slip.get, slip.get);
}

/** The odds format prices are shown in. */
export function useOddsFormat(): OddsFormat {
  const { odds } = useSportsbook();
  return useSyncExternalStore(odds.subscribe, odds.get, odds.get);
}

/** Re-renders when the live board changes; answers its version. */
export function useBoardVersion(): number {
  const { board } = useSportsbook();
  return useSyncExternalStore(board.subscribe, board.version, board.version);
}
