import type { TextParams } from '@lobby/sdk';
import { siteTexts, type SiteMessageKey } from './messages.js';
import { usePageTexts } from './page-texts.js';

/** Looks up a site text; `{name}` marks are filled from `params`. */
export type TextLookup = (key: SiteMessageKey, params?: TextParams) => string;

/**
 * The site frame's texts in the current language, re-rendering when the language changes.
 *
 * @example const text = useText(); text('login')
 */
export function useText(): TextLookup {
  return usePageTexts(siteTexts);
}
