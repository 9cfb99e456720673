import { useCallback, useEffect, useState } from 'react';
import { $session, PRE_INFO_PLATFORM_TYPE, personalInfoV3, preInfoV3, setMember, userInfo, type CallResponse, type PersonalInfo } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { failureText } from './phone-form.js';

export type PhoneRulesInfo = CallResponse<typeof preInfoV3>;

/**
 * The member's personal info and the brand's phone rules for the user-info page. `apply`
 * takes the info a change answered with and refreshes `$member`, so the header and every
 * page reading userInfo see the new phone, names and e-mail.
 */
export function useProfile() {
  const { client } = useLobby();
  const [info, setInfo] = useState<PersonalInfo | null>(null);
  const [preInfo, setPreInfo] = useState<PhoneRulesInfo | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    client.call(personalInfoV3, {}).then(
      (answer) => current && setInfo(answer),
      (failure: unknown) => current && setError(failureText(failure)),
    );
    client.call(preInfoV3, { platformType: PRE_INFO_PLATFORM_TYPE }).then(
      (answer) => current && setPreInfo(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client]);

  const apply = useCallback(
    (next: PersonalInfo) => {
      setInfo(next);
      client.call(userInfo, {}).then(
        (member) => {
          if ($session.get()) setMember(member);
        },
        () => undefined,
      );
    },
    [client],
  );
  return { info, preInfo, error, apply };
}
