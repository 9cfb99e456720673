import type { TableState } from '@lobby/sdk';
import { call, requestId, StudioError } from '../api.js';
import { el, fill } from '../dom.js';
import { tellHost } from '../host.js';
import { stakeSteps, type Shell } from '../shell.js';
import { spotPicker } from './table-view.js';

interface PlacedBet {
  betId: string;
  roundNo: number;
  stakeMinor: number;
  status: 'open' | 'settled';
  payoutMinor: number;
}

interface Login {
  url: string;
  clientId: string;
  username: string;
  password: string;
  topic: string;
}

/** How a live table or a draw draws its state into its own area. */
export interface TableRenderer {
  /** The round's label, e.g. "Draw 29000000". */
  label(state: TableState): string;
  /** The deal of the round on show (null while betting), and the recent results. */
  render(state: TableState, area: HTMLElement): void;
}

/**
 * A shared table's page: the countdown to the next phase (from the server's clock), the
 * bet spots while betting is open, the state as the broker pushes it (mqtt.js, loaded only
 * here) and, whether or not the push arrives, a fresh state at every phase boundary; after
 * each result the member's bets and balance.
 */
export function runTable(shell: Shell, renderer: TableRenderer): () => void {
  const { t } = shell;
  const countdown = el('p', { class: 'countdown', 'data-testid': 'table-countdown', 'aria-live': 'off' });
  const phase = el('p', { class: 'phase', 'data-testid': 'table-phase', role: 'status' });
  const area = el('div', { class: 'table-area', 'data-testid': 'table-area' });
  const mine = el('p', { class: 'mine', 'data-testid': 'table-my-bets' });
  const seeds = el('p', { class: 'seed', 'data-testid': 'table-seeds' });
  const revealed = el('p', { class: 'seed', 'data-testid': 'table-revealed' });
  const transport = el('p', { class: 'transport', 'data-testid': 'table-transport' }, t('polling'));
  const bet = el('button', { type: 'button', class: 'primary', 'data-testid': 'place-bet' }, t('play'));
  let picker: ReturnType<typeof spotPicker> | undefined;
  const spotsHolder = el('div');
  fill(shell.stage, el('div', { class: 'table-head' }, phase, countdown), area, spotsHolder, el('div', { class: 'controls' }, bet), mine, seeds, revealed, transport);

  let state: TableState | undefined;
  let offsetMs = 0;
  let stopped = false;
  let boundary: ReturnType<typeof setTimeout> | undefined;
  let settledRound = -1;
  let client: { end(force?: boolean): void } | undefined;

  const now = () => Date.now() + offsetMs;
  const apply = (next: TableState) => {
    if (state && (next.roundNo < state.roundNo || (next.roundNo === state.roundNo && order(next.phase) < order(state.phase)))) return;
    const first = !state;
    if (state && next.roundNo !== state.roundNo) mine.textContent = '';
    state = next;
    offsetMs = next.nowMs - Date.now();
    if (first || !picker) {
      const stakes = stakeSteps(Math.max(shell.info.game.minStakeMinor, 100), shell.info.game.maxStakeMinor).slice(0, 10);
      picker = spotPicker(shell, next.spots, stakes);
      fill(spotsHolder, picker.element);
    }
    phase.textContent = renderer.label(next);
    seeds.textContent = t('tableSeed', { hash: next.serverSeedHash, client: next.clientSeed });
    revealed.textContent = next.revealedSeed ? t('tableRevealed', { seed: next.revealedSeed.serverSeed }) : '';
    const open = next.phase === 'betting' && !shell.info.demo;
    bet.disabled = !open;
    picker.disable(!open);
    renderer.render(next, area);
    tick();
    schedule();
    if (next.phase === 'result' && settledRound !== next.roundNo) {
      settledRound = next.roundNo;
      void showMyBets(next.roundNo);
    }
  };

  const refresh = () => call<TableState>(shell.params, 'GET', '/studio/api/table').then(apply, (error: unknown) => shell.fail(error));

  function schedule(): void {
    clearTimeout(boundary);
    if (!state || stopped) return;
    const next = [state.closesAtMs, state.resultAtMs, state.nextOpensAtMs].find((at) => at > now()) ?? state.nextOpensAtMs;
    // A little after the boundary, so the server's clock has passed it too.
    boundary = setTimeout(() => void refresh(), Math.max(next - now() + 300, 200));
  }

  function tick(): void {
    if (!state) return;
    const seconds = (at: number) => Math.max(0, Math.ceil((at - now()) / 1000));
    countdown.textContent =
      now() < state.closesAtMs ? t('countdownBetting', { seconds: seconds(state.closesAtMs) })
        : now() < state.resultAtMs ? t('countdownDealing')
          : t('countdownResult', { seconds: seconds(state.nextOpensAtMs) });
  }
  const ticker = setInterval(tick, 250);

  async function showMyBets(roundNo: number): Promise<void> {
    if (shell.info.demo) return;
    try {
      const { bets } = await call<{ bets: PlacedBet[] }>(shell.params, 'GET', '/studio/api/table/bets');
      const round = bets.filter((placed) => placed.roundNo === roundNo);
      if (round.length === 0) return void (mine.textContent = '');
      const stakeMinor = round.reduce((total, placed) => total + placed.stakeMinor, 0);
      const payoutMinor = round.reduce((total, placed) => total + placed.payoutMinor, 0);
      const outcome = payoutMinor > stakeMinor ? t('win', { amount: shell.money(payoutMinor) }) : payoutMinor > 0 ? t('push', { amount: shell.money(payoutMinor) }) : t('lose');
      mine.textContent = `${t('yourBets', { amount: shell.money(stakeMinor) })} — ${outcome}`;
      await shell.refreshBalance();
      tellHost({ type: 'lobby.game.round', roundId: `${state?.tableId}:${roundNo}`, stakeMinor, payoutMinor, balanceMinor: null });
    } catch (error) {
      shell.fail(error);
    }
  }

  bet.addEventListener('click', async () => {
    if (!picker || !state) return;
    const spots = picker.spots();
    if (Object.keys(spots).length === 0) return picker.focus();
    bet.disabled = true;
    try {
      const { bet: placed } = await call<{ bet: PlacedBet }>(shell.params, 'POST', '/studio/api/table/bets', { requestId: requestId(), bet: { spots } });
      mine.textContent = t('yourBets', { amount: shell.money(placed.stakeMinor) });
      picker.reset();
      await shell.refreshBalance();
    } catch (error) {
      shell.fail(error);
    } finally {
      bet.disabled = state?.phase !== 'betting';
    }
  });
  if (shell.info.demo) shell.announce(t('noFreePlay'));

  void refresh().then(() => connectPush());

  async function connectPush(): Promise<void> {
    try {
      const login = await call<Login>(shell.params, 'GET', '/studio/api/table/live');
      const { default: mqtt } = await import('mqtt');
      if (stopped) return;
      const connection = mqtt.connect(login.url, { clientId: login.clientId, username: login.username, password: login.password, reconnectPeriod: 3000, clean: true, timerVariant: 'native' });
      client = connection;
      connection.on('connect', () => {
        connection.subscribe(login.topic, { qos: 0 });
        transport.textContent = t('pushLive');
      });
      connection.on('close', () => (transport.textContent = t('polling')));
      connection.on('message', (_topic, payload) => {
        const event = JSON.parse(new TextDecoder().decode(payload)) as { type?: string; state?: TableState };
        if (event.type === 'table' && event.state) apply(event.state);
      });
    } catch (error) {
      // The page keeps working on its phase-boundary refreshes; the push is only faster.
      if (!(error instanceof StudioError)) transport.textContent = t('polling');
    }
  }

  return () => {
    stopped = true;
    clearInterval(ticker);
    clearTimeout(boundary);
    client?.end(true);
  };
}

function order(phase: TableState['phase']): number {
  return phase === 'betting' ? 0 : phase === 'dealing' ? 1 : 2;
}
