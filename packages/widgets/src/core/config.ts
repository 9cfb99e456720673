import { DEFAULT_LANGUAGE, type Language } from '@lobby/sdk';
import { sharedConfig, type LobbyConfig } from './runtime.js';

/** What a widget needs to reach the API and speak the member's language. */
export interface WidgetConfig {
  /** '' means the page's own origin. */
  apiBase: string;
  siteId: number | undefined;
  lang: Language;
  /** The site's public request-signing key (LOBBY_SIGN_KEY); the demo key when unset. */
  signKey: string | undefined;
}

/** The element attributes that configure any widget. */
export interface ConfigAttributes {
  apiBase: string | null;
  siteId: string | null;
  lang: string | null;
}

/**
 * Maps a BCP 47 tag to a language the widgets speak: zh* is zh-CN, en* is en, anything
 * else is undefined (the next source is tried).
 *
 * @example widgetLanguage('en-GB') // 'en'
 */
export function widgetLanguage(tag: string | null | undefined): Language | undefined {
  const lower = (tag ?? '').trim().toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}

/**
 * The language of a widget: its `lang` attribute, then `lobby('config', { lang })`, then
 * the page's `<html lang>`, then the browser's languages, then zh-CN.
 *
 * @example pickLanguage(['', undefined, 'en-US']) // 'en'
 */
export function pickLanguage(candidates: readonly (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    const language = widgetLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function pageLanguages(): string[] {
  if (typeof document === 'undefined') return [];
  const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  return [document.documentElement.lang, ...browser];
}

/**
 * The config a lobby server puts in the page: `<meta name="lobby-config" content="{json}">`
 * (the site's index.html and the examples carry it); empty when absent or unreadable.
 */
export function metaConfig(): LobbyConfig {
  if (typeof document === 'undefined') return {};
  const content = document.querySelector('meta[name="lobby-config"]')?.getAttribute('content');
  if (!content) return {};
  try {
    const parsed = JSON.parse(content) as Record<string, unknown>;
    const config: LobbyConfig = {};
    if (typeof parsed.apiBase === 'string') config.apiBase = parsed.apiBase;
    if (typeof parsed.siteId === 'number') config.siteId = parsed.siteId;
    if (typeof parsed.signKey === 'string') config.signKey = parsed.signKey;
    return config;
  } catch {
    return {};
  }
}

/**
 * Resolves a widget's config from its attributes, then `lobby('config')`, then the page's
 * lobby-config meta.
 *
 * @example resolveConfig({ apiBase: null, siteId: '4', lang: 'en' }, {}) // { apiBase: '', siteId: 4, lang: 'en', signKey: undefined }
 */
export function resolveConfig(attributes: ConfigAttributes, shared: LobbyConfig = sharedConfig()): WidgetConfig {
  const page = { ...metaConfig(), ...shared };
  const siteIdText = attributes.siteId ?? (page.siteId === undefined ? null : String(page.siteId));
  const siteId = siteIdText !== null && /^\d+$/.test(siteIdText) ? Number(siteIdText) : undefined;
  return {
    apiBase: (attributes.apiBase ?? page.apiBase ?? '').replace(/\/+$/, ''),
    siteId,
    lang: pickLanguage([attributes.lang, page.lang, ...pageLanguages()]),
    signKey: page.signKey,
  };
}
