import { el, fill } from '../dom.js';
import type { Shell } from '../shell.js';
import { runTable } from './shared-table.js';

const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** Three dice as faces with their numbers (read out as numbers). */
function diceView(dice: number[]): HTMLElement {
  return el('span', { class: 'dice', role: 'img', 'aria-label': dice.join(' ') }, ...dice.map((die) => el('span', { class: 'die', 'aria-hidden': 'true' }, FACES[die - 1] ?? String(die))));
}

/**
 * The minute 3-dice draw: the next draw's countdown, bets (big, small, odd, even, sums,
 * triples) until 10 s before it, the draw's dice and the last results.
 */
export function start(shell: Shell): () => void {
  const { t } = shell;
  return runTable(shell, {
    label: (state) => t('drawNo', { no: state.roundNo }),
    render(state, area) {
      const shown = state.results[0]?.roundNo === state.roundNo ? state.results[0] : undefined;
      const dice = (shown?.display as { dice?: number[] } | undefined)?.dice;
      const last = el('ol', { class: 'draws', 'data-testid': 'draw-results', 'aria-label': t('lastResults') },
        ...state.results.slice(0, 10).map((result) => {
          const rolled = (result.display as { dice?: number[]; sum?: number }).dice ?? [];
          return el('li', {}, `${t('drawNo', { no: result.roundNo })}: `, diceView(rolled), ` ${result.result}`);
        }));
      fill(area, el('div', { class: 'draw-now', 'data-testid': 'draw-dice' }, ...(dice ? [diceView(dice)] : [])),
        el('p', { class: 'result', 'data-testid': 'table-result' }, shown?.result ?? ''), el('h2', {}, t('lastResults')), last);
    },
  });
}
