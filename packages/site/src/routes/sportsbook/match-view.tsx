import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, MARKET_TYPES, t as sdkText, type Market } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { useBoardVersion, useSportsbook } from './context.js';
import { FixtureClock } from './fixture-row.js';
import { marketName, matchName } from './labels.js';
import { PriceButton } from './price-button.js';
import { sportsbookTexts } from './texts.js';
import { useLive } from './use-live.js';

/** Markets by type in the order of MARKET_TYPES, each type's markets by line. */
export function marketsByType(markets: readonly Market[]): Array<{ type: Market['type']; markets: Market[] }> {
  return MARKET_TYPES.map((type) => ({
    type,
    markets: markets.filter((market) => market.type === type && market.status !== 'inactive').sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
  })).filter((group) => group.markets.length > 0);
}

/** One match with every market grouped by type, its live score and minute; prices move live. */
export function MatchView({ fixtureId, backHref }: { fixtureId: string; backHref: string }) {
  const t = usePageTexts(sportsbookTexts);
  const language = useStore($language);
  const { api, board } = useSportsbook();
  const [error, setError] = useState('');
  useBoardVersion();
  useLive([fixtureId]);
  useEffect(() => {
    let live = true;
    api.detail(fixtureId).then(
      (detail) => live && board.apply(detail.fixture, detail.markets),
      () => live && setError(sdkText('serverBusy', undefined, language)),
    );
    return () => {
      live = false;
    };
  }, [api, board, fixtureId, language]);
  const item = board.get(fixtureId);
  return (
    <article className="match-view" aria-labelledby="match-title">
      <Link className="match-back" to={backHref}>
        {t('back')}
      </Link>
      {error ? <p className="notice error">{error}</p> : null}
      {!item && !error ? <p className="page-loading">{t('loading')}</p> : null}
      {item ? (
        <>
          <header className="match-head">
            <span className="fixture-league">{language === 'en' ? item.fixture.leagueEn : item.fixture.leagueZh}</span>
            <h2 id="match-title">{matchName(t, language, item.fixture)}</h2>
            <FixtureClock fixture={item.fixture} />
          </header>
          {marketsByType(item.markets).map((group) => (
            <section key={group.type} className="market-group" aria-label={marketName(t, { type: group.type, line: undefined }).trim()}>
              {group.markets.map((market) => (
                <div key={market.id} className={market.status === 'active' ? 'market' : 'market suspended'} data-market={market.id}>
                  <h3 className="market-title">
                    {marketName(t, market)}
                    {market.status !== 'active' ? <span className="market-state"> ({t(market.status === 'suspended' ? 'suspended' : 'closed')})</span> : null}
                  </h3>
                  <div className="market-prices">
                    {market.selections.map((selection) => (
                      <PriceButton key={selection.id} fixture={item.fixture} market={market} selection={selection} />
                    ))}
                  </div>
                </div>
              ))}
            </section>
          ))}
        </>
      ) : null}
    </article>
  );
}
