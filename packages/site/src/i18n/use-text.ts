import { useStore } from '@nanostores/react';
import { $language } from '@lobby/sdk';
import { siteMessagesEn, siteMessagesZh, type SiteMessageKey } from './messages.js';

/** Looks up a site text; `{name}` marks are filled from `params`. */
export type TextLookup = (key: SiteMessageKey, params?: Record<string, string>) => string;

/**
 * The site's texts in the current language, re-rendering when the language changes.
 *
 * @example const text = useText(); text('login')
 */
export function useText(): TextLookup {
  const language = useStore($language);
  const table = language === 'en' ? siteMessagesEn : siteMessagesZh;
  return (key, params) => table[key].replace(/\{(\w+)\}/g, (mark, name: string) => params?.[name] ?? mark);
}
