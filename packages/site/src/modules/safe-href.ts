/** What a link or frame address from server data may be, per place: an in-app path, https, http, mailto. */
export type HrefKind = 'path' | 'https' | 'http' | 'mailto';

/** An in-app path: one slash, not two, nor a slash and a backslash (browsers read `/\host` as `//host`). */
const APP_PATH = /^\/(?![/\\])/;
/** Whitespace, control characters or backslashes: browsers drop or rewrite them inside URLs. */
const hasUnsafeCharacter = (url: string): boolean => /[\s\\]/.test(url) || [...url].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);
const HREF_LENGTH_MAX = 2048;

/**
 * The address when it is safe as an href or a frame or media src from server data (operator
 * config, provider answers), else null. Allowed, by `kinds`: an in-app path (`/x`, never
 * `//host`), an https URL (http only where a page asks for it), a mailto: link where meant.
 * Never javascript:, data:, a protocol-relative `//host`, a URL with a login in it, nor
 * anything with whitespace, control characters or backslashes the browser would rewrite.
 *
 * @example safeHref('//evil.host') // null; safeHref('/app/vip') // '/app/vip'
 */
export function safeHref(url: unknown, kinds: readonly HrefKind[] = ['path', 'https']): string | null {
  if (typeof url !== 'string' || url === '' || url.length > HREF_LENGTH_MAX || hasUnsafeCharacter(url)) return null;
  if (url.startsWith('/')) return APP_PATH.test(url) && kinds.includes('path') ? url : null;
  const scheme = /^([a-z]+):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'mailto') return kinds.includes('mailto') && url.length > 'mailto:'.length ? url : null;
  if ((scheme !== 'https' && scheme !== 'http') || !kinds.includes(scheme) || url.slice(scheme.length, scheme.length + 3) !== '://') return null;
  try {
    const parsed = new URL(url);
    return parsed.hostname !== '' && parsed.username === '' && parsed.password === '' ? url : null;
  } catch {
    return null;
  }
}

/** Whether a safe href is a path of this site (a router link) rather than another site's (a new tab). */
export const isAppPath = (href: string): boolean => href.startsWith('/');
