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
 * Logs out: asks the server to end the token, then forgets the session here whatever the
 * answer, so a visitor is never stuck logged in.
 *
 * @example await logOut(client)
 */
export async function logOut(client: ApiClient): Promise<void> {
  try {
    await client.call(logout, {});
  } catch {
    // The token may already be invalid or the server unreachable; the session ends anyway.
  } finally {
    clearSession();
  }
}
