import { RecycleButton } from '../../app/wallet/recycle-button.js';
import { useOutcome, useWallet } from '../../app/wallet/use-wallet.js';
import { OutcomeLine, useVenueName, venueMoneyText, WalletSummary } from '../../app/wallet/wallet-summary.js';
import { walletTexts } from '../../app/wallet/wallet-texts.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { BonusWalletPanel } from '../activities/bonus/bonus-wallet-panel.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { Conversion } from './conversion.js';
import { myWalletTexts } from './texts.js';
import { WalletTypeChoice } from './wallet-type.js';
import { YuebaoPanel } from './yuebao-panel.js';

/** /app/myCenter/myWallet: wallets and venues, wallet type, USDT conversion and yuebao. */
export function MyWalletPage() {
  return (
    <MemberCentre>
      <MyWallet />
    </MemberCentre>
  );
}

function MyWallet() {
  const t = usePageTexts(myWalletTexts);
  const w = usePageTexts(walletTexts);
  const venueName = useVenueName();
  const { wallet, error, actions } = useWallet();
  const [outcome, show] = useOutcome();

  if (!wallet) return <p className={error ? 'notice error' : 'page-loading'}>{error || w('loading')}</p>;
  return (
    <div className="my-wallet">
      <WalletSummary wallet={wallet} />
      <div className="wallet-actions">
        <RecycleButton actions={actions} onOutcome={show} />
      </div>
      <OutcomeLine outcome={outcome} />
      <table className="wallet-table">
        <caption>{t('venues')}</caption>
        <thead>
          <tr>
            <th scope="col">{w('venue')}</th>
            <th scope="col">{w('money')}</th>
          </tr>
        </thead>
        <tbody>
          {wallet.venueList.map((venue) => (
            <tr key={venue.channelCode}>
              <th scope="row">{venueName(venue)}</th>
              <td data-venue-money={venue.channelCode}>{venueMoneyText(venue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <WalletTypeChoice onOutcome={show} />
      <Conversion wallet={wallet} actions={actions} onOutcome={show} />
      <YuebaoPanel wallet={wallet} actions={actions} onOutcome={show} />
      <BonusWalletPanel />
    </div>
  );
}
