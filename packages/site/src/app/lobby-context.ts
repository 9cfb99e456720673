import { createContext, useContext } from 'react';
import type { ApiClient } from '@lobby/sdk';
import type { LobbyConfig } from './config.js';

/** What every part of the site shares: the page's config and the one API client. */
export interface Lobby {
  config: LobbyConfig;
  client: ApiClient;
}

/** Provided once by `main.tsx`. */
export const LobbyContext = createContext<Lobby | null>(null);

/**
 * The page's config and API client.
 *
 * @example const { client } = useLobby(); await client.call(siteBaseConfig, {})
 */
export function useLobby(): Lobby {
  const lobby = useContext(LobbyContext);
  if (!lobby) throw new Error('useLobby needs <LobbyContext.Provider> (main.tsx provides it)');
  return lobby;
}
