import { call, pageParams, StudioError, type SessionInfo } from './api.js';
import { el, fill } from './dom.js';
import { listenToHost, tellHost } from './host.js';
import { drawShell, type Shell } from './shell.js';
import { textsFor } from './texts.js';

/** A game's bundle: draws the game into the shell's stage; answers how to stop it. */
export type StartGame = (shell: Shell) => (() => void) | void;

/** The engine bundle of a game: each is its own file, loaded only by its games. */
function loadGame(info: SessionInfo): Promise<{ start: StartGame }> {
  const { engine, category } = info.game;
  if (engine === 'slots') return import('./games/slots.js');
  if (engine === 'fishing') return import('./games/fishing.js');
  if (engine === 'baccarat' && category === 3) return import('./games/live-table.js');
  if (engine === 'dice') return import('./games/draw.js');
  return import('./games/cards.js');
}

/**
 * The game page: reads `?session=&lang=`, asks the studio for the session, draws the
 * shell and the game's bundle, then tells the host it is ready.
 */
async function main(): Promise<void> {
  const root = document.getElementById('game')!;
  const params = pageParams(window.location);
  const t = textsFor(params.language);
  document.documentElement.lang = params.language;
  root.querySelector('[data-testid="game-loading"]')!.textContent = t('loading');
  try {
    const info = await call<SessionInfo>(params, 'GET', '/studio/api/session');
    document.title = params.language === 'en' ? info.game.nameEn : info.game.nameZh;
    const shared = info.game.category === 3 || info.game.category === 4;
    const shell = drawShell(root, params, info, t, shared);
    const { start } = await loadGame(info);
    const stop = start(shell);
    root.removeAttribute('aria-busy');
    listenToHost((message) => {
      if (message.type === 'lobby.host.refresh') shell.refreshBalance().catch((error: unknown) => shell.fail(error));
      if (message.type === 'lobby.host.close') stop?.();
    });
    tellHost({ type: 'lobby.game.ready', gameCode: info.gameCode });
  } catch (error) {
    const studio = error instanceof StudioError ? error : new StudioError(-1, String(error));
    const expired = /session/i.test(studio.message);
    fill(root, el('p', { class: 'notice error', role: 'alert', 'data-testid': 'game-error' }, expired ? t('sessionExpired') : t('failed', { message: studio.message })));
    root.removeAttribute('aria-busy');
    tellHost({ type: 'lobby.game.error', code: expired ? 'sessionExpired' : String(studio.code), message: studio.message });
  }
}

void main();
