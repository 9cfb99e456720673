import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { formatWire } from '../../../modules/wallet-amount.js';
import { installActivityStyles } from '../shared/index.js';
import { BonusList } from './bonus-list.js';
import { installBonusStyles } from './bonus-styles.js';
import { bonusTexts } from './texts.js';
import { useMyBonuses } from './use-bonus.js';

/**
 * The bonus wallet on the member's wallet page (docs/BONUS-WAGERING.md): its balance, held
 * apart from the member's own money, and every bonus with its wagering progress.
 *
 * @example <BonusWalletPanel />
 */
export function BonusWalletPanel() {
  installActivityStyles();
  installBonusStyles();
  const text = usePageTexts(bonusTexts);
  const { mine, error, reload } = useMyBonuses();
  return (
    <section className="activity-panel bonus-wallet-panel" aria-labelledby="bonus-wallet-title">
      <h2 id="bonus-wallet-title">{text('bonusWallet')}</h2>
      <ErrorLine error={error} />
      {mine ? (
        <>
          <p className="bonus-wallet-balance" data-bonus-wallet={mine.bonusWalletBalance}>
            {text('bonusWalletNote', { money: formatWire(mine.bonusWalletBalance, 2) })}
          </p>
          <BonusList list={mine.list} onChange={reload} showActivity />
        </>
      ) : null}
    </section>
  );
}
