import { createContext, useContext } from 'react';
import type { RouteMatch } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language } from '@lobby/sdk';
import { routeTitle, type RouteTitleId } from '../i18n/route-titles.js';

/** What the route table attaches to each page route. */
export interface RouteHandle {
  title: RouteTitleId;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/**
 * The title id of the deepest matched route that names one.
 *
 * @example titleOf(matchRoutes(routes, '/app/vip')) // 'vip'
 */
export function titleOf(matches: readonly RouteMatch[] | null): RouteTitleId | undefined {
  return matches?.map((match) => match.route.handle as unknown).findLast(isRouteHandle)?.title;
}

/** The current route's title id, provided by the route table's component. */
export const PageTitleContext = createContext<RouteTitleId | undefined>(undefined);

/**
 * The current page's title in the current language; undefined on a route without one.
 *
 * @example const title = usePageTitle() // 'VIP'
 */
export function usePageTitle(): string | undefined {
  const id = useContext(PageTitleContext);
  const language = useStore($language);
  return id ? routeTitle(id, language) : undefined;
}

/**
 * The document title: the page title and the site title from the base config.
 *
 * @example documentTitle('VIP', 'Lobby') // 'VIP - Lobby'
 */
export function documentTitle(pageTitle: string | undefined, siteTitle: string | undefined): string {
  return [pageTitle, siteTitle].filter((part) => part).join(' - ');
}
