import { atom, batch, onStart } from 'nanostores';
import { resetMember } from './member.js';
import { resetMessages } from './messages.js';
import { localStore, STORAGE_KEY } from './storage.js';
import { resetWallet } from './wallet.js';

export interface Session {
  token: string;
}

/**
 * The member session, or null for a visitor. Persisted in localStorage under
 * `STORAGE_KEY.session` ('lobby.session'), memory in Node. Read from storage the first
 * time the store is used, never at import. Change it only through setSession and
 * clearSession, which write storage too.
 *
 * @example $session.get()?.token
 */
export const $session = atom<Session | null>(null);

let loaded = false;
onStart($session, () => {
  if (loaded) return;
  loaded = true;
  $session.set(readStoredSession());
});

function readStoredSession(): Session | null {
  const text = localStore().getItem(STORAGE_KEY.session);
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as Session).token === 'string' && (parsed as Session).token) {
      return { token: (parsed as Session).token };
    }
  } catch {
    // A corrupt entry is treated as logged out and removed below.
  }
  localStore().removeItem(STORAGE_KEY.session);
  return null;
}

/**
 * Starts a session with the token of a login response and keeps it in storage.
 *
 * @example setSession(response.token)
 */
export function setSession(token: string): void {
  if (typeof token !== 'string' || token === '') throw new TypeError('a session token must be a non-empty string');
  loaded = true;
  localStore().setItem(STORAGE_KEY.session, JSON.stringify({ token }));
  $session.set({ token });
}

/**
 * Ends the session (logout, or a 401 tokenInvalid) and resets member, wallet and message
 * counts in one batch, so no listener sees a half-logged-out state.
 *
 * @example clearSession()
 */
export function clearSession(): void {
  loaded = true;
  localStore().removeItem(STORAGE_KEY.session);
  batch(() => {
    $session.set(null);
    resetMember();
    resetWallet();
    resetMessages();
  });
}
