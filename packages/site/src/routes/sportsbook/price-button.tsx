import { useStore } from '@nanostores/react';
import { $language, type Fixture, type Market, type Selection } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { entryOf } from '../../modules/sportsbook/slip.js';
import { isLocked } from '../../modules/sportsbook/slip-store.js';
import { useOddsFormat, useSlip, useSportsbook } from './context.js';
import { marketName, matchName, nameIn, oddsText } from './labels.js';
import { sportsbookTexts } from './texts.js';

/**
 * One selection's price: a toggle button that adds it to the slip or takes it off. A
 * suspended market or a closed selection is shown greyed and cannot be chosen; nothing can be
 * chosen while the slip is locked.
 */
export function PriceButton({ fixture, market, selection, showName = true }: { fixture: Fixture; market: Market; selection: Selection; showName?: boolean }) {
  const t = usePageTexts(sportsbookTexts);
  const language = useStore($language);
  const format = useOddsFormat();
  const { slip } = useSportsbook();
  // A slip whose placement may have been taken does not change (the slip says why).
  const locked = isLocked(useSlip().placement);
  const takeable = market.status === 'active' && selection.active && (fixture.status === 'scheduled' || fixture.status === 'live');
  const onSlip = slip.has(fixture.id, market.id, selection.id);
  const odds = oddsText(selection.odds, format);
  const name = nameIn(language, selection);
  const label = t(onSlip ? 'removeFromSlip' : 'addToSlip', { match: matchName(t, language, fixture), market: marketName(t, market), selection: name, odds });
  return (
    <button
      type="button"
      className={takeable ? 'price' : 'price suspended'}
      aria-pressed={onSlip}
      aria-label={takeable ? label : t('priceOfSuspended', { selection: name, odds })}
      disabled={!takeable || locked}
      onClick={() => slip.toggle(entryOf(fixture, market, selection.id))}
      data-selection={selection.id}
    >
      {showName ? <span className="price-name">{name}</span> : null}
      <span className="price-odds">{odds}</span>
    </button>
  );
}
