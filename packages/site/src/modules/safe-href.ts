/** What a link or frame address from server data may be, per place: an in-app path, https, http, mailto. */
export type HrefKind = 'path' | 'https' | 'http' | 'mailto';

/**
 * Any character but printable ASCII (no space) and non-ASCII letters, and the backslash:
 * browsers drop tabs and newlines from URLs and read `\` as `/`, so `/\host` or `/<tab>/host`
 * would be `//host`.
 */
const UNSAFE_CHARACTER = /[^!-[\]-~\u00a1-\uffff]/;
/** An http(s) URL with a host and no login before it (`https://bank@evil.host` is evil.host). */
const WEB_URL = /^(https?):\/\/[^/?#@]+(?:[/?#]|$)/i;
const HREF_LENGTH_MAX = 2048;

/**
 * The address when it is safe as an href or a frame or media src from server data (operator
 * config, provider answers), else null. Allowed, by `kinds`: an in-app path (`/x`, never
 * `//host`), an https URL (http only where a page asks for it), a mailto: link where meant.
 * Never javascript:, data:, a protocol-relative `//host`, a URL with a login in it, nor
 * whitespace, control characters or backslashes a browser would rewrite.
 *
 * @example safeHref('//evil.host') // null; safeHref('/app/vip') // '/app/vip'
 */
export function safeHref(url: unknown, kinds: readonly HrefKind[] = ['path', 'https']): string | null {
  if (typeof url !== 'string' || url.length > HREF_LENGTH_MAX || UNSAFE_CHARACTER.test(url)) return null;
  const kind = /^\/(?!\/)/.test(url) ? 'path' : /^mailto:./i.test(url) ? 'mailto' : (WEB_URL.exec(url)?.[1]?.toLowerCase() as HrefKind | undefined);
  return kind && kinds.includes(kind) ? url : null;
}

/** Whether a safe href is a path of this site (a router link) rather than another site's (a new tab). */
export const isAppPath = (href: string): boolean => href.startsWith('/');
