import { randomBytes } from 'node:crypto';
import { SHORT_LINK_PATH } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import type { Brand } from '../site/brand-directory.js';

/** A member may make this many short links an hour. */
export const SHORT_LINKS_PER_HOUR = 20;

/** The brand's own origins (scheme, host and port), from its `domainUrls`. */
export function brandOrigins(brand: Brand | undefined): string[] {
  const origins: string[] = [];
  for (const url of brand?.config.domainUrls ?? []) {
    try {
      origins.push(new URL(url).origin);
    } catch {
      // A malformed configured domain is no origin of the brand.
    }
  }
  return origins;
}

/** The brand's home: its first domain with a trailing slash ('/' when it lists none). */
export function brandHome(brand: Brand | undefined): string {
  const first = brandOrigins(brand)[0];
  return first ? `${first}/` : '/';
}

/**
 * The URL, normalised, when it is an absolute http(s) URL on one of the brand's origins
 * without credentials; undefined otherwise (another domain, javascript:, a relative path).
 *
 * @example ownUrlOf(brand, 'http://localhost:3000/app/wallet?x=1') // 'http://localhost:3000/app/wallet?x=1'
 */
export function ownUrlOf(brand: Brand | undefined, candidate: string): string | undefined {
  let url: URL;
  try {
    url = new URL(candidate.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return brandOrigins(brand).includes(url.origin) ? url.href : undefined;
}

/** The short link of a member for a URL of its brand: the same URL gives the same token. */
export async function shortLinkOf(db: Queryable, siteId: number, memberId: number, url: string, nowMs: number): Promise<string> {
  const existing = await db.query<{ token: string }>('SELECT token FROM short_links WHERE member_id = $1 AND url = $2', [memberId, url]);
  if (existing.rows[0]) return existing.rows[0].token;
  const token = randomBytes(6).toString('base64url');
  const { rows } = await db.query<{ token: string }>(
    `INSERT INTO short_links (token, site_id, member_id, url, created_at) VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))
     ON CONFLICT (member_id, url) DO UPDATE SET url = EXCLUDED.url RETURNING token`,
    [token, siteId, memberId, url, nowMs],
  );
  return rows[0]!.token;
}

/**
 * The target of a short link of this brand, checked again against the brand's domains
 * now (a domain the brand dropped no longer resolves); throws shortLinkNotFound otherwise.
 */
export async function shortLinkTarget(db: Queryable, brand: Brand | undefined, token: string): Promise<string> {
  const { rows } = await db.query<{ url: string }>('SELECT url FROM short_links WHERE token = $1 AND site_id = $2', [token, brand?.siteId ?? -1]);
  const url = rows[0] ? ownUrlOf(brand, rows[0].url) : undefined;
  if (!url) throw new BusinessError('notFound', `no short link ${SHORT_LINK_PATH}${token} on this site`);
  return url;
}
