import type { VENUE_TYPES } from '@lobby/sdk';

/** A venue type of the base config (spec section 3): ty, dj, dz, by, zr, cp, qp. */
export type VenueType = (typeof VENUE_TYPES)[number];

/** Spec section 3 venue categories by venue type: 1 sports, 2 e-sports, 3 live, 4 lottery, 5 chess, 6 electronic, 7 fishing. */
export const CATEGORY_OF_TYPE: Readonly<Record<VenueType, number>> = { ty: 1, dj: 2, zr: 3, cp: 4, qp: 5, dz: 6, by: 7 };

const TYPE_OF_CATEGORY = new Map(Object.entries(CATEGORY_OF_TYPE).map(([type, category]) => [category, type as VenueType]));

/**
 * Which venue type each venue route lists (spec section 2 routes) and which path parameter,
 * if any, names the venue. The inline venue page takes its type from its path instead.
 */
const TYPE_BY_PATH: ReadonlyArray<[RegExp, VenueType]> = [
  [/^\/app\/sport\/?$/i, 'ty'],
  [/^\/app\/venuesSport(?:\/[^/]+){1,2}\/?$/i, 'ty'],
  [/^\/app\/realbet\/?$/i, 'zr'],
  [/^\/app\/lottery\/?$/i, 'cp'],
  [/^\/app\/chessGame\/?$/i, 'qp'],
  [/^\/app\/fishing\/[^/]+\/?$/i, 'by'],
  [/^\/app\/egame\/[^/]+\/?$/i, 'dz'],
  [/^\/app\/gaming\/?$/i, 'dj'],
  [/^\/app\/eGaming(?:\/[^/]+){1,2}\/?$/i, 'dj'],
];

/**
 * The venue type of a venue route's path; null for any other path.
 *
 * @example venueTypeOf('/app/fishing/YBHX') // 'by'
 */
export function venueTypeOf(pathname: string): VenueType | null {
  return TYPE_BY_PATH.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

/**
 * The inline venue page's `venueType` parameter: a venue type letter pair (zr) or a
 * category number of spec section 3 (3); null when it is neither.
 *
 * @example inlineVenueType('3') // 'zr'
 */
export function inlineVenueType(parameter: string | undefined): VenueType | null {
  if (parameter === undefined) return null;
  const lower = parameter.toLowerCase();
  if (lower in CATEGORY_OF_TYPE) return lower as VenueType;
  return /^[1-7]$/.test(parameter) ? (TYPE_OF_CATEGORY.get(Number(parameter)) ?? null) : null;
}

/** Sports and e-sports venues launch the sportsbook of the sports issue, not a game of the catalogue. */
export function isSportsbookType(type: VenueType): boolean {
  return type === 'ty' || type === 'dj';
}

/**
 * The venue a page shows: the one its path or `?venue=` names (venue codes match
 * case-insensitively), else the first venue of the list. Undefined for an empty list.
 *
 * @example chosenVenue(venues, 'ybhx')?.code // 'YBHX'
 */
export function chosenVenue<V extends { code: string }>(venues: readonly V[], wanted: string | null | undefined): V | undefined {
  const upper = wanted?.toUpperCase();
  return venues.find((venue) => venue.code.toUpperCase() === upper) ?? venues[0];
}

/**
 * A same-site path to come back to, from a `from` query value: only a path of this site
 * (one leading slash), never another origin.
 *
 * @example backPath('//evil.example') // '/app/home'
 */
export function backPath(from: string | null, fallback = '/app/home'): string {
  return from !== null && /^\/(?![/\\])/.test(from) ? from : fallback;
}
