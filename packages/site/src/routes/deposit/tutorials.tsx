import type { PageTextLookup } from '../../i18n/page-texts.js';
import { TUTORIALS, type Tutorial } from './deposit-logic.js';
import type { DepositTextKey } from './texts.js';

type T = PageTextLookup<DepositTextKey>;

/**
 * The deposit tutorials of spec section 2 (Alipay 5 steps, union pay app 3, WeChat 4,
 * online bank 4); the chosen channel's opens by itself.
 */
export function Tutorials({ open, t }: { open: Tutorial | null; t: T }) {
  return (
    <section className="deposit-tutorials" aria-labelledby="deposit-tutorials-title">
      <h2 id="deposit-tutorials-title">{t('tutorials')}</h2>
      {(Object.keys(TUTORIALS) as Tutorial[]).map((name) => (
        <details key={name} open={open === name} data-tutorial={name}>
          <summary>{t(`tutorial${name}`)}</summary>
          <ol>
            {Array.from({ length: TUTORIALS[name] }, (_, index) => (
              <li key={index}>{t(`${name}${index + 1}` as DepositTextKey)}</li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}
