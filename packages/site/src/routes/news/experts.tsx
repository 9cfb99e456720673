import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, formatOdds, newsSoccerExperts, newsSoccerMatches, type ExpertPick, type NewsExpert } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { formatBasisPoints } from '../../modules/basis-points.js';
import { kickOff } from '../schedule/format.js';
import { newsTexts } from './texts.js';

const pick = <T,>(language: string, zh: T, en: T) => (language === 'en' ? en : zh);

function PickLine({ item }: { item: ExpertPick }) {
  const t = usePageTexts(newsTexts);
  const language = useStore($language);
  const teams = `${pick(language, item.homeZh, item.homeEn)} - ${pick(language, item.awayZh, item.awayEn)}`;
  return (
    <li className={`pick ${item.result}`}>
      <span className="pick-match">
        {item.result === 'pending' ? <Link to={`/app/schedule/scheduleDetail/${encodeURIComponent(item.fixtureId)}`}>{teams}</Link> : teams}
      </span>
      <span className="pick-choice">
        {pick(language, item.marketZh, item.marketEn)}: <strong>{pick(language, item.selectionZh, item.selectionEn)}</strong> ({t('odds', { odds: formatOdds(item.odds, 'decimal') })})
      </span>
      <span className={`pick-result ${item.result}`}>{t(item.result)}</span>
      {item.analysis ? <span className="pick-analysis">{item.analysis}</span> : null}
    </li>
  );
}

function ExpertCard({ expert }: { expert: NewsExpert }) {
  const t = usePageTexts(newsTexts);
  const language = useStore($language);
  return (
    <li className="expert-card">
      <img className="expert-avatar" src={expert.avatarUrl} alt="" width={64} height={64} />
      <div>
        <h2>{pick(language, expert.nameZh, expert.nameEn)}</h2>
        <p className="hint">{pick(language, expert.titleZh, expert.titleEn)}</p>
        <p className="expert-record">
          {t('record', { won: expert.record.won, lost: expert.record.lost, void: expert.record.void, pending: expert.record.pending })} ·{' '}
          <strong>{t('winRate', { rate: formatBasisPoints(expert.record.winRateBasisPoints) })}</strong>
        </p>
        <h3>{t('picks')}</h3>
        <ul className="pick-list">
          {expert.picks.map((item) => (
            <PickLine key={item.id} item={item} />
          ))}
        </ul>
      </div>
    </li>
  );
}

/** The experts tab: each expert's record and latest picks. */
export function ExpertsTab() {
  const t = usePageTexts(newsTexts);
  const { data, error } = useApi(newsSoccerExperts, {});
  if (error) return <p className="notice error">{error}</p>;
  if (!data) return <p className="content-loading">{t('loading')}</p>;
  if (data.experts.length === 0) return <p className="notice">{t('noExperts')}</p>;
  return (
    <ul className="expert-list">
      {data.experts.map((expert) => (
        <ExpertCard key={expert.id} expert={expert} />
      ))}
    </ul>
  );
}

/** The matches tab: soccer matches live and next, with the expert picks on each. */
export function MatchesTab() {
  const t = usePageTexts(newsTexts);
  const language = useStore($language);
  const { data, error } = useApi(newsSoccerMatches, {});
  if (error) return <p className="notice error">{error}</p>;
  if (!data) return <p className="content-loading">{t('loading')}</p>;
  if (data.matches.length === 0) return <p className="notice">{t('noMatches')}</p>;
  const nowMs = Date.now();
  return (
    <ul className="fixture-list with-dates">
      {data.matches.map((match) => (
        <li key={match.fixtureId} className={`fixture-line ${match.status}`}>
          <span className="fixture-time">{kickOff(match.startsAt, language, nowMs)}</span>
          <span className="fixture-league">{pick(language, match.leagueZh, match.leagueEn)}</span>
          <Link className="fixture-teams" to={`/app/schedule/scheduleDetail/${encodeURIComponent(match.fixtureId)}`}>
            <span className="team home">{pick(language, match.homeZh, match.homeEn)}</span>
            <span className="fixture-score">{match.status === 'live' ? `${match.score.home} : ${match.score.away}` : 'v'}</span>
            <span className="team away">{pick(language, match.awayZh, match.awayEn)}</span>
          </Link>
          <span className={`status-badge ${match.status}`}>{match.status === 'live' ? t('live', { minute: match.minute }) : t('kickOff', { time: kickOff(match.startsAt, language, nowMs) })}</span>
          {match.picks > 0 ? <span className="hint">{t('expertPicks', { count: match.picks })}</span> : null}
        </li>
      ))}
    </ul>
  );
}
