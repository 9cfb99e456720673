import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, type Fixture } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { clockTime } from './format.js';
import { scheduleTexts } from './texts.js';

/** The two team names in the member's language. */
export function teamsOf(fixture: Fixture, language: string): [string, string] {
  return language === 'en' ? [fixture.homeEn, fixture.awayEn] : [fixture.homeZh, fixture.awayZh];
}

/** A fixture's state: the minute when live, else live/upcoming/full time/cancelled. */
export function StatusBadge({ fixture }: { fixture: Fixture }) {
  const t = usePageTexts(scheduleTexts);
  if (fixture.status === 'live') {
    return (
      <span className="status-badge live" data-testid="fixture-minute">
        {t('live')} {t('minute', { minute: fixture.minute })}
      </span>
    );
  }
  return <span className={`status-badge ${fixture.status}`}>{t(fixture.status === 'scheduled' ? 'upcoming' : fixture.status)}</span>;
}

/** One row of the schedule: kick-off, league, teams and score, status; the row opens the match. */
export function FixtureLine({ fixture }: { fixture: Fixture }) {
  const language = useStore($language);
  const t = usePageTexts(scheduleTexts);
  const [home, away] = teamsOf(fixture, language);
  const score = fixture.status === 'scheduled' || fixture.status === 'cancelled' ? t('vs') : `${fixture.score.home} : ${fixture.score.away}`;
  return (
    <li className={`fixture-line ${fixture.status}`} data-fixture={fixture.id}>
      <span className="fixture-time">{clockTime(fixture.startsAt, language)}</span>
      <span className="fixture-league">{language === 'en' ? fixture.leagueEn : fixture.leagueZh}</span>
      <Link className="fixture-teams" to={`/app/schedule/scheduleDetail/${encodeURIComponent(fixture.id)}`}>
        <span className="team home">{home}</span>
        <span className="fixture-score" data-testid="fixture-score">
          {score}
        </span>
        <span className="team away">{away}</span>
      </Link>
      <StatusBadge fixture={fixture} />
    </li>
  );
}
