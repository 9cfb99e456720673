import { useCallback, useEffect, useState } from 'react';
import { speedAppealConfig, speedToCardAppeal, speedToCardCancel, speedToCardConfirm, speedToCardInfo, speedToCardRemind, type CallResponse, type SpeedToCardInfo } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { refusalOf, runRefusable, type Refusal } from '../../../modules/refusal.js';

type AppealConfig = CallResponse<typeof speedAppealConfig>;
type Reason = AppealConfig['reasons'][number];

export interface SpeedOrderState {
  info: SpeedToCardInfo | null;
  /** When the info was fetched (ms), to run its countdowns from. */
  fetchedAtMs: number;
  appealConfig: AppealConfig | null;
  refusal: Refusal | null;
  busy: boolean;
  load: () => Promise<void>;
  confirm: (payerName: string) => Promise<void>;
  remind: () => Promise<void>;
  cancel: () => Promise<void>;
  appeal: (reason: Reason, content: string) => Promise<boolean>;
}

/**
 * A fast-to-card order on the deposit page: its speed-to-card info (loaded again when the
 * order's state changes, e.g. at the page's 60 s poll), the appeal config, and the member's
 * actions (confirm paying with the payer's name, remind, cancel, appeal), one request each.
 * `onChanged` runs after an action moved the order, so the page's order (and wallet) follow.
 */
export function useSpeedOrder(billNo: string, orderState: number, onChanged: () => void): SpeedOrderState {
  const { client } = useLobby();
  const [loaded, setLoaded] = useState<{ info: SpeedToCardInfo | null; fetchedAtMs: number }>({ info: null, fetchedAtMs: 0 });
  const [appealConfig, setAppealConfig] = useState<AppealConfig | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setLoaded({ info: await client.call(speedToCardInfo, { billNo }), fetchedAtMs: Date.now() });
    } catch (failure) {
      setRefusal(refusalOf(failure));
    }
  }, [client, billNo]);

  useEffect(() => {
    void load();
  }, [load, orderState]);

  useEffect(() => {
    let current = true;
    client.call(speedAppealConfig, {}).then(
      (config) => current && setAppealConfig(config),
      () => current && setAppealConfig(null),
    );
    return () => {
      current = false;
    };
  }, [client]);

  const act = useCallback(
    async (work: () => Promise<SpeedToCardInfo>, moves: boolean): Promise<boolean> =>
      (await runRefusable(setBusy, setRefusal, async () => {
        setLoaded({ info: await work(), fetchedAtMs: Date.now() });
        if (moves) onChanged();
        return true;
      })) ?? false,
    [onChanged],
  );

  const confirm = useCallback(async (payerName: string) => void (await act(() => client.call(speedToCardConfirm, { billNo, payerName }), true)), [act, client, billNo]);
  const remind = useCallback(async () => void (await act(() => client.call(speedToCardRemind, { billNo }), false)), [act, client, billNo]);
  const cancel = useCallback(async () => void (await act(() => client.call(speedToCardCancel, { billNo }), true)), [act, client, billNo]);
  const appeal = useCallback((reason: Reason, content: string) => act(() => client.call(speedToCardAppeal, { billNo, reason, content }), false), [act, client, billNo]);

  return { ...loaded, appealConfig, refusal, busy, load, confirm, remind, cancel, appeal };
}
