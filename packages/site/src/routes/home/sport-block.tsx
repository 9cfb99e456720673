import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, liveMatchOf, type LiveMatch } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { LivePlayer } from '../../modules/live-player/index.js';
import { RankList } from '../anchor-game/gift-rank.js';
import { MatchScore } from '../anchor-game/match-score.js';
import { anchorTexts } from '../anchor-game/texts.js';
import { useMatchPush } from '../anchor-game/use-match-push.js';
import { createSportStore } from './sport-store.js';

function MatchRow({ match }: { match: LiveMatch }) {
  const en = useStore($language) === 'en';
  return (
    <li className="home-match" data-fixture={match.fixtureId} data-status={match.status}>
      <span className="home-match-team">{en ? match.homeEn : match.homeZh}</span>
      <span className="home-match-score" data-score>{match.isStart ? `${match.homeScore} : ${match.guestScore}` : 'vs'}</span>
      <span className="home-match-team">{en ? match.guestEn : match.guestZh}</span>
    </li>
  );
}

/**
 * Home's sport block (spec section 3 "Home sport"; docs/ANCHOR-ROOM.md): the current match
 * with its score and anchor status, its anchor's stream when the anchor is live, the match
 * list and the coin rank; scores pushed live. Loaded lazily by HomeSportSlot.
 */
export function SportBlock() {
  const t = usePageTexts(anchorTexts);
  const { client } = useLobby();
  const store = useMemo(() => createSportStore(client), [client]);
  useEffect(() => void store.load(), [store]);
  const { sport, error } = useStore(store.$sport);
  useMatchPush({ board: sport ? 'sports' : undefined }, (fixture) => store.pushed(liveMatchOf(fixture)));
  const current = sport?.currentMatch;
  const video = sport?.matchVideoDetail;
  return (
    <section className="home-sport" aria-labelledby="home-sport-title" data-playing-type={sport?.playingType ?? ''}>
      <link rel="stylesheet" href="/assets/live.css" precedence="default" />
      <h2 id="home-sport-title">{t('homeSport')}</h2>
      {error && <p role="alert">{t('loadFailed', { reason: error })}</p>}
      {sport && (
        <div className="home-sport-grid">
          <div className="home-sport-current">
            <h3 className="visually-hidden">{t('currentMatch')}</h3>
            {current ? <MatchScore match={current} /> : <p>{t('noMatches')}</p>}
            {current && <p className={current.anchorStatus === 1 ? 'room-badge is-live' : 'room-badge'} data-anchor-status={current.anchorStatus}>{current.anchorStatus === 1 ? t('anchorLive') : t('anchorOff')}</p>}
            {video ? (
              <>
                <LivePlayer title={video.anchorName} roomId={video.roomId} />
                <Link className="home-sport-room" to={`/app/anchor-game?room=${encodeURIComponent(video.roomId)}`}>{t('watchLive', { anchor: video.anchorName })}</Link>
              </>
            ) : (
              sport.maintenance.video && <p className="home-sport-maintenance" data-maintenance="video">{t('videoMaintenance')}</p>
            )}
          </div>
          <div className="home-sport-list">
            <h3>{t('matchList')}</h3>
            {sport.maintenance.matchList ? (
              <p className="home-sport-maintenance" data-maintenance="match-list">{t('matchListMaintenance')}</p>
            ) : sport.matchList.length === 0 ? (
              <p>{t('noMatches')}</p>
            ) : (
              <ul>{sport.matchList.map((match) => <MatchRow key={match.fixtureId} match={match} />)}</ul>
            )}
          </div>
          <RankList id="home-coin-rank" title={t('coinRank')} entries={sport.coinRankList} />
        </div>
      )}
    </section>
  );
}
