import { formatMoney } from '@lobby/sdk';
import { call, StudioError, type PageParams, type RoundView, type SeedsView, type SessionInfo } from './api.js';
import { el, fill } from './dom.js';
import { listenToHost, tellHost, type RealityCheckChoice, type RealityCheckMessage } from './host.js';
import type { T } from './texts.js';

/** What every game gets: its session, texts, the balance line and the seeds panel. */
export interface Shell {
  params: PageParams;
  info: SessionInfo;
  t: T;
  /** The game's own area. */
  stage: HTMLElement;
  money(minor: number): string;
  setBalance(minor: number | null): void;
  refreshBalance(): Promise<void>;
  setSeeds(seeds: SeedsView): void;
  /** Shows a round's line (win, loss, error) where a screen reader reads it. */
  announce(text: string): void;
  /** Shows a refusal and tells the host. */
  fail(error: unknown): void;
}

/**
 * Draws the page's frame: the game's name and RTP, the balance, a close button, the game's
 * stage, a status line, and the provably fair panel (seed hash, client seed, change and
 * rotate) unless the game is a shared table (which shows its table's seeds itself).
 */
export function drawShell(root: HTMLElement, params: PageParams, info: SessionInfo, t: T, sharedTable: boolean): Shell {
  const name = params.language === 'en' ? info.game.nameEn : info.game.nameZh;
  const balance = el('output', { class: 'balance-value', 'data-testid': 'game-balance', 'aria-live': 'polite' });
  const status = el('p', { class: 'status', role: 'status', 'data-testid': 'game-status' });
  const stage = el('section', { class: 'stage', 'aria-label': name });
  const close = el('button', { type: 'button', class: 'ghost', 'data-testid': 'game-close' }, t('close'));
  close.addEventListener('click', () => tellHost({ type: 'lobby.game.close' }));
  const rtp = t('rtp', { rtp: (info.game.rtpBasisPoints / 100).toFixed(2) });
  const header = el('header', { class: 'bar' },
    el('h1', {}, name),
    el('span', { class: 'rtp' }, rtp),
    el('span', { class: 'balance' }, el('span', {}, `${t(info.demo ? 'demoBalance' : 'balance')} `), balance),
    close,
  );
  const seeds = sharedTable ? null : seedsPanel(params, t, (view) => shell.setSeeds(view), (error) => shell.fail(error));
  fill(root, header, stage, status, ...(seeds ? [seeds.panel] : []));

  const money = (minor: number) => formatMoney(minor, 2, params.language);
  const shell: Shell = {
    params, info, t, stage, money,
    setBalance(minor) {
      if (minor === null) return;
      balance.value = money(minor);
      balance.textContent = money(minor);
      tellHost({ type: 'lobby.game.balance', balanceMinor: minor });
    },
    async refreshBalance() {
      const fresh = await call<SessionInfo>(params, 'GET', '/studio/api/session');
      shell.setBalance(fresh.balanceMinor);
      if (!sharedTable) shell.setSeeds(fresh.seeds);
    },
    setSeeds(view) {
      seeds?.show(view);
    },
    announce(text) {
      status.textContent = text;
      status.classList.remove('error');
    },
    fail(error) {
      const studio = error instanceof StudioError ? error : new StudioError(-1, String(error));
      status.textContent = t('failed', { message: studio.message });
      status.classList.add('error');
      tellHost({ type: 'lobby.game.error', code: /expired|unknown; launch/i.test(studio.message) ? 'sessionExpired' : String(studio.code), message: studio.message });
    },
  };
  shell.setBalance(info.balanceMinor);
  shell.setSeeds(info.seeds);
  listenToHost((message) => {
    if (message.type === 'lobby.host.realityCheck') {
      showRealityCheck(root, message);
      // The host waits for this; without it in time it shows the check over the game itself.
      tellHost({ type: 'lobby.game.realityCheckShown' });
    }
  });
  return shell;
}

/**
 * A reality check delivered by the host (issue 22): a modal dialog over the game with the
 * host's text (elapsed session time, net result) and continue, stop and view history; the
 * member's choice goes back to the host, which records it (stop logs out and closes the
 * game). A newer prompt replaces one still open. Its texts are shown as text.
 */
export function showRealityCheck(root: HTMLElement, message: RealityCheckMessage): HTMLDialogElement {
  root.querySelector('dialog.reality-check')?.remove();
  const choices: RealityCheckChoice[] = ['continue', 'stop', 'history'];
  const buttons = choices.map((choice) => {
    const button = el('button', { type: 'button', class: choice === 'continue' ? '' : 'ghost', 'data-testid': `game-reality-${choice}` }, message.labels[choice]);
    button.addEventListener('click', () => {
      dialog.close();
      dialog.remove();
      tellHost({ type: 'lobby.game.realityCheck', choice });
    });
    return button;
  });
  const dialog = el('dialog', { class: 'reality-check', 'aria-labelledby': 'reality-check-title', 'aria-describedby': 'reality-check-text', 'data-testid': 'game-reality-check' },
    el('h2', { id: 'reality-check-title' }, message.title),
    el('p', { id: 'reality-check-text', 'data-testid': 'game-reality-text' }, message.message),
    el('p', { class: 'actions' }, ...buttons),
  );
  // Escape answers nothing: the prompt stays until the member chooses.
  dialog.addEventListener('cancel', (event) => event.preventDefault());
  root.append(dialog);
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
  return dialog;
}

/** The provably fair panel of a player's own seed pair. */
function seedsPanel(params: PageParams, t: T, onSeeds: (seeds: SeedsView) => void, onError: (error: unknown) => void) {
  const hash = el('code', { 'data-testid': 'server-seed-hash', class: 'seed' });
  const nonce = el('span', { 'data-testid': 'seed-nonce' });
  const input = el('input', { id: 'client-seed', name: 'clientSeed', maxlength: 64, pattern: '[A-Za-z0-9_\\-]{1,64}', required: true, autocomplete: 'off', 'data-testid': 'client-seed' });
  const revealed = el('p', { class: 'revealed', 'data-testid': 'revealed-seed', 'aria-live': 'polite' });
  const form = el('form', { class: 'seed-form' },
    el('label', { for: 'client-seed' }, t('clientSeed')),
    input,
    el('button', { type: 'submit', 'data-testid': 'change-client-seed' }, t('changeClientSeed')),
  );
  const rotate = el('button', { type: 'button', 'data-testid': 'rotate-seeds' }, t('rotate'));
  const rotated = (answer: { revealed: { serverSeed: string; clientSeed: string; roundsPlayed: number }; seeds: SeedsView }) => {
    revealed.textContent = t('revealed', { seed: answer.revealed.serverSeed, client: answer.revealed.clientSeed, rounds: answer.revealed.roundsPlayed });
    onSeeds(answer.seeds);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    call<Parameters<typeof rotated>[0]>(params, 'POST', '/studio/api/seeds/client', { clientSeed: input.value.trim() }).then(rotated, onError);
  });
  rotate.addEventListener('click', () => call<Parameters<typeof rotated>[0]>(params, 'POST', '/studio/api/seeds/rotate', {}).then(rotated, onError));
  const panel = el('details', { class: 'seeds', 'data-testid': 'seeds-panel' },
    el('summary', {}, t('seeds')),
    el('dl', {}, el('dt', {}, t('serverSeedHash')), el('dd', {}, hash), el('dt', {}, t('nonce')), el('dd', {}, nonce)),
    form,
    rotate,
    revealed,
  );
  return {
    panel,
    show(seeds: SeedsView) {
      hash.textContent = seeds.serverSeedHash;
      nonce.textContent = String(seeds.nonce);
      if (document.activeElement !== input) input.value = seeds.clientSeed;
    },
  };
}

/**
 * A stake selector: a labelled select of stakes from the game's minimum to its maximum
 * (1, 2, 5 steps), as whole fen.
 */
export function stakeSelect(shell: Shell, id: string, minMinor: number, maxMinor: number, label = shell.t('stake')): { field: HTMLElement; value(): number } {
  const stakes = stakeSteps(minMinor, maxMinor).slice(0, 12);
  const select = el('select', { id, 'data-testid': 'stake' }, ...stakes.map((stake) => el('option', { value: stake }, shell.money(stake))));
  return { field: el('span', { class: 'field' }, el('label', { for: id }, label), select), value: () => Number(select.value) };
}

/** Amounts from `minMinor` up to `maxMinor` in 1, 2, 5 steps. @example stakeSteps(100, 1000) // [100, 200, 500, 1000] */
export function stakeSteps(minMinor: number, maxMinor: number): number[] {
  const steps: number[] = [];
  for (let unit = minMinor; unit <= maxMinor; unit *= 10) for (const factor of [1, 2, 5]) if (unit * factor <= maxMinor) steps.push(unit * factor);
  return steps;
}

/**
 * After the player's own round (not a shared table's): shows the new balance (fetched when
 * the answer has none), moves the seeds on to the next nonce and tells the host the round.
 */
export async function settleRound(shell: Shell, { round, balanceMinor }: { round: RoundView; balanceMinor: number | null }): Promise<void> {
  if (balanceMinor === null) await shell.refreshBalance();
  else shell.setBalance(balanceMinor);
  shell.setSeeds({ serverSeedHash: round.serverSeedHash, clientSeed: round.clientSeed, nonce: round.nonce + 1 });
  tellHost({ type: 'lobby.game.round', roundId: round.roundId, stakeMinor: round.stakeMinor, payoutMinor: round.payoutMinor, balanceMinor });
}
