import type { Language } from '@lobby/sdk';

/** A widget's UI texts in both languages, with `{name}` placeholders. */
export type TextTable<K extends string> = Record<Language, Record<K, string>>;

/**
 * A translate function over a widget's own text table (the sdk's table stays the sdk's).
 *
 * @example const text = createTexts(table); text('en', 'close') // 'Close'
 */
export function createTexts<K extends string>(table: TextTable<K>) {
  return (lang: Language, key: K, params?: Record<string, string | number>): string => {
    const template = table[lang][key];
    return params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : template;
  };
}
