import { codeName } from '../contract/index.js';
import { errorCatalogueEn, errorCatalogueZhCN } from './error-catalogue.js';
import { $language } from './language.js';
import { en, zhCN, type MessageKey } from './messages.js';
import { defineTexts, textIn, type TextParams } from './texts.js';

const messages = defineTexts(zhCN, en);
const catalogue = defineTexts(errorCatalogueZhCN, errorCatalogueEn);

/** Parameters filled into `{name}` placeholders. */
export type MessageParams = TextParams;

/**
 * A UI message in the current language (or the one given), with `{name}` placeholders
 * filled. An unknown language falls back to zh-CN; an unknown placeholder stays as written.
 *
 * @example t('amountOutOfRange', { min: 1, max: 500000 }, 'en') // 'The amount must be between 1 and 500000'
 */
export function t(key: MessageKey, params?: MessageParams, language?: string): string {
  return textIn(messages, language ?? $language.get(), key, params);
}

/**
 * The catalogue message of a response code, or undefined for a code the catalogue does
 * not know (the caller then shows the server msg).
 *
 * @example messageForCode(244303, 'en') // 'You have another order in progress'
 */
export function messageForCode(code: number, language?: string): string | undefined {
  const name = codeName(code);
  return name === undefined ? undefined : textIn(catalogue, language ?? $language.get(), name);
}
