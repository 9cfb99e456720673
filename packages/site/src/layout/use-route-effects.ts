import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, $siteConfig } from '@lobby/sdk';
import { isDarkColour } from '../modules/colour.js';
import { safeStorage } from '../modules/safe-storage.js';
import { documentTitle, usePageTitle } from './page-title.js';

/** Session storage key of the last route (the path and query before the current one). */
export const LAST_ROUTE_KEY = 'lobby.lastRoute';

const session = safeStorage(() => globalThis.sessionStorage);

/**
 * The per-route behaviour of spec section 2: on every route change the previous path is
 * saved as the last route and the page scrolls to top; the document title, icon, language
 * and brand colours follow the site base config.
 *
 * @example useRouteEffects() // once, in the root layout
 */
export function useRouteEffects(): void {
  const location = useLocation();
  const path = location.pathname + location.search;
  const previousPath = useRef<string | null>(null);
  const pageTitle = usePageTitle();
  const siteConfig = useStore($siteConfig);
  const language = useStore($language);

  useEffect(() => {
    if (previousPath.current !== null && previousPath.current !== path) session.set(LAST_ROUTE_KEY, previousPath.current);
    previousPath.current = path;
    window.scrollTo(0, 0);
  }, [path]);

  useEffect(() => {
    document.title = documentTitle(pageTitle, siteConfig?.title) || document.title;
  }, [pageTitle, siteConfig?.title]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    if (!siteConfig) return;
    const style = document.documentElement.style;
    style.setProperty('--lobby-primary', siteConfig.theme.primary);
    style.setProperty('--lobby-accent', siteConfig.theme.accent);
    style.setProperty('--lobby-background', siteConfig.theme.background);
    document.documentElement.dataset.skin = siteConfig.skin;
    document.documentElement.dataset.theme = isDarkColour(siteConfig.theme.background) ? 'dark' : 'light';
    if (siteConfig.iconUrl) setIcon(siteConfig.iconUrl);
  }, [siteConfig]);
}

function setIcon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') === href) return;
  link.removeAttribute('type');
  link.href = href;
}
