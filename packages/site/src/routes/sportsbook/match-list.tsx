import { Link } from 'react-router-dom';
import type { SportCode } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { useBoardVersion, useSportsbook } from './context.js';
import { FixtureRow } from './fixture-row.js';
import { sportsbookTexts } from './texts.js';
import { useFixtures } from './use-fixtures.js';
import { useLive } from './use-live.js';

/** The next days a member can look at, as Beijing calendar days (YYYY-MM-DD). */
export function nextDays(count: number, now = Date.now()): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
  return Array.from({ length: count }, (_, index) => format.format(new Date(now + index * 86_400_000)));
}

/** The matches of a sport: live now, then upcoming on the chosen day, and a link to the results. */
export function MatchList({ sport, day, hrefOf }: { sport: SportCode | undefined; day: string; hrefOf: (change: Record<string, string | null>) => string }) {
  const t = usePageTexts(sportsbookTexts);
  const live = useFixtures({ sport, status: 'live' });
  const upcoming = useFixtures({ sport, status: 'upcoming', day });
  // Matches in play move fastest: their prices are pushed; upcoming ones follow the kind's board.
  useLive(live.ids ?? []);
  const days = nextDays(7);
  return (
    <div className="match-lists">
      <FixtureSection title={t('live')} load={live} hrefOf={hrefOf} id="live" />
      <section className="fixture-section" aria-labelledby="sportsbook-upcoming">
        <div className="fixture-section-head">
          <h2 id="sportsbook-upcoming">{t('upcoming')}</h2>
          <nav className="day-tabs" aria-label={t('day')}>
            {days.map((item) => (
              <Link key={item} to={hrefOf({ day: item })} aria-current={item === day ? 'page' : undefined}>
                {item.slice(5)}
              </Link>
            ))}
          </nav>
          <Link className="results-link" to="/app/schedule">
            {t('resultsLink')}
          </Link>
        </div>
        <FixtureRows load={upcoming} hrefOf={hrefOf} />
      </section>
    </div>
  );
}

function FixtureSection({ title, load, hrefOf, id }: { title: string; load: ReturnType<typeof useFixtures>; hrefOf: (change: Record<string, string | null>) => string; id: string }) {
  return (
    <section className="fixture-section" aria-labelledby={`sportsbook-${id}`}>
      <h2 id={`sportsbook-${id}`}>{title}</h2>
      <FixtureRows load={load} hrefOf={hrefOf} />
    </section>
  );
}

function FixtureRows({ load, hrefOf }: { load: ReturnType<typeof useFixtures>; hrefOf: (change: Record<string, string | null>) => string }) {
  const t = usePageTexts(sportsbookTexts);
  const { board } = useSportsbook();
  useBoardVersion();
  if (load.error) return <p className="notice error">{load.error}</p>;
  if (!load.ids) return <p className="page-loading">{t('loading')}</p>;
  if (load.ids.length === 0) return <p className="notice">{t('noMatches')}</p>;
  return (
    <ul className="fixture-list">
      {load.ids.map((id) => {
        const item = board.get(id);
        return item ? <FixtureRow key={id} fixture={item.fixture} markets={item.markets} matchHref={hrefOf({ match: id })} /> : null;
      })}
    </ul>
  );
}
