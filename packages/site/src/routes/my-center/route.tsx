import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, $member } from '@lobby/sdk';
import { RecycleButton } from '../../app/wallet/recycle-button.js';
import { useOutcome, useWallet } from '../../app/wallet/use-wallet.js';
import { OutcomeLine, WalletSummary } from '../../app/wallet/wallet-summary.js';
import { walletTexts } from '../../app/wallet/wallet-texts.js';
import { routeTitle } from '../../i18n/route-titles.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { walletFeatureLinks } from '../member-centre/menu.js';
import { AutoTransferSwitch } from './auto-transfer.js';
import { myCenterTexts } from './texts.js';

/** /app/myCenter: the member, total funds, every wallet, refresh, recycling and the wallet-feature links. */
export function MyCenterPage() {
  return (
    <MemberCentre>
      <MyCenter />
    </MemberCentre>
  );
}

function MyCenter() {
  const t = usePageTexts(myCenterTexts);
  const w = usePageTexts(walletTexts);
  const language = useStore($language);
  const member = useStore($member);
  const { wallet, error, actions } = useWallet();
  const [outcome, show] = useOutcome();
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      show(await actions.refresh());
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <div className="my-center">
      {member ? (
        <p className="my-center-member">
          <span>{t('member')}</span> <strong>{member.nickName || member.name}</strong> <span>{t('grade', { grade: member.grade })}</span>
        </p>
      ) : null}
      {wallet ? <WalletSummary wallet={wallet} /> : <p className={error ? 'notice error' : 'page-loading'}>{error || w('loading')}</p>}
      <div className="wallet-actions">
        <button className="button" type="button" disabled={refreshing} onClick={() => void refresh()}>
          {w('refresh')}
        </button>
        <RecycleButton actions={actions} onOutcome={show} />
        <AutoTransferSwitch actions={actions} onOutcome={show} />
      </div>
      <OutcomeLine outcome={outcome} />
      <nav className="my-center-features" aria-label={t('features')}>
        {walletFeatureLinks.map((entry) => (
          <Link key={entry.path} to={entry.path} className="button secondary">
            {routeTitle(entry.title, language)}
          </Link>
        ))}
      </nav>
    </div>
  );
}
