import { atom, onStart } from 'nanostores';
import { DEFAULT_LANGUAGE } from '../contract/limits.js';
import { localStore, STORAGE_KEY } from '../stores/storage.js';

/** The languages the sdk has messages for; DEFAULT_LANGUAGE (zh-CN) first. */
export const LANGUAGES = [DEFAULT_LANGUAGE, 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** True for a language the sdk has messages for. @example isLanguage('en') // true */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The language to use and store (spec section 5): the stored one when it is in the site's
 * list, else the fallback (the site's default; zh-CN when the site names none).
 *
 * @example resolveLanguage('en', ['zh-CN'], 'zh-CN') // 'zh-CN'
 */
export function resolveLanguage(stored: string | null, siteList: readonly string[], fallback: string = DEFAULT_LANGUAGE): string {
  if (stored !== null && siteList.includes(stored)) return stored;
  return fallback || DEFAULT_LANGUAGE;
}

/**
 * The current language. Read from storage ('lobby.language') the first time it is used;
 * a stored language the sdk has no messages for reads as zh-CN.
 *
 * @example $language.get() // 'zh-CN'
 */
export const $language = atom<Language>(DEFAULT_LANGUAGE);

let loaded = false;
onStart($language, () => {
  if (loaded) return;
  loaded = true;
  const stored = localStore().getItem(STORAGE_KEY.language);
  if (isLanguage(stored)) $language.set(stored);
});

/**
 * Switches and stores the language; a language the sdk does not know becomes zh-CN.
 *
 * @example setLanguage('en')
 */
export function setLanguage(language: string): Language {
  const next = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  loaded = true;
  localStore().setItem(STORAGE_KEY.language, next);
  $language.set(next);
  return next;
}

/**
 * Applies the site's language config at start (spec section 5): keeps the stored
 * language when the site lists it, else stores the site default (zh-CN fallback).
 *
 * @example initLanguage(siteConfig.language) // 'en' when stored 'en' and listed
 */
export function initLanguage(config: { default: string; list: readonly string[] }): Language {
  const stored = localStore().getItem(STORAGE_KEY.language);
  return setLanguage(resolveLanguage(stored, config.list, config.default));
}
