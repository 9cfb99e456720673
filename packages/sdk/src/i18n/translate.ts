import { codeName } from '../contract/index.js';
import { errorCatalogueEn, errorCatalogueZhCN } from './error-catalogue.js';
import { $language, isLanguage, type Language } from './language.js';
import { en, zhCN, type MessageKey } from './messages.js';

const tables: Record<Language, Record<MessageKey, string>> = { 'zh-CN': zhCN, en };
const catalogues = { 'zh-CN': errorCatalogueZhCN, en: errorCatalogueEn } as const;

/** Parameters filled into `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

function languageOf(language: string | undefined): Language {
  const chosen = language ?? $language.get();
  return isLanguage(chosen) ? chosen : 'zh-CN';
}

/**
 * A UI message in the current language (or the one given), with `{name}` placeholders
 * filled. An unknown language falls back to zh-CN; an unknown placeholder stays as written.
 *
 * @example t('amountOutOfRange', { min: 1, max: 500000 }, 'en') // 'The amount must be between 1 and 500000'
 */
export function t(key: MessageKey, params?: MessageParams, language?: string): string {
  const text = tables[languageOf(language)][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The catalogue message of a response code, or undefined for a code the catalogue does
 * not know (the caller then shows the server msg).
 *
 * @example messageForCode(244303, 'en') // 'You have another order in progress'
 */
export function messageForCode(code: number, language?: string): string | undefined {
  const name = codeName(code);
  return name === undefined ? undefined : catalogues[languageOf(language)][name];
}
