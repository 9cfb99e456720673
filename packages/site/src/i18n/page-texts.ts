import { useStore } from '@nanostores/react';
import { $language } from '@lobby/sdk';

/** A page's own texts: the same keys in both languages the site speaks. */
export interface PageTexts<K extends string> {
  zh: Record<K, string>;
  en: Record<K, string>;
}

/** Looks up one of a page's texts; `{name}` marks are filled from `params`. */
export type PageTextLookup<K extends string> = (key: K, params?: Record<string, string | number>) => string;

/**
 * Declares a page's texts beside the page, so each page keeps its own table instead of
 * every page growing the frame's `messages.ts`. The types make both languages complete.
 *
 * @example const texts = definePageTexts({ refresh: '刷新' }, { refresh: 'Refresh' })
 */
export function definePageTexts<K extends string>(zh: Record<K, string>, en: Record<NoInfer<K>, string>): PageTexts<K> {
  return { zh, en };
}

/** Fills `{name}` marks of a text. */
export function fillText(text: string, params?: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (mark, name: string) => (params?.[name] === undefined ? mark : String(params[name])));
}

/**
 * A page's texts in the current language, re-rendering when the language changes.
 *
 * @example const t = usePageTexts(texts); t('refresh')
 */
export function usePageTexts<K extends string>(texts: PageTexts<K>): PageTextLookup<K> {
  const language = useStore($language);
  const table = language === 'en' ? texts.en : texts.zh;
  return (key, params) => fillText(table[key], params);
}
