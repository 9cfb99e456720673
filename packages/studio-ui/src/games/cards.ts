import type { CardRules } from '@lobby/sdk';
import { playRound } from '../api.js';
import { el, fill } from '../dom.js';
import { stakeSteps, settleRound, type Shell } from '../shell.js';
import { handsView, spotPicker } from './table-view.js';

/**
 * Dragon-tiger and baccarat against the house: a stake per bet spot, Deal, the cards and
 * the result. Each deal is one round of the player's own seed pair.
 */
export function start(shell: Shell): void {
  const { t, info } = shell;
  const rules = info.game.rules as CardRules;
  const stakes = stakeSteps(Math.max(info.game.minStakeMinor, rules.stakeStepMinor), info.game.maxStakeMinor).filter((stake) => stake % rules.stakeStepMinor === 0).slice(0, 10);
  const picker = spotPicker(shell, rules.spots, stakes);
  const deal = el('button', { type: 'button', class: 'primary', 'data-testid': 'deal' }, t('deal'));
  const table = el('div', { class: 'hands', 'data-testid': 'hands', 'aria-live': 'polite' });

  deal.addEventListener('click', async () => {
    const spots = picker.spots();
    if (Object.keys(spots).length === 0) return picker.focus();
    deal.disabled = true;
    try {
      const { round, balanceMinor } = await playRound(shell.params, { spots });
      fill(table, ...handsView(shell, round.outcome?.display));
      const returned = round.payoutMinor;
      shell.announce(`${round.result}. ${returned > round.stakeMinor ? t('win', { amount: shell.money(returned) }) : returned > 0 ? t('push', { amount: shell.money(returned) }) : t('lose')}`);
      await settleRound(shell, { round, balanceMinor });
    } catch (error) {
      shell.fail(error);
    } finally {
      deal.disabled = false;
    }
  });

  fill(shell.stage, table, picker.element, el('div', { class: 'controls' }, deal));
}
