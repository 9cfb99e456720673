import { useStore } from '@nanostores/react';
import { Link } from 'react-router-dom';
import { $language } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { formatRtp, type GameItem } from '../../modules/games-api.js';
import { venueTexts } from './texts.js';

export interface GameCardProps {
  game: GameItem;
  signedIn: boolean;
  /** Where Play and Try go (the launch page, or this page for the inline venue). */
  playHref: string;
  tryHref: string;
  /** The same launch in a window of its own (/ptLoading); none on the inline venue. */
  windowHref?: string;
  onFavourite: (game: GameItem) => void;
  onSignInToPlay: (game: GameItem) => void;
}

/** One game of a venue lobby: image, name, studio, RTP, volatility, demo and maintenance badges, Play, Try and favourite. */
export function GameCard({ game, signedIn, playHref, tryHref, windowHref, onFavourite, onSignInToPlay }: GameCardProps) {
  const t = usePageTexts(venueTexts);
  const language = useStore($language);
  const name = language === 'en' ? game.nameEn : game.nameZh;
  const closed = game.maintenance;
  return (
    <li className={closed ? 'game-card in-maintenance' : 'game-card'} data-game={game.gameCode}>
      <img className="game-image" src={game.imageUrl} alt="" width="160" height="120" loading="lazy" decoding="async" />
      <h2 className="game-name">{name}</h2>
      <dl className="game-facts">
        <div>
          <dt>{t('studio')}</dt>
          <dd>{game.studio}</dd>
        </div>
        <div>
          <dt>{t('rtp')}</dt>
          <dd data-rtp>{formatRtp(game.rtpBasisPoints)}</dd>
        </div>
        <div>
          <dt>{t('volatility')}</dt>
          <dd>{t(game.volatility)}</dd>
        </div>
      </dl>
      <p className="game-badges">
        {game.demo ? <span className="badge">{t('demo')}</span> : null}
        {closed ? <span className="badge danger">{t('gameMaintenance')}</span> : null}
      </p>
      {closed ? null : (
        <p className="game-actions">
          {signedIn ? (
            <Link className="button" to={playHref} aria-label={t('playOf', { game: name })}>
              {t('play')}
            </Link>
          ) : (
            <button className="button" type="button" aria-label={t('playOf', { game: name })} onClick={() => onSignInToPlay(game)}>
              {t('play')}
            </button>
          )}
          {game.demo ? (
            <Link className="button secondary" to={tryHref} aria-label={t('tryOf', { game: name })}>
              {t('try')}
            </Link>
          ) : null}
          {signedIn && windowHref ? (
            <a className="link-button" href={windowHref} target="_blank" rel="noopener" aria-label={t('newWindowOf', { game: name })}>
              {t('newWindow')}
            </a>
          ) : null}
        </p>
      )}
      {signedIn ? (
        <button
          className="link-button game-favourite"
          type="button"
          aria-pressed={game.favourite}
          aria-label={t(game.favourite ? 'uncollectOf' : 'collectOf', { game: name })}
          onClick={() => onFavourite(game)}
        >
          {game.favourite ? t('uncollect') : t('collect')}
        </button>
      ) : null}
    </li>
  );
}
