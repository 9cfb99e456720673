import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, $session, ApiError, SPORT_CODES, newIdempotencyKey, sportsFixtureDetail, sportsPush, sportsPushLogin, t as sdkText, type SportCode } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { safeStorage } from '../../modules/safe-storage.js';
import { createBoard, type BoardChange } from '../../modules/sportsbook/board.js';
import { createLive } from '../../modules/sportsbook/live.js';
import { createOddsFormat } from '../../modules/sportsbook/odds-format.js';
import { createSlipStore, type PlaceAnswer } from '../../modules/sportsbook/slip-store.js';
import { createSportsbookApi } from '../../modules/sportsbook/sportsbook-api.js';
import { BetSlip } from './bet-slip.js';
import { SportsbookContext, type Sportsbook as Book } from './context.js';
import { matchName } from './labels.js';
import { MatchList, nextDays } from './match-list.js';
import { MatchView } from './match-view.js';
import { MyBets } from './my-bets.js';
import { OddsFormatSelect } from './odds-format-select.js';
import { SportTabs, useSports } from './sport-tabs.js';
import { SessionClock } from '../responsible/sessions/session-clock.js';
import { sportsbookTexts } from './texts.js';
import { useLiveOf as useLive } from './use-live.js';
import { VenueBalance } from './venue-balance.js';

const local = safeStorage(() => localStorage);
const POLICY_KEY = 'lobby.sports.oddsChangePolicy';
/** The slip kept across a reload, per venue (docs/SPORTSBOOK-SITE.md, "The bet slip"). */
const slipKey = (venueCode: string) => `lobby.sports.slip.${venueCode}`;

/** The page's query: `?sport=`, `?day=`, `?match=` (the match view) and `?view=bets` (my bets), beside `?venue=`. */
function useHrefOf(): (change: Record<string, string | null>) => string {
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  return useCallback(
    (change) => {
      const next = new URLSearchParams(query);
      for (const [key, value] of Object.entries(change)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      const text = next.toString();
      return text ? `${pathname}?${text}` : pathname;
    },
    [pathname, query],
  );
}

/** One sports or e-sports venue's sportsbook: sports, matches, the match view, the slip, my bets. */
export function SportsbookVenue({ venueCode, venueName, kind }: { venueCode: string; venueName: string; kind: 'sports' | 'esports' }) {
  const t = usePageTexts(sportsbookTexts);
  const { client } = useLobby();
  const signedIn = useStore($session) !== null;
  const language = useStore($language);
  const [change, setChange] = useState<BoardChange | null>(null);
  const book = useMemo<Book>(() => {
    const api = createSportsbookApi(client, venueCode);
    const board = createBoard();
    const slip = createSlipStore({
      place: api.place,
      findPlaced: api.findPlaced,
      newSlipId: newIdempotencyKey,
      keep: { get: () => local.get(POLICY_KEY), set: (value) => local.set(POLICY_KEY, value) },
      keepSlip: {
        get: () => local.get(slipKey(venueCode)),
        set: (value) => (value === null ? local.remove(slipKey(venueCode)) : local.set(slipKey(venueCode), value)),
      },
      messageOf: (failure) => (failure instanceof ApiError ? failure.message : sdkText('requestFailed')),
    });
    const live = createLive({
      makePush: (onUpdate) => sportsPush({
        login: (request) => client.call(sportsPushLogin, request), loadMqtt: () => import('mqtt'), onUpdate,
        resync: (fixtureId) => client.call(sportsFixtureDetail, { fixtureId }),
      }),
      board,
      slip,
      onChange: setChange,
    });
    return { venueCode, venueName, kind, signedIn, api, board, slip, live, odds: createOddsFormat({ keep: local }) };
  }, [client, venueCode, venueName, kind, signedIn]);
  useEffect(() => {
    book.live.setBoard(kind);
    return () => book.live.close();
  }, [book, kind]);
  useKeptSlipPrices(book);
  const slipState = useSyncExternalStore(book.slip.subscribe, book.slip.get, book.slip.get);
  // The slip's matches stay pushed whatever the page shows, so its prices move.
  useLive(book.live, slipState.entries.map((entry) => entry.fixtureId));
  const changed = change ? book.board.get(change.fixtureId)?.fixture : undefined;
  const announcement = changed ? t('liveUpdate', { match: matchName(t, language, changed), what: changed.status === 'live' ? t('score', { home: changed.score.home, away: changed.score.away }) : t(changed.status === 'scheduled' ? 'upcoming' : changed.status) }) : '';
  const [balanceMinor, setBalanceMinor] = useState<number | null>(null);
  const [betsVersion, setBetsVersion] = useState(0);
  useEffect(() => {
    if (!signedIn) return;
    book.odds.load(book.api.oddsFormat).catch(() => undefined);
    book.api.venueBalanceMinor().then(setBalanceMinor, () => setBalanceMinor(null));
  }, [book, signedIn]);
  const onPlaced = useCallback((answer: PlaceAnswer) => {
    if (answer.balanceMinor !== undefined) setBalanceMinor(answer.balanceMinor);
    setBetsVersion((value) => value + 1);
  }, []);

  const [query] = useSearchParams();
  const hrefOf = useHrefOf();
  const sports = useSports(book.api, kind);
  const wanted = query.get('sport');
  const sport = (SPORT_CODES as readonly string[]).includes(wanted ?? '') ? (wanted as SportCode) : sports?.[0]?.sport;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(query.get('day') ?? '') ? query.get('day')! : nextDays(1)[0]!;
  const match = query.get('match');
  const view = query.get('view') === 'bets' ? 'bets' : 'matches';

  return (
    <SportsbookContext.Provider value={book}>
      <div className="sportsbook" data-venue={venueCode}>
        <div className="sportsbook-main">
          <div className="sportsbook-bar">
            {sports ? <SportTabs sports={sports} sport={sport} hrefOf={(change) => hrefOf({ ...change, view: null })} /> : null}
            <nav className="sportsbook-views" aria-label={t('sportsbook', { venue: venueName })}>
              <Link to={hrefOf({ view: null })} aria-current={view === 'matches' ? 'page' : undefined}>
                {t('matches')}
              </Link>
              {signedIn ? (
                <Link to={hrefOf({ view: 'bets', match: null })} aria-current={view === 'bets' ? 'page' : undefined}>
                  {t('myBets')}
                </Link>
              ) : null}
            </nav>
            <OddsFormatSelect />
            <SessionClock />
          </div>
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
          {view === 'bets' ? (
            <MyBets reloadKey={betsVersion} onBalance={setBalanceMinor} />
          ) : match ? (
            <MatchView fixtureId={match} backHref={hrefOf({ match: null })} />
          ) : sports ? (
            <MatchList sport={sport} day={day} hrefOf={hrefOf} />
          ) : (
            <p className="page-loading">{t('loading')}</p>
          )}
        </div>
        <div className="sportsbook-side">
          {signedIn ? <VenueBalance balanceMinor={balanceMinor} onBalance={setBalanceMinor} /> : null}
          <BetSlip onPlaced={onPlaced} />
        </div>
      </div>
    </SportsbookContext.Provider>
  );
}

/**
 * A slip kept across a reload holds the prices of before: each of its matches is read once
 * more, so the slip shows what moved meanwhile (the push brings only what changes from now).
 */
function useKeptSlipPrices(book: Book): void {
  useEffect(() => {
    let gone = false;
    const fixtureIds = [...new Set(book.slip.get().entries.map((entry) => entry.fixtureId))];
    for (const fixtureId of fixtureIds) {
      book.api.detail(fixtureId).then(
        (detail) => {
          if (!gone) book.slip.applyDetail(detail.fixture, detail.markets);
        },
        () => undefined,
      );
    }
    return () => {
      gone = true;
    };
  }, [book]);
}
