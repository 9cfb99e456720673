import { useStore } from '@nanostores/react';
import { Link } from 'react-router-dom';
import { $language, type Fixture, type Market } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { kickOffText, marketName, matchName } from './labels.js';
import { PriceButton } from './price-button.js';
import { sportsbookTexts } from './texts.js';

/** Where a fixture is: the live minute and score, the kick-off, or its end. */
export function FixtureClock({ fixture }: { fixture: Fixture }) {
  const t = usePageTexts(sportsbookTexts);
  const language = useStore($language);
  if (fixture.status === 'scheduled') return <span className="fixture-clock">{t('startsAt', { time: kickOffText(fixture.startsAt, language) })}</span>;
  return (
    <span className={`fixture-clock ${fixture.status}`}>
      {fixture.status === 'live' ? <span className="fixture-minute">{t('liveMinute', { minute: fixture.minute })}</span> : <span>{t(fixture.status === 'ended' ? 'ended' : 'cancelled')}</span>}
      <span className="fixture-score" aria-label={t('score', { home: fixture.score.home, away: fixture.score.away })}>
        {fixture.score.home} : {fixture.score.away}
      </span>
    </span>
  );
}

/** The closest-priced market of a type (the main line): the smallest gap between its first two prices. */
function mainLine(markets: readonly Market[], type: Market['type']): Market | undefined {
  const gap = (market: Market) => Math.abs((market.selections[0]?.odds ?? 0) - (market.selections[1]?.odds ?? 0));
  return markets.filter((market) => market.type === type && market.status !== 'inactive').sort((a, b) => gap(a) - gap(b))[0];
}

/** A list row's markets: 1X2, the main handicap and the main total (the match view has the rest). */
export function mainMarkets(markets: readonly Market[]): Market[] {
  return [markets.find((market) => market.type === '1x2'), mainLine(markets, 'asian_handicap'), mainLine(markets, 'over_under')].filter((market): market is Market => market !== undefined);
}

/** One match in a list: teams, clock and score, the main markets' prices and a link to all its markets. */
export function FixtureRow({ fixture, markets, matchHref }: { fixture: Fixture; markets: readonly Market[]; matchHref: string }) {
  const t = usePageTexts(sportsbookTexts);
  const language = useStore($language);
  const name = matchName(t, language, fixture);
  return (
    <li className="fixture-row" data-fixture={fixture.id}>
      <div className="fixture-teams">
        <span className="fixture-league">{language === 'en' ? fixture.leagueEn : fixture.leagueZh}</span>
        <span className="fixture-name">{name}</span>
        <FixtureClock fixture={fixture} />
      </div>
      <div className="fixture-markets">
        {mainMarkets(markets).map((market) => (
          <div key={market.id} className="fixture-market" role="group" aria-label={marketName(t, market)}>
            <span className="market-name" aria-hidden="true">
              {marketName(t, market)}
            </span>
            {market.selections.map((selection) => (
              <PriceButton key={selection.id} fixture={fixture} market={market} selection={selection} />
            ))}
          </div>
        ))}
      </div>
      <Link className="fixture-more" to={matchHref} aria-label={t('openMatch', { match: name })}>
        {t('open')}
      </Link>
    </li>
  );
}
