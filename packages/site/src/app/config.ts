import { DEFAULT_SITE_ID, DEMO_SIGN_KEY } from '@lobby/sdk';
import { readMetaJson, type MetaSource } from '../modules/meta-json.js';

/**
 * The page's client configuration, written by the server into
 * `<meta name="lobby-config" content="...">` as HTML-escaped JSON.
 */
export interface LobbyConfig {
  /** Base URL of the API; '' means the page's own origin. */
  apiBase: string;
  siteId: number;
  /** The request sign key: public client configuration, not a secret. */
  signKey: string;
  /** Brand key, e.g. `lobby`. */
  brand: string;
}

/** What the site uses when the page carries no usable config (the file opened unserved). */
export const FALLBACK_CONFIG: LobbyConfig = { apiBase: '', siteId: DEFAULT_SITE_ID, signKey: DEMO_SIGN_KEY, brand: 'lobby' };

/**
 * Reads the config from the page, field by field: a field that is missing or of the
 * wrong type takes its fallback value.
 *
 * @example readLobbyConfig(document).siteId // 4
 */
export function readLobbyConfig(source: MetaSource): LobbyConfig {
  const value = readMetaJson(source, 'lobby-config');
  const raw = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const text = (key: 'apiBase' | 'signKey' | 'brand'): string => {
    const field = raw[key];
    return typeof field === 'string' ? field : FALLBACK_CONFIG[key];
  };
  const siteId = raw.siteId;
  return {
    apiBase: text('apiBase').replace(/\/+$/, ''),
    siteId: typeof siteId === 'number' && Number.isInteger(siteId) && siteId > 0 ? siteId : FALLBACK_CONFIG.siteId,
    signKey: text('signKey') || FALLBACK_CONFIG.signKey,
    brand: text('brand') || FALLBACK_CONFIG.brand,
  };
}
