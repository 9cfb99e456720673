import { Link } from 'react-router-dom';
import type { PayChannel } from '@lobby/sdk';
import type { PageTextLookup } from '../../i18n/page-texts.js';
import { identityStep } from '../../modules/identity-codes.js';
import { resultAction } from './deposit-logic.js';
import type { Refusal } from '../../modules/refusal.js';
import type { DepositTextKey } from './texts.js';

type T = PageTextLookup<DepositTextKey>;

/**
 * A refused deposit call: the meaning of its result code (spec section 8, from the sdk's
 * error catalogue, else the server's message) with the code, and what the member can do
 * next: complete the profile (identity codes, phone binding), contact customer service,
 * take the recommended channel, see the cancellations.
 */
export function RefusalNotice({ refusal, recommended, onChoose, cancelCount, t }: { refusal: Refusal; recommended: PayChannel | undefined; onChoose: (id: string) => void; cancelCount: { count: number; limit: number } | null; t: T }) {
  const step = identityStep(refusal.code);
  const action = resultAction(refusal.code);
  return (
    <div className="notice error deposit-refusal" role="alert" data-code={refusal.code}>
      <p>
        {refusal.message}
        {t('code', { code: refusal.code })}
      </p>
      {step?.route ? <Link to={step.route}>{t('goBind')}</Link> : null}
      {action === 'customerService' ? <Link to="/cs">{t('goCs')}</Link> : null}
      {action === 'chooseRecommended' && recommended ? (
        <button type="button" className="link-button" onClick={() => onChoose(recommended.pay_type_id)}>
          {t('chooseRecommended')}
        </button>
      ) : null}
      {action === 'otherChannel' ? <p>{t('chooseOther')}</p> : null}
      {action === 'showCancelCount' && cancelCount ? <p>{t('cancelCount', cancelCount)}</p> : null}
    </div>
  );
}
