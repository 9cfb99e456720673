import { useState } from 'react';
import type { VenueMoney } from '@lobby/sdk';
import { Modal } from '../auth/modal.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { tooFrequent, type WalletActions, type WalletOutcome } from '../../modules/wallet-refresh.js';
import { failureMessage } from './use-wallet.js';
import { useVenueName, venueMoneyText } from './wallet-summary.js';
import { walletTexts } from './wallet-texts.js';

/**
 * One-click recycling as spec section 4: the confirm list of the venues holding money
 * (venueRecycleConfirmList), then recycling of the confirmed venues (v2); the outcome
 * ('Recovery successful!', 'the operation is too frequent' or the server's refusal) goes
 * to `onOutcome`.
 *
 * @example <RecycleButton actions={actions} onOutcome={show} />
 */
export function RecycleButton({ actions, onOutcome }: { actions: WalletActions; onOutcome: (outcome: WalletOutcome) => void }) {
  const t = usePageTexts(walletTexts);
  const venueName = useVenueName();
  const [venues, setVenues] = useState<VenueMoney[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function openList() {
    if (!actions.canRecycle()) {
      onOutcome(tooFrequent());
      return;
    }
    setBusy(true);
    try {
      setVenues(await actions.confirmList());
    } catch (failure) {
      onOutcome({ ok: false, message: failureMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  async function confirm(list: readonly VenueMoney[]) {
    setBusy(true);
    setVenues(null);
    try {
      onOutcome(await actions.recycle(list.map((venue) => venue.channelCode)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button className="button" type="button" disabled={busy} onClick={() => void openList()}>
        {t('recycle')}
      </button>
      {venues === null ? null : (
        <Modal title={t('recycleTitle')} closeLabel={t('close')} onClose={() => setVenues(null)}>
          {venues.length === 0 ? (
            <p>{t('recycleNothing')}</p>
          ) : (
            <table className="wallet-table">
              <thead>
                <tr>
                  <th scope="col">{t('venue')}</th>
                  <th scope="col">{t('money')}</th>
                </tr>
              </thead>
              <tbody>
                {venues.map((venue) => (
                  <tr key={venue.channelCode}>
                    <td>{venueName(venue)}</td>
                    <td>{venueMoneyText(venue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="wallet-actions">
            {venues.length === 0 ? null : (
              <button className="button" type="button" disabled={busy} onClick={() => void confirm(venues)}>
                {t('recycleConfirm')}
              </button>
            )}
            <button className="button secondary" type="button" onClick={() => setVenues(null)}>
              {t('cancel')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
