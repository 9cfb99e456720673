import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $language, $session, ApiError, GAME_SEARCH_MAX, t as sdkText } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { GAME_PAGE_SIZE, gamesApi, type GameItem, type GameListTab } from '../../modules/games-api.js';
import { launchHref, type LaunchTarget } from '../loading/launch-link.js';
import { GameCard } from './game-card.js';
import { venueTexts } from './texts.js';
import { useGameList } from './use-game-list.js';
import { PageButtons } from '../../modules/page-buttons.js';

export interface GameLobbyProps {
  venueCode: string;
  venueName: string;
  /** This page's path, to come back to from the launch page. */
  from: string;
  /** Where a launch runs: the launch pages, or (inline venue) this page itself. */
  hrefOf?: (target: LaunchTarget) => string;
  /** The inline venue plays in the layout only: no new-window link. */
  inline?: boolean;
}

const TABS: readonly GameListTab[] = ['hot', 'new', 'all', 'favourites'];

/** A venue's games: hot, new, all and (signed in) favourites, a search box, paging, and each game's Play and Try. */
export function GameLobby({ venueCode, venueName, from, hrefOf, inline = false }: GameLobbyProps) {
  const t = usePageTexts(venueTexts);
  const { client } = useLobby();
  const api = gamesApi(client);
  const signedIn = useStore($session) !== null;
  const [tab, setTab] = useState<GameListTab>('hot');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState('');
  const shownTab = !signedIn && tab === 'favourites' ? 'hot' : tab;
  const list = useGameList(api, { venueCode, tab: shownTab, search, page }, version, useStore($language));
  const pages = list.page ? Math.max(1, Math.ceil(list.page.total / (list.page.pageSize || GAME_PAGE_SIZE))) : 1;
  const hrefFor = hrefOf ?? ((target: LaunchTarget) => launchHref('loading', target, from));

  function choose(next: GameListTab) {
    setTab(next);
    setSearch('');
    setTyped('');
    setPage(1);
    setNotice('');
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  }

  async function toggleFavourite(game: GameItem) {
    try {
      await api.setFavourite(game, !game.favourite);
      setNotice('');
      setVersion((value) => value + 1);
    } catch (failure) {
      setNotice(failure instanceof ApiError ? failure.message : sdkText('requestFailed'));
    }
  }

  const empty = list.page && list.page.games.length === 0;
  return (
    <section className="game-lobby" aria-label={t('games', { venue: venueName })}>
      <div className="game-lobby-bar">
        <div className="game-tabs" role="group" aria-label={t('tabs')}>
          {TABS.filter((name) => signedIn || name !== 'favourites').map((name) => (
            <button key={name} type="button" className="tab-button" aria-pressed={search === '' && shownTab === name} onClick={() => choose(name)}>
              {t(name)}
            </button>
          ))}
        </div>
        <form className="game-search" role="search" onSubmit={submitSearch}>
          <label className="visually-hidden" htmlFor={`game-search-${venueCode}`}>
            {t('search')}
          </label>
          <input id={`game-search-${venueCode}`} type="search" maxLength={GAME_SEARCH_MAX} value={typed} placeholder={t('search')} onChange={(event) => setTyped(event.target.value)} />
          <button className="button secondary" type="submit">
            {t('searchButton')}
          </button>
        </form>
      </div>
      {notice ? (
        <p className="notice error" role="alert">
          {notice}
        </p>
      ) : null}
      {list.error ? <p className="notice error">{list.error}</p> : null}
      {!list.page && !list.error ? <p className="page-loading">{t('loading')}</p> : null}
      {empty ? <p className="notice">{shownTab === 'favourites' ? t('noFavourites') : t('noGames')}</p> : null}
      {list.page && !empty ? (
        <ul className="game-grid" aria-busy={list.loading}>
          {list.page.games.map((game) => {
            const target = { venueCode: game.venueCode, gameCode: game.gameCode };
            return (
              <GameCard
                key={`${game.venueCode}/${game.gameCode}`}
                game={game}
                signedIn={signedIn}
                playHref={hrefFor({ ...target, demo: false })}
                tryHref={hrefFor({ ...target, demo: true })}
                windowHref={inline ? undefined : launchHref('ptLoading', { ...target, demo: false }, from)}
                onFavourite={(chosen) => void toggleFavourite(chosen)}
                onSignInToPlay={(chosen) => setNotice(t(chosen.demo ? 'signInToPlayOrTry' : 'signInToPlay'))}
              />
            );
          })}
        </ul>
      ) : null}
      {pages > 1 ? (
        <PageButtons className="game-paging" label={t('paging')} page={page} pages={pages} pageOf={t('pageOf', { page, pages })} previous={t('previous')} next={t('next')} onPage={setPage} />
      ) : null}
    </section>
  );
}
