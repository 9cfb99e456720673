import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, $siteConfig, SPORT_CODES, sportsFixtureDetail, sportsFixtures, type Fixture, type SportCode } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { usePageTitle } from '../../layout/page-title.js';
import { DayStrip } from './day-strip.js';
import { dayStrip, isDay } from './days.js';
import { FixtureLine, StatusBadge, teamsOf } from './fixture-line.js';
import { clockTime } from './format.js';
import { newest, useLiveFixtures } from './live-fixtures.js';
import { scheduleTexts } from './texts.js';

/** The page's stylesheet, hoisted into the head by React and loaded before the page shows (no layout shift). */
export function ContentStyles() {
  return <link rel="stylesheet" href="/assets/content.css" precedence="default" />;
}

const kindOf = (sport: SportCode) => (sport === 'esoccer' || sport === 'moba' ? 'esports' : 'sports');
const isSport = (value: string | null): value is SportCode => SPORT_CODES.includes(value as SportCode);
/** Fixtures a day of one sport lists (the sandbox feed plays a few dozen a day). */
const DAY_PAGE_SIZE = 100;

/**
 * /app/schedule: fixtures by sport (`?sport=`) and Beijing day (`?day=`, a strip of a week
 * around today), live ones first with score and minute, then upcoming, then results. Scores
 * and statuses move live over the kind's board push.
 */
export function SchedulePage() {
  const title = usePageTitle();
  const t = usePageTexts(scheduleTexts);
  const language = useStore($language);
  const [query] = useSearchParams();
  const strip = dayStrip(Date.now());
  const sport = isSport(query.get('sport')) ? (query.get('sport') as SportCode) : 'football';
  const day = isDay(query.get('day')) ? query.get('day')! : strip[3]!.day;
  const kind = kindOf(sport);
  const { data, error } = useApi(sportsFixtures, { kind, sport, day, pageSize: DAY_PAGE_SIZE });
  const { pushed, status } = useLiveFixtures({ board: kind });
  const hrefOf = (change: { sport?: string; day?: string }) => `/app/schedule?${new URLSearchParams({ sport, day, ...change }).toString()}`;
  const fixtures = (data?.fixtures ?? []).map((item) => newest(item.fixture, pushed.get(item.fixture.id)));
  const groups = (['live', 'scheduled', 'ended', 'cancelled'] as const).map((state) => ({ state, list: fixtures.filter((fixture) => fixture.status === state) }));
  return (
    <section className="content-page schedule-page">
      <ContentStyles />
      <h1 className="page-title">{title}</h1>
      <nav aria-label={t('sports')}>
        <ul className="content-tabs">
          {SPORT_CODES.map((code) => (
            <li key={code}>
              <Link to={hrefOf({ sport: code })} aria-current={code === sport ? 'page' : undefined}>
                {t(code)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <DayStrip strip={strip} day={day} hrefOf={(next) => hrefOf({ day: next })} label={t('days')} today={t('today')} language={language} />
      <p className="push-state" role="status">
        {status === 'live' ? t('pushLive') : status === 'offline' ? t('pushOffline') : '\u00a0'}
      </p>
      {error ? <p className="notice error">{error}</p> : null}
      {!data && !error ? <p className="content-loading">{t('loading')}</p> : null}
      {data && fixtures.length === 0 ? <p className="notice">{t('none')}</p> : null}
      {groups
        .filter((group) => group.list.length > 0)
        .map((group) => (
          <section key={group.state} className="fixture-group" aria-labelledby={`group-${group.state}`}>
            <h2 id={`group-${group.state}`}>{t(group.state === 'scheduled' ? 'upcoming' : group.state)}</h2>
            <ul className="fixture-list">
              {group.list.map((fixture) => (
                <FixtureLine key={fixture.id} fixture={fixture} />
              ))}
            </ul>
          </section>
        ))}
    </section>
  );
}

/** Where the sportsbook shows this match: the brand's sports or e-sports venue with `?match=`. */
function betHref(fixture: Fixture, venues: { ty: { code: string }[]; dj: { code: string }[] } | undefined): string | undefined {
  const venue = fixture.kind === 'esports' ? venues?.dj[0] : venues?.ty[0];
  if (!venue) return undefined;
  const match = `?match=${encodeURIComponent(fixture.id)}`;
  return fixture.kind === 'esports' ? `/app/eGaming/2/${encodeURIComponent(venue.code)}${match}` : `/app/venuesSport/1/${encodeURIComponent(venue.code)}${match}`;
}

/**
 * /app/schedule/scheduleDetail/:id: one match: teams, score, status and minute, the goals with
 * their minute, period scores, and a link into the sportsbook's match view. The score moves
 * live over the fixture's push; a new goal reloads the goal list.
 */
export function ScheduleDetailPage() {
  const title = usePageTitle();
  const t = usePageTexts(scheduleTexts);
  const language = useStore($language);
  const siteConfig = useStore($siteConfig);
  const id = useParams().id ?? '';
  const { pushed, status } = useLiveFixtures({ fixtureIds: [id] });
  const live = pushed.get(id);
  // The goal list is read again whenever the pushed score or status changes (a goal, a correction, the end).
  const { data, error } = useApi(sportsFixtureDetail, { fixtureId: id }, live ? `${live.score.home}-${live.score.away}-${live.status}` : '');
  const fixture = data ? newest(data.fixture, live) : undefined;
  const href = fixture ? betHref(fixture, siteConfig?.venues) : undefined;
  const [home, away] = fixture ? teamsOf(fixture, language) : ['', ''];
  return (
    <section className="content-page match-page">
      <ContentStyles />
      <p>
        <Link to="/app/schedule">{t('back')}</Link>
      </p>
      {fixture && data ? null : <h1 className="page-title">{title}</h1>}
      {fixture && data ? null : <h1 className="page-title">{title}</h1>}
      {error ? <p className="notice error">{error}</p> : null}
      {!data && !error ? <p className="content-loading">{t('loading')}</p> : null}
      {fixture && data ? (
        <article className="match-card">
          <p className="match-league">{language === 'en' ? fixture.leagueEn : fixture.leagueZh}</p>
          <h1 className="match-teams">
            <span className="team home">{home}</span>
            <span className="match-score" aria-label={t('score')} data-testid="match-score">
              {fixture.status === 'scheduled' ? t('vs') : `${fixture.score.home} : ${fixture.score.away}`}
            </span>
            <span className="team away">{away}</span>
          </h1>
          <p className="match-state">
            <StatusBadge fixture={fixture} /> <span>{t('kickOff')} {clockTime(fixture.startsAt, language)}</span>
          </p>
          <p className="push-state" role="status">
            {status === 'live' ? t('pushLive') : status === 'offline' ? t('pushOffline') : '\u00a0'}
          </p>
          <h2>{t('events')}</h2>
          {data.events.length === 0 ? <p className="hint">{t('noEvents')}</p> : null}
          <ol className="match-events">
            {data.events.map((event, index) => (
              <li key={index} className={`event ${event.side}`}>
                <span className="event-minute">{t('minute', { minute: event.minute })}</span> {t('goal', { team: event.side === 'home' ? home : away })}{' '}
                <span className="event-score">
                  {event.score.home} : {event.score.away}
                </span>
              </li>
            ))}
          </ol>
          {data.periods.length > 0 ? (
            <>
              <h2>{t('periods')}</h2>
              <ol className="match-periods">
                {data.periods.map((period, index) => (
                  <li key={index}>
                    {t(fixture.sport === 'basketball' ? 'period' : 'half', { n: index + 1 })}: {period.home} : {period.away}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
          {href && (fixture.status === 'scheduled' || fixture.status === 'live') ? (
            <p>
              <Link className="button" to={href}>
                {t('bet')}
              </Link>
            </p>
          ) : null}
        </article>
      ) : null}
    </section>
  );
}
