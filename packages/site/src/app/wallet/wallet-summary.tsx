import { useStore } from '@nanostores/react';
import { $language, $totalFundsMinor, t, type VenueMoney, type WalletBalance } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { formatMinor, formatWire } from '../../modules/wallet-amount.js';
import type { WalletOutcome } from '../../modules/wallet-refresh.js';
import { walletTexts } from './wallet-texts.js';

/** The wallets of spec section 3, "Wallet balance", in the order shown; USDT carries 6 decimals. */
const WALLETS = [
  ['memberTotalBalance', 2],
  ['centerWalletBalance', 2],
  ['lockedWalletBalance', 2],
  ['virtualCurrencyWalletBalance', 6],
  ['virtualCurrencyLockWalletBalance', 6],
  ['coinWalletBalance', 0],
  ['yebWalletBalance', 2],
] as const;

/**
 * Total funds (spec section 3, computed exactly by the sdk's $totalFundsMinor) and every
 * wallet of "Wallet balance". Each amount carries `data-wallet` with its field name.
 *
 * @example <WalletSummary wallet={wallet} />
 */
export function WalletSummary({ wallet }: { wallet: WalletBalance }) {
  const t = usePageTexts(walletTexts);
  const totalMinor = useStore($totalFundsMinor);
  return (
    <section className="wallet-summary" aria-labelledby="wallet-summary-title">
      <h2 id="wallet-summary-title">{t('walletBalance')}</h2>
      <p className="wallet-total">
        <span>{t('totalFunds')}</span> <strong data-wallet="totalFunds">{totalMinor === null ? '—' : formatMinor(totalMinor, 2)}</strong>
      </p>
      <dl className="wallet-list">
        {WALLETS.map(([field, decimals]) => (
          <div key={field}>
            <dt>{t(field)}</dt>
            <dd data-wallet={field}>{formatWire(wallet[field], decimals)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A venue's name in the page's language, with the 'Maintaining' suffix of spec section 8. */
export function useVenueName(): (venue: VenueMoney) => string {
  const language = useStore($language);
  return (venue) => {
    const name = language === 'en' ? venue.enName : venue.zhName;
    return venue.maintenance ? `${name} ${t('maintaining')}` : name;
  };
}

/** A venue's money with the decimals of its currency. */
export function venueMoneyText(venue: VenueMoney): string {
  return `${formatWire(venue.money, venue.currency === 'USDT' ? 6 : 2)}${venue.currency === 'USDT' ? ' USDT' : ''}`;
}

/**
 * The page's last outcome: a status line for a success, an alert for a refusal (both
 * regions stay in the page so screen readers announce each change).
 *
 * @example <OutcomeLine outcome={outcome} />
 */
export function OutcomeLine({ outcome }: { outcome: WalletOutcome | null }) {
  return (
    <div className="wallet-outcome">
      <p role="status">{outcome?.ok ? outcome.message : ''}</p>
      <p role="alert" className="error">
        {outcome && !outcome.ok ? outcome.message : ''}
      </p>
    </div>
  );
}
