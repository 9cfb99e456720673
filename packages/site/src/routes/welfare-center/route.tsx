import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { useLobby } from '../../app/lobby-context.js';
import { useWallet } from '../../app/wallet/use-wallet.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { FanShuiPanel } from './fan-shui-panel.js';
import { BankNoticePanel, BuffCardsPanel, CreditPanel, TakeNowPanel } from './panels.js';
import { useYuan } from './parts.js';
import { installWelfareStyles } from './styles.js';
import { welfareTexts } from './texts.js';
import { createWelfareStore } from './welfare-store.js';

/**
 * /app/myCenter/welfareCenter (not a route of the spec; docs/GIFTS.md "Pages"): what the
 * member may take now, the fan shui waiting with its claim, buff cards, member credit and
 * bank notice, beside the centre wallet the claim pays into.
 */
export function WelfareCenterPage() {
  return (
    <MemberCentre>
      <WelfareCenter />
    </MemberCentre>
  );
}

function WelfareCenter() {
  installWelfareStyles();
  const { client } = useLobby();
  const store = useMemo(() => createWelfareStore(client), [client]);
  useEffect(() => void store.load(), [store]);
  const state = useStore(store.$welfare);
  return (
    <div className="welfare-page">
      <CentreWallet />
      <TakeNowPanel part={state.welfare} />
      <FanShuiPanel state={state} onClaim={() => void store.claim()} />
      <BuffCardsPanel part={state.buffCards} />
      <CreditPanel part={state.credit} />
      <BankNoticePanel part={state.bankNotices} />
    </div>
  );
}

/** The centre wallet balance ($wallet, read again after each claim). */
function CentreWallet() {
  const text = usePageTexts(welfareTexts);
  const yuan = useYuan();
  const { wallet, error } = useWallet();
  return (
    <p className="welfare-panel welfare-wallet">
      <span>{text('centreWallet')}</span>
      {wallet ? (
        <strong className="welfare-centre-balance" data-balance={wallet.centerWalletBalance}>
          {yuan(wallet.centerWalletBalance)}
        </strong>
      ) : (
        <span className={error ? 'error' : 'page-loading'}>{error || text('loading')}</span>
      )}
    </p>
  );
}
