/**
 * Activity interception (spec section 2, "Route behaviour"): the activity pages below are
 * replaced by /blackList unless the query carries the preview flag or the navigation state
 * says the user came from the blacklist page. The original path and query are kept in
 * session storage (BLACKLIST_FROM_KEY) so the blacklist page can go back.
 */
export const ACTIVITY_PAGES = [
  'present',
  'redPackRain',
  'month-money',
  'raffle',
  'signGift',
  'drawGift',
  'race-page',
  'newTask',
  'european-cup',
  'euro-cup',
  'deposit-first',
  'deposit-again',
  'discountDetails',
  'pureDisplay',
  'friendInvitation',
  'fissile',
  'fullMemberActivity',
  'champions-league',
  'registrantion',
  'football-shot',
] as const;

/** Session storage key of the intercepted path and query. */
export const BLACKLIST_FROM_KEY = 'lobby.blackListFrom';
/** The query parameter that lets an operator preview an activity page. */
export const PREVIEW_PARAM = 'preview';
/** What the blacklist page puts in the navigation state when it sends the user back. */
export interface FromBlackListState {
  fromBlackList: true;
}

// `football-shot` must not also catch `football-shot-demo`, a demo open to everyone.
const activityPage = new RegExp(`^/app/(?:${ACTIVITY_PAGES.join('|')})(?:/|$)`, 'i');

/**
 * True when the location must be replaced by /blackList.
 *
 * @example isIntercepted('/app/raffle', '', null) // true
 */
export function isIntercepted(pathname: string, search: string, state: unknown): boolean {
  if (!activityPage.test(pathname)) return false;
  if (new URLSearchParams(search).has(PREVIEW_PARAM)) return false;
  return !(typeof state === 'object' && state !== null && (state as Partial<FromBlackListState>).fromBlackList === true);
}
