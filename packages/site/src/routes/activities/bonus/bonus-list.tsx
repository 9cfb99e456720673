import { useState } from 'react';
import { bonusForfeit, type BonusGrant } from '@lobby/sdk';
import { DateTime } from '../../../app/date-time.js';
import { useLobby } from '../../../app/lobby-context.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { formatWire } from '../../../modules/wallet-amount.js';
import { useClaim } from '../shared/index.js';
import { installBonusStyles } from './bonus-styles.js';
import { bonusTexts, type BonusTextKey } from './texts.js';

const yuan = (amount: number) => formatWire(amount, 2);

/**
 * Bonuses with their wagering: amount, turnover required and done with a progress bar,
 * the weights and the maximum bet, the expiry, the status, and a forfeit button on a
 * wagering one. `onChange` runs after a forfeit's answer.
 *
 * @example <BonusList list={info.bonuses} onChange={reload} />
 */
export function BonusList({ list, onChange, showActivity = false }: { list: readonly BonusGrant[]; onChange: () => void; showActivity?: boolean }) {
  installBonusStyles();
  const text = usePageTexts(bonusTexts);
  const { client } = useLobby();
  const { claim, busy, refusal } = useClaim(onChange);
  const [done, setDone] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  if (list.length === 0) return <p className="bonus-none">{text('noBonuses')}</p>;

  async function forfeit(id: number) {
    setDone('');
    setConfirming(null);
    const answer = await claim({ forfeit: id }, (idempotencyKey) => client.call(bonusForfeit, { id }, { idempotencyKey }));
    if (answer) setDone(text('forfeited'));
  }
  return (
    <>
      <ul className="bonus-list">
        {list.map((bonus) => (
          <li key={bonus.id} className={`bonus-item bonus-${bonus.status}`} data-bonus-id={bonus.id} data-bonus-status={bonus.status}>
            <p className="bonus-head">
              {showActivity ? <span className="bonus-activity">{bonus.activityTitle}</span> : null}
              <span className="bonus-state">{text(`bonusStatus_${bonus.status}` as BonusTextKey)}</span>
            </p>
            <p className="bonus-line">
              {text('bonusLine', { amount: yuan(bonus.amount), required: yuan(bonus.required), done: yuan(bonus.done), percent: bonus.percent })}
            </p>
            <progress className="bonus-progress" max={100} value={bonus.percent} aria-label={text('progressLabel')}>
              {bonus.percent}%
            </progress>
            <p className="bonus-terms">
              <span>{text('wageringValue', { multiple: bonus.multiple })}</span>
              <span>{text('maxBet')}: {text('maxBetValue', { money: yuan(bonus.maxBet) })}</span>
              <span>
                {text('expiresAt')}: <DateTime at={bonus.expiresAt} />
              </span>
            </p>
            <p className="bonus-weights">
              {text('weights')}: {bonus.weights.map((weight) => `${text(`category${weight.category}` as BonusTextKey)} ${weight.percent}%`).join(' · ')}
            </p>
            {bonus.status === 'wagering' && confirming !== bonus.id ? (
              <button className="button bonus-forfeit" type="button" disabled={busy} onClick={() => setConfirming(bonus.id)}>
                {text('forfeit')}
              </button>
            ) : null}
            {bonus.status === 'wagering' && confirming === bonus.id ? (
              <p className="bonus-confirm" role="group" aria-label={text('forfeit')}>
                <span>{text('forfeitWarning')}</span>
                <button className="button bonus-forfeit" type="button" disabled={busy} onClick={() => void forfeit(bonus.id)}>
                  {text('forfeitConfirm')}
                </button>
                <button className="button bonus-forfeit" type="button" onClick={() => setConfirming(null)}>
                  {text('forfeitCancel')}
                </button>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : null}
      <ErrorLine error={refusal ? refusal.message : ''} />
    </>
  );
}
