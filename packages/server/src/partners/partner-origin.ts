/** The longest origin stored (the contract's limit). */
export const PARTNER_ORIGIN_MAX_LENGTH = 255;

/**
 * An origin as the browser sends it in `Origin`, from an operator's or a deployment's text:
 * `http(s)://host[:port]`, lower case, the scheme's default port dropped, no path, query,
 * fragment or credentials, and never a wildcard or `null`. Answers the origin, or the rule
 * the text breaks.
 *
 * @example partnerOriginOf('https://Partner.Example:443/') // { origin: 'https://partner.example' }
 * @example partnerOriginOf('*') // { error: 'a wildcard is never a partner origin' }
 */
export function partnerOriginOf(text: string): { origin: string } | { error: string } {
  const trimmed = text.trim();
  if (trimmed.includes('*')) return { error: 'a wildcard is never a partner origin' };
  if (trimmed.length > PARTNER_ORIGIN_MAX_LENGTH) return { error: `at most ${PARTNER_ORIGIN_MAX_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { error: 'must be an origin such as https://partner.example' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'must be an http or https origin' };
  if (url.username || url.password) return { error: 'must carry no user name or password' };
  // A bare origin parses to the path '/'; the text may end in one slash, nothing more.
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(trimmed) || !/^[a-z]+:\/\/[^/]+\/?$/i.test(trimmed)) {
    return { error: 'must be an origin without path, query or fragment' };
  }
  return { origin: url.origin };
}

/**
 * The deployment's partner origins from LOBBY_PARTNER_ORIGINS (comma-separated); an
 * invalid entry throws, naming it, so a start with a mistyped origin stops at once.
 *
 * @example parsePartnerOrigins('https://a.example, http://localhost:8080') // ['https://a.example', 'http://localhost:8080']
 */
export function parsePartnerOrigins(text: string | undefined): string[] {
  const origins = new Set<string>();
  for (const entry of (text ?? '').split(',')) {
    if (entry.trim() === '') continue;
    const parsed = partnerOriginOf(entry);
    if ('error' in parsed) throw new Error(`LOBBY_PARTNER_ORIGINS: "${entry.trim()}" ${parsed.error}`);
    origins.add(parsed.origin);
  }
  return [...origins];
}
