import { DEFAULT_LANGUAGE } from '../contract/limits.js';
import type { Language } from './language.js';

/**
 * A text that changes with a count: one form per plural category of Intl.PluralRules
 * ('one', 'few', 'many', ...), `other` always. `{count}` is the count.
 *
 * @example { one: '{count} message deleted', other: '{count} messages deleted' }
 */
export type PluralText = { readonly [C in Intl.LDMLPluralRule]?: string } & { readonly other: string };
/** One UI text: a string with `{name}` placeholders, or a plural text. */
export type Text = string | PluralText;
/** Parameters filled into `{name}` placeholders; `count` also picks a plural form. */
export type TextParams = Readonly<Record<string, string | number>>;
/** A table of texts in every language lobby speaks, with the same keys in each. */
export type Texts<K extends string> = Readonly<Record<Language, Readonly<Record<K, Text>>>>;

/**
 * Declares a table of texts: the zh-CN texts give the keys, and the types make the
 * English table have exactly the same keys.
 *
 * @example const texts = defineTexts({ close: '关闭' }, { close: 'Close' })
 */
export function defineTexts<K extends string>(zhCN: Readonly<Record<K, Text>>, en: Readonly<Record<NoInfer<K>, Text>>): Texts<K> {
  return { 'zh-CN': zhCN, en };
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralForm(text: PluralText, count: number, language: string): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return text[rules.select(count)] ?? text.other;
}

/**
 * A text with its `{name}` placeholders filled; a plural text takes the form of
 * `params.count` in `language` (Intl.PluralRules). A placeholder without a parameter
 * stays as written.
 *
 * @example fillText({ one: '{count} message deleted', other: '{count} messages deleted' }, { count: 3 }, 'en') // '3 messages deleted'
 */
export function fillText(text: Text, params?: TextParams, language: string = DEFAULT_LANGUAGE): string {
  const template = typeof text === 'string' ? text : pluralForm(text, Number(params?.count ?? 0), language);
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => (params[name] === undefined ? mark : String(params[name])));
}

/**
 * One text of a table in a language, filled; a language lobby does not speak reads as zh-CN.
 *
 * @example textIn(texts, 'en', 'close') // 'Close'
 */
export function textIn<K extends string>(texts: Texts<K>, language: string, key: K, params?: TextParams): string {
  const chosen = (language in texts ? language : DEFAULT_LANGUAGE) as Language;
  return fillText(texts[chosen][key], params, chosen);
}

/**
 * A lookup over one table with the language passed each time, for code that is handed
 * its language (the widgets).
 *
 * @example const text = translator(texts); text('en', 'close') // 'Close'
 */
export function translator<K extends string>(texts: Texts<K>): (language: string, key: K, params?: TextParams) => string {
  return (language, key, params) => textIn(texts, language, key, params);
}

/**
 * Content the server sends in both languages (the contract's `{ zh, en }`), in a language;
 * any language but English reads the Chinese.
 *
 * @example localized(banner.title, 'en') // 'Welcome bonus'
 */
export function localized(value: { readonly zh: string; readonly en: string }, language: string): string {
  return language === 'en' ? value.en : value.zh;
}

/**
 * What is wrong with a table of texts, for its tests: a key one language lacks, and an
 * English text that does not start with a capital letter, a digit or a placeholder.
 *
 * @example textProblems(defineTexts({ a: '甲' }, { a: 'lower' })) // ["en.a starts lower-case: 'lower'"]
 */
export function textProblems(texts: Texts<string>): string[] {
  const problems: string[] = [];
  const zhKeys = Object.keys(texts['zh-CN']);
  const enKeys = Object.keys(texts.en);
  for (const key of zhKeys) if (!enKeys.includes(key)) problems.push(`zh-CN.${key} has no en twin`);
  for (const key of enKeys) if (!zhKeys.includes(key)) problems.push(`en.${key} has no zh-CN twin`);
  for (const [key, text] of Object.entries(texts.en)) {
    for (const form of typeof text === 'string' ? [text] : Object.values(text)) {
      if (!/^[\p{Lu}\d{¥$+(“"'‘…«—-]/u.test(form)) problems.push(`en.${key} starts lower-case: '${form}'`);
    }
  }
  return problems;
}
