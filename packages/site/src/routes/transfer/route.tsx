import { useCallback, useState } from 'react';
import { Modal } from '../../app/auth/modal.js';
import { RecycleButton } from '../../app/wallet/recycle-button.js';
import { useOutcome, useWallet } from '../../app/wallet/use-wallet.js';
import { OutcomeLine } from '../../app/wallet/wallet-summary.js';
import { walletTexts } from '../../app/wallet/wallet-texts.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { formatWire } from '../../modules/wallet-amount.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { transferTexts } from './texts.js';
import { VenueRow, type TransferPopup } from './venue-row.js';

/** /app/myCenter/transfer: the centre wallet to and from each venue, and recycling. */
export function TransferPage() {
  return (
    <MemberCentre>
      <Transfer />
    </MemberCentre>
  );
}

function Transfer() {
  const t = usePageTexts(transferTexts);
  const w = usePageTexts(walletTexts);
  const { wallet, error, actions } = useWallet();
  const [outcome, show] = useOutcome();
  const [popup, setPopup] = useState<TransferPopup | null>(null);
  const closePopup = useCallback(() => setPopup(null), []);

  async function done(next: TransferPopup) {
    setPopup(next);
    await actions.afterMove().catch(() => undefined);
  }

  if (!wallet) return <p className={error ? 'notice error' : 'page-loading'}>{error || w('loading')}</p>;
  return (
    <div className="transfer">
      <p className="wallet-total">
        <span>{w('centerWalletBalance')}</span> <strong data-wallet="centerWalletBalance">{formatWire(wallet.centerWalletBalance, 2)}</strong>
      </p>
      <div className="wallet-actions">
        <RecycleButton actions={actions} onOutcome={show} />
      </div>
      <OutcomeLine outcome={outcome} />
      <table className="wallet-table transfer-table">
        <caption>{t('venues')}</caption>
        <thead>
          <tr>
            <th scope="col">{w('venue')}</th>
            <th scope="col">{w('money')}</th>
            <th scope="col">{t('amount')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('transferIn')} / {t('transferOut')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {wallet.venueList.map((venue) => (
            <VenueRow key={venue.channelCode} venue={venue} centreYuan={wallet.centerWalletBalance} onDone={(next) => void done(next)} />
          ))}
        </tbody>
      </table>
      {wallet.venueList.length === 0 ? <p className="notice">{t('noVenues')}</p> : null}
      {popup ? (
        <Modal title={t('popupTitle')} closeLabel={w('close')} onClose={closePopup}>
          <p className={popup.ok ? 'transfer-popup-title' : 'transfer-popup-title error'} role={popup.ok ? 'status' : 'alert'}>
            {popup.title}
          </p>
          {popup.message ? <p className="transfer-popup-message">{popup.message}</p> : null}
        </Modal>
      ) : null}
    </div>
  );
}
