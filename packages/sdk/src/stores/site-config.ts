import { atom } from 'nanostores';
import type { SiteBaseConfig } from '../contract/index.js';
import { updateStore, type UpdateResult } from './update.js';

/**
 * The brand's base config (spec section 3), null until loaded. Anonymous data: it
 * survives logout.
 *
 * @example $siteConfig.get()?.title
 */
export const $siteConfig = atom<SiteBaseConfig | null>(null);

/**
 * Stores the base config; a value that is not an object leaves the state unchanged.
 *
 * @example setSiteConfig(await client.call(siteBaseConfig, {}))
 */
export function setSiteConfig(config: SiteBaseConfig): UpdateResult {
  return updateStore($siteConfig, () => {
    if (typeof config !== 'object' || config === null) throw new TypeError('site config must be an object');
    return config;
  });
}
