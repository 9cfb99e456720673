import { Link } from 'react-router-dom';
import { CODE } from '@lobby/sdk';
import { useWallet } from '../../app/wallet/use-wallet.js';
import { usePageTexts, type PageTextLookup } from '../../i18n/page-texts.js';
import { withdrawalStep } from '../../modules/identity-codes.js';
import { formatWire } from '../../modules/wallet-amount.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { WithdrawOrderPanel } from './order-panel.js';
import { withdrawTexts, type WithdrawTextKey } from './texts.js';
import type { Refusal } from '../../modules/refusal.js';
import { useWithdrawals } from './use-withdrawals.js';
import { WithdrawForm } from './withdraw-form.js';

/** A refusal with its code; identity codes lead to the missing step, a missing password to setting it. */
function RefusalNotice({ refusal, t }: { refusal: Refusal; t: PageTextLookup<WithdrawTextKey> }) {
  const step = withdrawalStep(refusal.code); // identity codes, and 244099 guide to bind the card or address
  return (
    <div className="notice error withdraw-refusal" role="alert" data-code={refusal.code}>
      <p>
        {refusal.message}
        {t('code', { code: refusal.code })}
      </p>
      {step?.route ? <Link to={step.route}>{t('goFix')}</Link> : null}
      {refusal.code === CODE.withdrawPasswordNotSet ? <Link to="/app/password">{t('setPassword')}</Link> : null}
    </div>
  );
}

function WithdrawalsView() {
  const t = usePageTexts(withdrawTexts);
  const { wallet, actions } = useWallet();
  const withdrawals = useWithdrawals(() => void actions.loadWallet().catch(() => undefined));
  return (
    <div className="withdraw-page">
      <dl className="withdraw-balances">
        <div>
          <dt>{t('centre')}</dt>
          <dd data-balance="centre">{wallet ? formatWire(wallet.centerWalletBalance, 2) : '…'}</dd>
        </div>
        <div>
          <dt>{t('locked')}</dt>
          <dd data-balance="locked">{wallet ? formatWire(wallet.lockedWalletBalance, 2) : '…'}</dd>
        </div>
        <div>
          <dt>{t('usdtWallet')}</dt>
          <dd data-balance="usdt">{wallet ? formatWire(wallet.virtualCurrencyWalletBalance, 6) : '…'}</dd>
        </div>
      </dl>
      {withdrawals.loadError ? (
        <p className="notice error" role="alert">
          {t('loadFailed', { message: withdrawals.loadError })}
        </p>
      ) : null}
      {withdrawals.refusal ? <RefusalNotice refusal={withdrawals.refusal} t={t} /> : null}
      {withdrawals.order ? <WithdrawOrderPanel withdrawals={withdrawals} t={t} /> : null}
      {!withdrawals.order && withdrawals.loaded && withdrawals.infos ? <WithdrawForm withdrawals={withdrawals} t={t} /> : null}
    </div>
  );
}

/** /app/myCenter/withdrawals: the withdrawal ways, the form, the order with its draws and confirmations. */
export function WithdrawalsPage() {
  return (
    <MemberCentre>
      <WithdrawalsView />
    </MemberCentre>
  );
}
