import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $wallet, formatWireMoney, $language } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { walletActions } from '../../modules/wallet-refresh.js';
import { launchTexts } from './texts.js';
import { GameRealityCheck } from '../responsible/sessions/game-reality-check.js';

/** How often the bar reloads the wallet while a game is open (our choice; the page's own poll is 60 s, spec section 9). */
const FRAME_BALANCE_POLL_MS = 10_000;

/** The events a game page posts to its host (docs/STUDIO.md). */
const GAME_EVENTS = new Set(['lobby.game.ready', 'lobby.game.balance', 'lobby.game.round', 'lobby.game.error', 'lobby.game.close', 'lobby.game.realityCheckShown', 'lobby.game.realityCheck']);

/**
 * A game's data from a message event, only when it comes from this site's origin and from
 * this very frame (any other window's message is ignored).
 *
 * @example gameEventOf(event, frame.contentWindow)?.type // 'lobby.game.round'
 */
export function gameEventOf(event: Pick<MessageEvent, 'origin' | 'source' | 'data'>, frame: Window | null, origin: string): { type: string; code?: string; choice?: string } | null {
  if (event.origin !== origin || frame === null || event.source !== frame) return null;
  const data = event.data as { type?: unknown; code?: unknown; choice?: unknown } | null;
  if (typeof data !== 'object' || data === null || typeof data.type !== 'string' || !GAME_EVENTS.has(data.type)) return null;
  return { type: data.type, ...(typeof data.code === 'string' ? { code: data.code } : {}), ...(typeof data.choice === 'string' ? { choice: data.choice } : {}) };
}

export interface GameFrameProps {
  url: string;
  gameName: string;
  venueCode: string;
  /** Demo play: no wallet to show or refresh. */
  demo: boolean;
  inline: boolean;
  onClose: () => void;
  onExpired: () => void;
}

/**
 * The game in an iframe with a bar above it: the close button and (members) the centre
 * and venue balances, refreshed whenever the game reports a balance or a round.
 */
export function GameFrame({ url, gameName, venueCode, demo, inline, onClose, onExpired }: GameFrameProps) {
  const t = usePageTexts(launchTexts);
  const language = useStore($language);
  const { client } = useLobby();
  const wallet = useStore($wallet);
  const frame = useRef<HTMLIFrameElement>(null);
  const handlers = useRef({ onClose, onExpired });
  handlers.current = { onClose, onExpired };

  useEffect(() => {
    const actions = walletActions(client);
    let loading = false;
    let again = false;
    const refresh = () => {
      if (demo) return;
      if (loading) {
        again = true;
        return;
      }
      loading = true;
      void actions
        .loadWallet()
        .catch(() => undefined)
        .finally(() => {
          loading = false;
          if (again) {
            again = false;
            refresh();
          }
        });
    };
    const onMessage = (event: MessageEvent) => {
      const game = gameEventOf(event, frame.current?.contentWindow ?? null, window.location.origin);
      if (game === null) return;
      if (game.type === 'lobby.game.balance' || game.type === 'lobby.game.round') refresh();
      if (game.type === 'lobby.game.close') handlers.current.onClose();
      if (game.type === 'lobby.game.error' && /expired/i.test(game.code ?? '')) handlers.current.onExpired();
    };
    window.addEventListener('message', onMessage);
    refresh();
    // A transfer venue's bets reach lobby's books when the bet sync pulls them, a few
    // seconds after the round: the bar reloads on a timer too while the game is open.
    const timer = setInterval(refresh, FRAME_BALANCE_POLL_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
    };
  }, [client, demo]);

  const venueMoney = wallet?.venueList.find((item) => item.channelCode === venueCode)?.money;
  return (
    <div className={inline ? 'game-frame inline' : 'game-frame'}>
      <div className="game-frame-bar">
        <p className="game-frame-title">
          {gameName}
          {demo ? <span className="badge"> {t('demo')}</span> : null}
        </p>
        {!demo ? <GameRealityCheck frame={frame} /> : null}
        {!demo && wallet ? (
          <p className="game-frame-balances">
            <span>
              {t('centre')} <strong data-wallet="centerWalletBalance">{formatWireMoney(wallet.centerWalletBalance, 2, language)}</strong>
            </span>
            {venueMoney !== undefined ? (
              <span>
                {t('venue')} <strong data-venue-money={venueCode}>{formatWireMoney(venueMoney, 2, language)}</strong>
              </span>
            ) : null}
          </p>
        ) : null}
        <button className="button secondary" type="button" onClick={() => (frame.current?.contentWindow?.postMessage({ type: 'lobby.host.close' }, window.location.origin), onClose())}>
          {t('close')}
        </button>
      </div>
      <iframe ref={frame} className="game-frame-view" src={url} title={t('gameFrame', { game: gameName })} allow="fullscreen" />
    </div>
  );
}
