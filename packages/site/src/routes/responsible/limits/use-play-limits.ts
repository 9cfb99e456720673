import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  $session, playLimitAudit, playLimitCancel, playLimitConfirm, playLimitSet, playLimits,
  type LimitKind, type LimitPeriod, type PlayLimitAuditEntry, type PlayLimitChange, type PlayLimitsView,
} from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { refusalOf, runRefusable, type Refusal } from '../../../modules/refusal.js';

/** What the last action did, for the status line. */
export type LimitNotice = { kind: 'applied' | 'unchanged' | 'confirmed' | 'cancelled' } | { kind: 'pending'; change: PlayLimitChange };

/**
 * The member's limits: the view (limits, windows, pending changes) and the audit trail, read on
 * load and after each action; setting, removing, confirming and withdrawing a change.
 */
export function usePlayLimits() {
  const { client } = useLobby();
  const token = useStore($session)?.token ?? '';
  const [view, setView] = useState<PlayLimitsView | undefined>(undefined);
  const [audit, setAudit] = useState<PlayLimitAuditEntry[] | undefined>(undefined);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [notice, setNotice] = useState<LimitNotice | null>(null);
  const [busy, setBusy] = useState(false);

  const loadAudit = useCallback(() => {
    client.call(playLimitAudit, {}).then(({ entries }) => setAudit(entries), (failure: unknown) => setRefusal(refusalOf(failure)));
  }, [client]);
  const load = useCallback(() => {
    if (!token) return;
    client.call(playLimits, {}).then(setView, (failure: unknown) => setRefusal(refusalOf(failure)));
    loadAudit();
  }, [client, token, loadAudit]);
  useEffect(load, [load]);

  const act = async (work: () => Promise<void>) => {
    setNotice(null);
    const done = await runRefusable(setBusy, setRefusal, async () => {
      await work();
      return true;
    });
    if (done) loadAudit();
    return done ?? false;
  };

  const set = (kind: LimitKind, period: LimitPeriod, value: number | null) =>
    act(async () => {
      const answer = await client.call(playLimitSet, { kind, period, value });
      setView(answer.view);
      setNotice(answer.outcome === 'pending' && answer.change ? { kind: 'pending', change: answer.change } : { kind: answer.outcome === 'pending' ? 'unchanged' : answer.outcome });
    });
  const confirm = (changeId: number) =>
    act(async () => {
      setView(await client.call(playLimitConfirm, { changeId }));
      setNotice({ kind: 'confirmed' });
    });
  const cancel = (changeId: number) =>
    act(async () => {
      setView(await client.call(playLimitCancel, { changeId }));
      setNotice({ kind: 'cancelled' });
    });

  return { view, audit, refusal, notice, busy, set, confirm, cancel, reload: load };
}
