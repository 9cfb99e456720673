import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  $session, ApiError, agentApply, agentCommission, agentFigures, agentStatus, inviteeApply, inviteFriendApply, inviteFriendDo, inviteFriendInfo, inviteFriendList, inviteRecall,
  type AnyCall, type CallRequest, type CallResponse,
} from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { useClaim } from '../activities/shared/use-claim.js';

export interface Load<T> {
  data: T | undefined;
  error: string;
  reload: () => void;
}

/** A call's answer for the page, read again on reload(); skipped (no data, no error) while `enabled` is false. */
export function useCall<C extends AnyCall>(call: C, request: CallRequest<C>, enabled = true): Load<CallResponse<C>> {
  const { client } = useLobby();
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ data: CallResponse<C> | undefined; error: string }>({ data: undefined, error: '' });
  const key = JSON.stringify(request);
  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    client.call(call, JSON.parse(key) as CallRequest<C>).then(
      (data) => current && setState({ data, error: '' }),
      (failure: unknown) => current && setState({ data: undefined, error: failure instanceof ApiError ? failure.message : String(failure) }),
    );
    return () => {
      current = false;
    };
  }, [client, call, key, enabled, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}

/** Whether a member is logged in. */
export function useLoggedIn(): boolean {
  return Boolean(useStore($session)?.token);
}

/** The agent centre: status, figures and commission statements (agents only), own link, the apply form's action. */
export function useAgentCentre() {
  const { client } = useLobby();
  const loggedIn = useLoggedIn();
  const status = useCall(agentStatus, {}, loggedIn);
  const isAgent = status.data?.isAgent === true;
  const figures = useCall(agentFigures, {}, isAgent);
  const commission = useCall(agentCommission, {}, isAgent);
  const link = useCall(inviteFriendDo, {}, loggedIn);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const apply = async (contact: string, note: string) => {
    setBusy(true);
    setError('');
    try {
      await client.call(agentApply, { contact, ...(note ? { note } : {}) });
      status.reload();
      return true;
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { loggedIn, status, figures, commission, link, apply, busy, error };
}

/** The invite-friend activity for the page: info, own link, own friends, the apply and recall actions. */
export function useInvite() {
  const { client } = useLobby();
  const loggedIn = useLoggedIn();
  const info = useCall(inviteFriendInfo, {});
  const link = useCall(inviteFriendDo, {}, loggedIn);
  const friends = useCall(inviteFriendList, { size: 50 }, loggedIn);
  const reloadAll = useCallback(() => {
    info.reload();
    friends.reload();
  }, [info.reload, friends.reload]);
  const { claim, busy, refusal } = useClaim(reloadAll);
  const [paid, setPaid] = useState<number | null>(null);
  const [recallError, setRecallError] = useState('');
  const applyAs = async (who: 'inviter' | 'invitee', activityId: number, termsVersion: number) => {
    setPaid(null);
    const call = who === 'inviter' ? inviteFriendApply : inviteeApply;
    const answer = await claim({ who, activityId, termsVersion }, (key) => client.call(call, { activityId, termsVersion }, { idempotencyKey: key }));
    if (answer) setPaid(answer.paidMinor);
  };
  const recall = async (activityId: number, memberId: number) => {
    setRecallError('');
    try {
      await client.call(inviteRecall, { activityId, memberId });
      friends.reload();
    } catch (failure) {
      setRecallError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };
  return { loggedIn, info, link, friends, applyAs, busy, refusal, paid, recall, recallError };
}
