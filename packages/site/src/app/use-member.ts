import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $member, $session, clearSession, logout, setMember, userInfo, type ApiClient } from '@lobby/sdk';
import { useLobby } from './lobby-context.js';

/**
 * Keeps `$member` filled while there is a session: after a reload only the token is
 * stored, so the member is fetched again (`userInfo`). A token the server no longer
 * accepts ends the session through the client's tokenInvalid handling.
 *
 * @example useMemberLoader() // once, in the layout
 */
export function useMemberLoader(): void {
  const { client } = useLobby();
  const session = useStore($session);
  const member = useStore($member);
  const needsMember = session !== null && member === null;

  useEffect(() => {
    if (!needsMember) return;
    let current = true;
    client.call(userInfo, {}).then(
      (info) => {
        if (current && $session.get()) setMember(info);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, needsMember]);
}

/**
 * Logs out: the page forgets the session first, so it turns into a visitor's at once and
 * nothing more goes out with the token (a poll racing the logout would be refused), then the
 * server is asked to end the token; its answer changes nothing here.
 *
 * @example await logOut(client)
 */
export async function logOut(client: ApiClient): Promise<void> {
  const token = $session.get()?.token;
  clearSession();
  if (!token) return;
  try {
    await client.call(logout, {}, { token });
  } catch {
    // The token may already be invalid or the server unreachable; the session has ended here.
  }
}
