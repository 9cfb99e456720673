import { useStore } from '@nanostores/react';
import { $language, type LiveMatch } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { anchorTexts } from './texts.js';

/**
 * A match's teams, score and clock, announced politely when the pushed score changes.
 *
 * @example <MatchScore match={match} />
 */
export function MatchScore({ match, heading = 'h3' }: { match: LiveMatch; heading?: 'h2' | 'h3' }) {
  const t = usePageTexts(anchorTexts);
  const en = useStore($language) === 'en';
  const home = en ? match.homeEn : match.homeZh;
  const guest = en ? match.guestEn : match.guestZh;
  const clock = match.status === 'live' ? t('minute', { minute: match.minute }) : match.status === 'ended' ? t('ended') : t('notStarted');
  const Heading = heading;
  return (
    <div className="match-score" data-fixture={match.fixtureId} data-status={match.status}>
      <p className="match-league">{en ? match.leagueEn : match.leagueZh}</p>
      <Heading className="match-teams">
        <span className="match-team">{home}</span>
        <span className="match-goals" aria-live="polite" aria-label={t('scoreOf', { home, guest, homeScore: match.homeScore, guestScore: match.guestScore })} data-score>
          {match.isStart ? `${match.homeScore} : ${match.guestScore}` : 'vs'}
        </span>
        <span className="match-team">{guest}</span>
      </Heading>
      <p className="match-clock">{clock}</p>
    </div>
  );
}
