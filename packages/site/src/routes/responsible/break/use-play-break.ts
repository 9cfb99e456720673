import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, exclusionConfirmReturn, exclusionStatus, exclusionTake, md5Hex, type CallRequest, type ExclusionStatus } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { createMoneyAction } from '../../../modules/money-action.js';
import { refusalOf, runRefusable, type Refusal } from '../../../modules/refusal.js';

/** What the member chose on the form; the password in clear text (hashed before it leaves). */
export interface BreakChoice {
  kind: 'timeOut' | 'selfExclusion';
  days: number;
  period: '6m' | '1y' | '5y' | 'permanent';
  scope: 'operator' | 'brand';
  password: string;
}

export interface BreakTaken {
  accountsCovered: number;
  bonusesForfeited: number;
  recycledMinor: number;
  venuesPending: number;
}

/** The request a choice sends: days for a time-out, the period for a self-exclusion. */
export function breakRequest(choice: BreakChoice): CallRequest<typeof exclusionTake> {
  const base = { kind: choice.kind, scope: choice.scope, password: md5Hex(choice.password) };
  return choice.kind === 'timeOut' ? { ...base, days: choice.days } : { ...base, period: choice.period };
}

/**
 * The member's break from play: its status (read on load and after each action), taking a
 * break (a money call: it recycles the venues, so one idempotency key per request) and
 * confirming the return after the cooling-off.
 */
export function usePlayBreak() {
  const { client } = useLobby();
  const token = useStore($session)?.token ?? '';
  const [status, setStatus] = useState<ExclusionStatus | undefined>(undefined);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState<BreakTaken | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [action] = useState(() => createMoneyAction());

  const load = useCallback(() => {
    if (!token) return;
    client.call(exclusionStatus, {}).then(setStatus, (failure: unknown) => setRefusal(refusalOf(failure)));
  }, [client, token]);
  useEffect(load, [load]);

  const take = async (choice: BreakChoice) => {
    setTaken(null);
    const taken = await runRefusable(setBusy, setRefusal, async () => {
      const request = breakRequest(choice);
      return action.run(request, (key) => client.call(exclusionTake, request, { idempotencyKey: key }));
    });
    if (!taken) return false;
    setStatus(taken.status);
    setTaken(taken);
    return true;
  };

  const confirmReturn = async () => {
    const status = await runRefusable(setBusy, setRefusal, () => client.call(exclusionConfirmReturn, {}));
    if (!status) return;
    setStatus(status);
    setConfirmed(true);
  };

  return { status, refusal, busy, taken, confirmed, take, confirmReturn };
}
