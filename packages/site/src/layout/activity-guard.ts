/**
 * Activity interception (spec section 2, "Route behaviour"; docs/PROMOTIONS.md
 * "Interception"): the activity pages below are replaced by /blackList unless the query
 * carries the preview flag or the navigation state says the user came from the blacklist
 * page. Our reading as an operator: the interception is for those who may not take part —
 * visitors (not logged in) and members the operator put on the promotion blacklist; a
 * logged-in member in good standing goes straight to the page. The original path and query
 * are kept in session storage (BLACKLIST_FROM_KEY) so the blacklist page can go back.
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

/** Who is looking: a visitor, a member, or a member on the promotion blacklist. */
export interface Viewer {
  loggedIn: boolean;
  /** The operator excluded this member from promotions (activityAccess). */
  blacklisted: boolean;
}

/** A visitor: what the guard assumes when it is not told otherwise. */
export const VISITOR: Viewer = { loggedIn: false, blacklisted: false };

/** True for the pages the interception rule covers. */
export function isActivityPage(pathname: string): boolean {
  return activityPage.test(pathname);
}

/**
 * True when the location must be replaced by /blackList: an activity page, without the
 * preview flag, not coming back from /blackList, seen by a visitor or a blacklisted member.
 *
 * @example isIntercepted('/app/raffle', '', null) // true: a visitor
 * @example isIntercepted('/app/raffle', '', null, { loggedIn: true, blacklisted: false }) // false
 */
export function isIntercepted(pathname: string, search: string, state: unknown, viewer: Viewer = VISITOR): boolean {
  if (!activityPage.test(pathname)) return false;
  if (new URLSearchParams(search).has(PREVIEW_PARAM)) return false;
  if (typeof state === 'object' && state !== null && (state as Partial<FromBlackListState>).fromBlackList === true) return false;
  return !viewer.loggedIn || viewer.blacklisted;
}
