import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $language, formatWireMoney } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import type { Refusal } from '../../modules/refusal.js';
import { welfareTexts } from './texts.js';
import type { Part } from './welfare-store.js';

/**
 * A refused call: the catalogue message of its code (the sdk's error catalogue, else the
 * server's message) with the code.
 *
 * @example <RefusalLine refusal={state.claimRefusal} />
 */
export function RefusalLine({ refusal }: { refusal: Refusal }) {
  const text = usePageTexts(welfareTexts);
  return (
    <p className="notice error" role="alert" data-code={refusal.code}>
      {text('refused', { message: refusal.message, code: refusal.code })}
    </p>
  );
}

/**
 * A panel's content once its call answered: the loading line first, the refusal if the
 * call was refused, else `children(data)`.
 *
 * @example <PartView part={state.credit}>{(credit) => <CreditList credit={credit} />}</PartView>
 */
export function PartView<T>({ part, children }: { part: Part<T>; children: (data: T) => ReactNode }) {
  const text = usePageTexts(welfareTexts);
  if (part.state === 'loading') return <p className="page-loading">{text('loading')}</p>;
  if (part.state === 'refused') return <RefusalLine refusal={part.refusal} />;
  return <>{children(part.data)}</>;
}

/** A yuan amount of the wire as '1,234.50 元' / '1,234.50 yuan' in the page's language. */
export function useYuan(): (amount: number) => string {
  const text = usePageTexts(welfareTexts);
  const language = useStore($language);
  return (amount) => text('yuan', { amount: formatWireMoney(amount, 2, language) });
}
