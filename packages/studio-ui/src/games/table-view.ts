import { el } from '../dom.js';
import type { Shell } from '../shell.js';

/** A bet spot as the engines list it. */
export interface SpotView {
  code: string;
  nameZh: string;
  nameEn: string;
}

/**
 * A stake select per bet spot (none by default): what cards, the live table and the draw
 * share. `spots()` answers the stakes chosen, `{ banker: 1000 }`.
 */
export function spotPicker(shell: Shell, spots: readonly SpotView[], stakes: number[]) {
  const en = shell.params.language === 'en';
  const selects = spots.map((spot) => {
    const id = `spot-${spot.code}`;
    const select = el('select', { id, 'data-testid': `spot-${spot.code}`, 'data-spot': spot.code },
      el('option', { value: 0 }, '–'),
      ...stakes.map((stake) => el('option', { value: stake }, shell.money(stake))));
    return { select, field: el('span', { class: 'spot' }, el('label', { for: id }, en ? spot.nameEn : spot.nameZh), select) };
  });
  return {
    element: el('fieldset', { class: 'spots', 'data-testid': 'spots' }, el('legend', {}, shell.t('spots')), ...selects.map((entry) => entry.field)),
    spots(): Record<string, number> {
      return Object.fromEntries(selects.filter(({ select }) => Number(select.value) > 0).map(({ select }) => [select.dataset.spot!, Number(select.value)]));
    },
    reset(): void {
      for (const { select } of selects) select.value = '0';
    },
    disable(disabled: boolean): void {
      for (const { select } of selects) select.disabled = disabled;
    },
    focus(): void {
      selects[0]?.select.focus();
    },
  };
}

const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** A card name from the engines ("QH", "10S") as a card face. */
export function cardFace(name: string): HTMLElement {
  const suit = name.slice(-1);
  const red = suit === 'H' || suit === 'D';
  return el('span', { class: red ? 'card red' : 'card', 'data-testid': 'card' }, `${name.slice(0, -1)}${SUITS[suit] ?? suit}`);
}

/** The hands of a baccarat or dragon-tiger display, as the engines answer it. */
export function handsView(shell: Shell, display: unknown): HTMLElement[] {
  const { t } = shell;
  const shown = display as { player?: string[]; banker?: string[]; playerPoints?: number; bankerPoints?: number; dragon?: string; tiger?: string } | undefined;
  if (!shown) return [];
  if (shown.player && shown.banker) {
    return [
      el('div', { class: 'hand', 'data-testid': 'hand-player' }, el('h2', {}, `${t('player')} ${shown.playerPoints}`), ...shown.player.map(cardFace)),
      el('div', { class: 'hand', 'data-testid': 'hand-banker' }, el('h2', {}, `${t('banker')} ${shown.bankerPoints}`), ...shown.banker.map(cardFace)),
    ];
  }
  if (shown.dragon && shown.tiger) {
    return [
      el('div', { class: 'hand', 'data-testid': 'hand-dragon' }, el('h2', {}, t('dragon')), cardFace(shown.dragon)),
      el('div', { class: 'hand', 'data-testid': 'hand-tiger' }, el('h2', {}, t('tiger')), cardFace(shown.tiger)),
    ];
  }
  return [];
}
