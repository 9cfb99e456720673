import type { SlotDisplay, SlotRules } from '@lobby/sdk';
import { playRound } from '../api.js';
import { el, fill } from '../dom.js';
import { stakeSteps, settleRound, type Shell } from '../shell.js';

/**
 * Reel slots: the window of symbols, the pay lines and paytable always visible, a line-bet
 * selector (the stake is line bet x lines), Spin, and the winning lines highlighted.
 */
export function start(shell: Shell): void {
  const { t, info } = shell;
  const rules = info.game.rules as SlotRules;
  const en = shell.params.language === 'en';
  const symbolName = new Map(rules.symbols.map((symbol) => [symbol.code, en ? symbol.nameEn : symbol.nameZh]));
  const lines = rules.lines.length;

  const cells: HTMLTableCellElement[][] = [];
  const body = el('tbody');
  for (let row = 0; row < rules.rows; row++) {
    const tr = el('tr');
    for (let reel = 0; reel < rules.strips.length; reel++) {
      const cell = el('td', { class: 'symbol', 'data-testid': `cell-${reel}-${row}` }, symbolName.get(rules.strips[reel]![row]!) ?? '');
      (cells[reel] ??= [])[row] = cell;
      tr.append(cell);
    }
    body.append(tr);
  }
  const reels = el('table', { class: 'reels', 'data-testid': 'reels' }, el('caption', {}, t('lines', { count: lines })), body);

  const choices = stakeSteps(1, Math.floor(info.game.maxStakeMinor / lines)).filter((lineBet) => lineBet * lines >= info.game.minStakeMinor).slice(0, 10);
  const select = el('select', { id: 'line-bet', 'data-testid': 'stake' }, ...choices.map((lineBet) => el('option', { value: lineBet }, shell.money(lineBet * lines))));
  const spin = el('button', { type: 'button', class: 'primary', 'data-testid': 'spin' }, t('spin'));
  const controls = el('div', { class: 'controls' }, el('label', { for: 'line-bet' }, t('stake')), select, spin);

  spin.addEventListener('click', async () => {
    spin.disabled = true;
    try {
      const { round, balanceMinor } = await playRound(shell.params, { lineBetMinor: Number(select.value) });
      show(round.outcome?.display as SlotDisplay | undefined);
      shell.announce(round.payoutMinor > 0 ? t('win', { amount: shell.money(round.payoutMinor) }) : t('lose'));
      await settleRound(shell, { round, balanceMinor });
    } catch (error) {
      shell.fail(error);
    } finally {
      spin.disabled = false;
    }
  });

  function show(display: SlotDisplay | undefined): void {
    if (!display) return;
    for (const column of cells) for (const cell of column) cell.classList.remove('win');
    display.grid.forEach((column, reel) => column.forEach((code, row) => (cells[reel]![row]!.textContent = symbolName.get(code) ?? code)));
    for (const won of display.lines) {
      // The engine numbers pay lines from 1.
      const rows = rules.lines[won.line - 1]!;
      for (let reel = 0; reel < won.count; reel++) cells[reel]![rows[reel]!]!.classList.add('win');
    }
  }

  fill(shell.stage, reels, controls, paytable(shell, rules, symbolName));
}

function paytable(shell: Shell, rules: SlotRules, symbolName: Map<string, string>): HTMLElement {
  const counts = Math.max(...rules.symbols.map((symbol) => symbol.pays.length), rules.scatterPays?.length ?? 0);
  const head = el('tr', {}, el('th', { scope: 'col' }, shell.t('paytable')), ...Array.from({ length: counts }, (_, k) => el('th', { scope: 'col' }, `×${k + 1}`)));
  const rows = rules.symbols.map((symbol) => {
    const pays = symbol.scatter ? (rules.scatterPays ?? []) : symbol.pays;
    return el('tr', {}, el('th', { scope: 'row' }, symbolName.get(symbol.code) ?? symbol.code), ...Array.from({ length: counts }, (_, k) => el('td', {}, pays[k] ? String(pays[k]) : '–')));
  });
  return el('table', { class: 'paytable', 'data-testid': 'paytable' }, el('thead', {}, head), el('tbody', {}, ...rows));
}

