import { el, fill } from '../dom.js';
import type { Shell } from '../shell.js';
import { runTable } from './shared-table.js';
import { handsView } from './table-view.js';

/** Roadmap letters: banker, player, tie. */
const ROAD: Record<string, string> = { banker: 'B', player: 'P', tie: 'T' };

/**
 * The live baccarat table: every member in the room sees the same round at once (its
 * countdown, the cards when dealt, the result) and the roadmap of recent results.
 */
export function start(shell: Shell): () => void {
  const { t } = shell;
  return runTable(shell, {
    label: (state) => `#${state.roundNo}`,
    render(state, area) {
      const shown = state.results[0]?.roundNo === state.roundNo ? state.results[0] : undefined;
      const hands = el('div', { class: 'hands', 'data-testid': 'hands' }, ...(shown ? handsView(shell, shown.display) : []));
      const road = el('ol', { class: 'roadmap', 'data-testid': 'roadmap', 'aria-label': t('roadmap') },
        ...[...state.results].reverse().map((result) => {
          const winner = ((result.display as { events?: string[] }).events ?? [])[0] ?? '';
          return el('li', { class: `road ${winner}`, title: result.result }, ROAD[winner] ?? '?');
        }));
      fill(area, hands, el('p', { class: 'result', 'data-testid': 'table-result' }, shown?.result ?? ''), el('h2', {}, t('roadmap')), road);
    },
  });
}
