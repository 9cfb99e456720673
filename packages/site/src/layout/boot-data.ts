import type { CallResponse, SiteBaseConfig, bannerListV2 } from '@lobby/sdk';
import { readMetaJson, type MetaSource } from '../modules/meta-json.js';

/**
 * The home page's boot data, written by the server into `<meta name="lobby-boot">`
 * (server: site/boot-data.ts): the brand's base config and banners, so home paints its
 * banner in the first render instead of after two API round trips. Other pages carry
 * `{}` and load from the API as before. Anything malformed is ignored.
 */
export interface BootData {
  baseConfig: SiteBaseConfig | null;
  banners: CallResponse<typeof bannerListV2> | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the boot data of a page; fields that are missing or malformed are null.
 *
 * @example readBootData(document).banners?.list.length
 */
export function readBootData(source: MetaSource): BootData {
  const raw = readMetaJson(source, 'lobby-boot');
  if (!isObject(raw)) return { baseConfig: null, banners: null };
  const config = raw.baseConfig;
  const baseConfig = isObject(config) && typeof config.siteId === 'number' && typeof config.title === 'string' && isObject(config.language) && isObject(config.venues) ? (config as unknown as SiteBaseConfig) : null;
  const banners = raw.banners;
  const validBanners =
    isObject(banners) && Array.isArray(banners.list) && typeof banners.intervalMs === 'number' && banners.list.every((item) => isObject(item) && typeof item.imageUrl === 'string' && isObject(item.title))
      ? (banners as unknown as BootData['banners'])
      : null;
  return { baseConfig, banners: validBanners };
}

let pageBoot: BootData | undefined;

/** This page's boot data (read once); empty outside a browser. */
export function pageBootData(): BootData {
  pageBoot ??= typeof document === 'undefined' ? { baseConfig: null, banners: null } : readBootData(document);
  return pageBoot;
}
