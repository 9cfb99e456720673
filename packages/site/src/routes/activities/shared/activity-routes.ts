import { ACTIVITY_PAGE_PATHS, activityPagePath } from '@lobby/sdk';

/**
 * Where each activity kind's page lives (the sdk's ACTIVITY_PAGE_PATHS, spec section 2), so
 * the list, a banner or a float window can link to any activity knowing its kind and id. The
 * spin wheel opens on the draw-gift page; the gift exchanges on the present page.
 *
 * @example activityHref('sign_in', 7) // '/app/signGift/7'
 */
export const ACTIVITY_KIND_ROUTES = ACTIVITY_PAGE_PATHS;

/** The page of an activity; the plain display page (its terms) for a kind the site does not know. */
export const activityHref: (kind: string, id: number) => string = activityPagePath;

/**
 * The activity id of a route parameter (or `?id=`), or undefined for anything that is not a
 * positive 32-bit integer.
 *
 * @example activityIdOf('12') // 12
 */
export function activityIdOf(text: string | null | undefined): number | undefined {
  if (!text || !/^[0-9]{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
