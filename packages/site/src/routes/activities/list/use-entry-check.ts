import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, activityEntryCheck, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';

export type EntryCheck = CallResponse<typeof activityEntryCheck>;

/**
 * The entry check of an activity for the logged-in member (may I take part now, and if not,
 * why), again when `version` changes; undefined for a visitor, while loading, or when the
 * check itself failed (the claim then answers for itself).
 *
 * @example const check = useEntryCheck(detail.id, attempt)
 */
export function useEntryCheck(id: number, version = 0): EntryCheck | undefined {
  const { client } = useLobby();
  const session = useStore($session);
  const [check, setCheck] = useState<EntryCheck | undefined>(undefined);
  const token = session?.token ?? '';
  useEffect(() => {
    let current = true;
    setCheck(undefined);
    if (!token) return undefined;
    client.call(activityEntryCheck, { id }).then(
      (answer) => current && setCheck(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, id, token, version]);
  return check;
}
