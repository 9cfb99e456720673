import { useStore } from '@nanostores/react';
import { $language, textIn, type TextParams, type Texts } from '@lobby/sdk';

/** Looks up one of a page's texts; `{name}` marks are filled from `params`, `count` picks a plural form. */
export type PageTextLookup<K extends string> = (key: K, params?: TextParams) => string;

/**
 * A page's texts (declared beside the page with the sdk's defineTexts) in the current
 * language, re-rendering when the language changes.
 *
 * @example const t = usePageTexts(texts); t('refresh')
 */
export function usePageTexts<K extends string>(texts: Texts<K>): PageTextLookup<K> {
  const language = useStore($language);
  return (key, params) => textIn(texts, language, key, params);
}
