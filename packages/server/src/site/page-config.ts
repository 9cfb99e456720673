import type { FastifyRequest } from 'fastify';
import { LOBBY_BOOT_PLACEHOLDER, bootDataFor } from './boot-data.js';

/** The placeholder the site's index.html carries: `<meta name="lobby-config" content="%LOBBY_CONFIG%">`. */
export const LOBBY_CONFIG_PLACEHOLDER = '%LOBBY_CONFIG%';

/** The client configuration injected into HTML pages, for the brand of the Host header. */
export interface LobbyClientConfig {
  apiBase: string;
  siteId: number;
  signKey: string;
  brand: string;
}

/** The brand's client config for a page request (Host name picks the brand). */
export async function clientConfigFor(request: FastifyRequest): Promise<LobbyClientConfig> {
  const { brands, config } = request.server.lobby;
  const brand = await brands.forHost(request.hostname);
  return { apiBase: '', siteId: brand?.siteId ?? 4, signKey: config.signKey, brand: brand?.brand ?? 'lobby' };
}

/**
 * Replaces the placeholder with the HTML-escaped JSON config, and `%LOBBY_BOOT%` with the
 * page's boot data (boot-data.ts); other HTML passes unchanged.
 */
export async function renderIndexHtml(html: string, request: FastifyRequest): Promise<string> {
  if (!html.includes(LOBBY_CONFIG_PLACEHOLDER)) return html;
  const config = await clientConfigFor(request);
  const page = html.split(LOBBY_CONFIG_PLACEHOLDER).join(escapeHtml(JSON.stringify(config)));
  if (!page.includes(LOBBY_BOOT_PLACEHOLDER)) return page;
  return page.split(LOBBY_BOOT_PLACEHOLDER).join(escapeHtml(JSON.stringify(await bootDataFor(request, config.siteId))));
}

/** Escapes text for an HTML attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
