/**
 * Small, failure-proof wrappers over sessionStorage and cookies: a page that blocks
 * storage (privacy mode, sandboxed frame) must not break a widget.
 */

/**
 * A flag kept for the browser session (sessionStorage), e.g. "float window closed".
 *
 * @example const closed = sessionFlag('lobby.floatWindow.closed'); closed.set(); closed.get() // true
 */
export function sessionFlag(key: string) {
  return {
    get(): boolean {
      try {
        return globalThis.sessionStorage?.getItem(key) === '1';
      } catch {
        return false;
      }
    },
    set(): void {
      try {
        globalThis.sessionStorage?.setItem(key, '1');
      } catch {
        // Storage refused: the flag lasts as long as the widget.
      }
    },
  };
}

/**
 * A cookie's value, or null.
 *
 * @example readCookie('lobby_prompted_W1') // '1'
 */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === encodeURIComponent(name)) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Sets a cookie for the whole site, for `maxAgeDays`.
 *
 * @example writeCookie('lobby_first_draw_guide', '1', 365)
 */
export function writeCookie(name: string, value: string, maxAgeDays = 365): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; max-age=${Math.round(maxAgeDays * 86400)}; samesite=lax`;
}
