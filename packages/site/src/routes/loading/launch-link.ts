/** Which page runs a launch: /loading in this tab, /ptLoading in a window of its own (docs/GAMES.md, "Launch pages"). */
export type LaunchPage = 'loading' | 'ptLoading';

export interface LaunchTarget {
  venueCode: string;
  gameCode: string;
  /** Fun money, no transfer, no token: a demo game for visitors (and members who choose Try). */
  demo: boolean;
  /** Second launch: resume the member's unfinished round. */
  resume?: boolean;
}

/**
 * The launch page's address for a game; `from` is the lobby to go back to.
 *
 * @example launchHref('loading', { venueCode: 'LBSLOTS', gameCode: 'fruit', demo: false }, '/app/egame/LBSLOTS')
 */
export function launchHref(page: LaunchPage, target: LaunchTarget, from: string): string {
  const query = new URLSearchParams({ venue: target.venueCode, game: target.gameCode });
  if (target.demo) query.set('demo', '1');
  if (target.resume) query.set('resume', '1');
  query.set('from', from);
  return `/${page}?${query.toString()}`;
}

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The game a launch page's query names; null when the query names none (or names it
 * with characters no venue or game code has).
 *
 * @example launchTargetOf(new URLSearchParams('venue=LBSLOTS&game=fruit')) // { venueCode: 'LBSLOTS', gameCode: 'fruit', demo: false, resume: false }
 */
export function launchTargetOf(query: URLSearchParams): LaunchTarget | null {
  const venueCode = query.get('venue') ?? '';
  const gameCode = query.get('game') ?? '';
  if (!CODE_PATTERN.test(venueCode) || !CODE_PATTERN.test(gameCode)) return null;
  return { venueCode, gameCode, demo: query.get('demo') === '1', resume: query.get('resume') === '1' };
}
