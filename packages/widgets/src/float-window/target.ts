import type { CallResponse, floatWindows } from '@lobby/sdk';

export type FloatWindowItem = CallResponse<typeof floatWindows>['list'][number];

/** Where a promo goes: a site route the host navigates to, or a new window. */
export type PromoTarget = { kind: 'route'; route: string } | { kind: 'window'; url: string } | { kind: 'none' };

/**
 * Only site paths and http(s) URLs are followed: a promo can never run `javascript:`, nor
 * leave the site through `//host` or `/\host` (browsers read a backslash as a slash), nor
 * carry whitespace or control characters a browser would drop from the URL.
 */
function safe(link: string): string | null {
  if (/[\s\\]/.test(link) || [...link].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) return null;
  if (/^\/(?!\/)/.test(link)) return link;
  return /^https?:\/\/[^/]/i.test(link) ? link : null;
}

/**
 * The activity page of an activity promo (jumpType 2): the activity type names the route
 * (e.g. present/1, redPackRain/2); without one, the generic activity detail.
 *
 * @example activityRoute({ activityId: 1, activityType: 'present' }) // '/app/present/1'
 */
export function activityRoute(item: Pick<FloatWindowItem, 'activityId' | 'activityType'>): string | null {
  if (item.activityId === null) return null;
  const type = item.activityType && /^[A-Za-z][\w-]*$/.test(item.activityType) ? item.activityType : 'preferentialActivity';
  return `/app/${type}/${item.activityId}`;
}

/**
 * Spec section 3: jumpType 1 web link, 2 activity; linkType 1 internal route (the host
 * navigates), 2 new window.
 *
 * @example promoTarget({ jumpType: 1, webLink: '/app/vip', linkType: 1, ... }) // { kind: 'route', route: '/app/vip' }
 */
export function promoTarget(item: FloatWindowItem): PromoTarget {
  const link = item.jumpType === 2 ? activityRoute(item) : safe(item.webLink);
  if (link === null) return { kind: 'none' };
  return item.linkType === 2 ? { kind: 'window', url: link } : { kind: 'route', route: link };
}
