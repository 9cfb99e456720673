import type { PageTextLookup } from '../../i18n/page-texts.js';
import { TUTORIALS, USDT_DEPOSIT_STEPS, type Tutorial } from './deposit-logic.js';
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

/**
 * The USDT deposit routes of spec section 4: 'rmb' in 3 steps, 'usdt' in 4. Shown for a
 * USDT channel (pay type 2120); the deposit address itself needs the
 * USDT-address-by-merchant call, which this server does not have yet, so it says so.
 */
export function UsdtSteps({ route, onRoute, t }: { route: 'rmb' | 'usdt'; onRoute: (route: 'rmb' | 'usdt') => void; t: T }) {
  return (
    <section className="deposit-usdt" aria-labelledby="deposit-usdt-title">
      <h2 id="deposit-usdt-title">{t('usdtTitle')}</h2>
      <div role="group" aria-label={t('usdtTitle')}>
        {(['rmb', 'usdt'] as const).map((name) => (
          <button key={name} type="button" className="button secondary" aria-pressed={route === name} onClick={() => onRoute(name)}>
            {t(`usdtRoute${name}`)}
          </button>
        ))}
      </div>
      <ol className="deposit-steps" aria-label={t('usdtSteps')}>
        {USDT_DEPOSIT_STEPS[route].map((step, index) => (
          <li key={step} aria-current={index === 0 ? 'step' : undefined}>
            {t(`usdt${step}`)}
          </li>
        ))}
      </ol>
      <p className="notice">{t('usdtNoAddress')}</p>
    </section>
  );
}
