import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import type { SiteContent } from '../seed/seed-content.js';

export type { SiteContent } from '../seed/seed-content.js';

/** Content of a brand without a document: nothing to show, never made-up entries. */
export const EMPTY_CONTENT: SiteContent = {
  banners: [],
  bannerIntervalMs: 5000,
  notices: [],
  sponsors: [],
  navigation: [],
  categoryCards: [],
  help: [],
  anchorGameImages: [],
  customerService: [],
  leavePayStatus: 0,
};

/**
 * The content document of a site; the empty document for a site that has none.
 *
 * @example const { banners } = await contentOf(db, 4);
 */
export async function contentOf(db: Queryable, siteId: number): Promise<SiteContent> {
  const { rows } = await db.query<{ content: SiteContent }>('SELECT content FROM site_content WHERE site_id = $1', [siteId]);
  return { ...EMPTY_CONTENT, ...rows[0]?.content };
}

/** Throws sponsorNotFound unless there is a sponsor (the message names the id asked for). */
export function requireSponsor<T>(sponsor: T | undefined, asked: string): T {
  if (!sponsor) throw new BusinessError('sponsorNotFound', `no sponsor ${asked}`);
  return sponsor;
}
