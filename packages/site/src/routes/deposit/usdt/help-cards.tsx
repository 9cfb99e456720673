import type { PageTextLookup } from '../../../i18n/page-texts.js';
import type { UsdtTextKey } from './texts.js';

type T = PageTextLookup<UsdtTextKey>;

/** Spec section 2: help cards on USDT topics (protocol choice, advantages, virtual currency). */
export const USDT_HELP_CARDS = [
  { id: 'protocol', title: 'helpProtocolTitle', lines: ['helpProtocol1', 'helpProtocol2', 'helpProtocol3'] },
  { id: 'advantages', title: 'helpAdvantagesTitle', lines: ['helpAdvantages1', 'helpAdvantages2', 'helpAdvantages3'] },
  { id: 'virtual', title: 'helpVirtualTitle', lines: ['helpVirtual1', 'helpVirtual2', 'helpVirtual3'] },
] as const satisfies readonly { id: string; title: UsdtTextKey; lines: readonly UsdtTextKey[] }[];

/** The USDT help cards, each a titled article. */
export function UsdtHelpCards({ t }: { t: T }) {
  return (
    <section className="deposit-usdt-help" aria-labelledby="deposit-usdt-help-title">
      <h2 id="deposit-usdt-help-title">{t('helpTitle')}</h2>
      <div className="deposit-usdt-cards">
        {USDT_HELP_CARDS.map((card) => (
          <article key={card.id} className="deposit-usdt-card" data-help-card={card.id} aria-labelledby={`deposit-usdt-help-${card.id}`}>
            <h3 id={`deposit-usdt-help-${card.id}`}>{t(card.title)}</h3>
            <ul>
              {card.lines.map((line) => (
                <li key={line}>{t(line)}</li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </section>
  );
}
