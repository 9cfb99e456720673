import { useEffect, useState } from 'react';
import { autoTransferStatus, setAutoTransferStatus } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { failureMessage } from '../../app/wallet/use-wallet.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { startsAutoRecycling, type WalletActions, type WalletOutcome } from '../../modules/wallet-refresh.js';
import { myCenterTexts } from './texts.js';

/**
 * The auto transfer switch; when its status becomes 1, recycling starts by itself
 * (spec section 4, "Venue recycling").
 */
export function AutoTransferSwitch({ actions, onOutcome }: { actions: WalletActions; onOutcome: (outcome: WalletOutcome) => void }) {
  const { client } = useLobby();
  const t = usePageTexts(myCenterTexts);
  const [status, setStatus] = useState<0 | 1 | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    client.call(autoTransferStatus, {}).then(
      (answer) => setStatus(answer.status),
      (failure: unknown) => onOutcome({ ok: false, message: failureMessage(failure) }),
    );
  }, [client, onOutcome]);

  async function toggle(next: 0 | 1) {
    const previous = status;
    // The switch moves at once; a refusal puts it back.
    setStatus(next);
    setBusy(true);
    try {
      const answer = await client.call(setAutoTransferStatus, { status: next });
      setStatus(answer.status);
      if (startsAutoRecycling(previous, answer.status)) onOutcome(await actions.recycle());
    } catch (failure) {
      setStatus(previous);
      onOutcome({ ok: false, message: failureMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <label className="my-center-switch">
      <input type="checkbox" checked={status === 1} disabled={status === null || busy} onChange={(event) => void toggle(event.target.checked ? 1 : 0)} />
      {t('autoTransfer')}
      <span className="visually-hidden" aria-live="polite">
        {status === null ? '' : status === 1 ? t('autoTransferOn') : t('autoTransferOff')}
      </span>
    </label>
  );
}
