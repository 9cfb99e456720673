import type { Banner, SiteBaseConfig } from '@lobby/sdk';
import type { FastifyRequest } from 'fastify';
import { contentOf } from '../content/content-repository.js';

/** The placeholder of `<meta name="lobby-boot" content="%LOBBY_BOOT%">` in the site's index.html. */
export const LOBBY_BOOT_PLACEHOLDER = '%LOBBY_BOOT%';

/** What the home page needs before its first paint, the same data siteBaseConfig and bannerListV2 answer. */
export interface BootData {
  baseConfig?: SiteBaseConfig;
  banners?: { list: Banner[]; intervalMs: number };
}

const homePaths = /^\/(?:app\/?|app\/home\/?|home\/?)?$/i;

/**
 * Boot data for a page request: on the home page (/, /app, /app/home, /home) the brand's
 * base config and banners, so home paints its banner in the site's first render instead
 * of after two API round trips (the home LCP); every other page loads them as before.
 *
 * @example await bootDataFor(request, 4) // { baseConfig, banners } on /app/home, {} elsewhere
 */
export async function bootDataFor(request: FastifyRequest, siteId: number): Promise<BootData> {
  const path = request.url.split('?')[0] ?? '/';
  if (!homePaths.test(path)) return {};
  const { brands, db } = request.server.lobby;
  const brand = await brands.get(siteId);
  if (!brand) return {};
  const content = await contentOf(db, siteId);
  return { baseConfig: brand.config, banners: { list: content.banners, intervalMs: content.bannerIntervalMs } };
}
