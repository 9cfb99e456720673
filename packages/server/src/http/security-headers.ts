import type { FastifyInstance } from 'fastify';

/** The policy for every HTML page: no inline script or style, not framed; frames only from its own origin (the studio's games); media from its own origin and the live player's MediaSource blob: URLs. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self' blob:; connect-src 'self' ws: wss:; frame-src 'self'; frame-ancestors 'none'; base-uri 'self'";

/** The studio's game pages (/studio/play/): as strict, framed by pages of the same origin only, framing nothing. */
export const STUDIO_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; frame-src 'none'; frame-ancestors 'self'; base-uri 'self'";

/** Where the studio's game pages live (studio/pages.ts). */
const STUDIO_PAGES = '/studio/play/';

/**
 * The policy for the embedding examples (issue 4): exactly what a strict partner page
 * sets, so the widgets are shown to work with no WebSocket or inline allowance at all.
 */
export const EXAMPLE_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'";

/**
 * The browser features lobby's pages may use: copying to the clipboard (the USDT deposit
 * address); every other powerful feature is denied. Only features Chromium recognizes are
 * named (an unknown one costs a console warning on every page).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** An API answer is for one caller at one moment: no cache, shared or private, keeps it. */
const CACHE_CONTROL = 'cache-control';
const API_CACHE_CONTROL = 'no-store';

/**
 * The headers of every API answer, as name and value: nosniff, a referrer policy and
 * `Cache-Control: no-store` (HTML pages add the CSP, framing and permissions ones).
 */
export const ANSWER_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  [CACHE_CONTROL, API_CACHE_CONTROL],
];

/**
 * ANSWER_SECURITY_HEADERS on every response, except that an answer choosing its own
 * caching (static files, pages, a member's feedback image) keeps it; the CSP, framing and
 * permissions policy on HTML responses (the studio's game pages may be framed by the same
 * origin, nothing else may be framed). A callback hook, not an async one: it runs on
 * every answer, and a promise per answer is not free. A frozen answer, written without the
 * hooks, carries ANSWER_SECURITY_HEADERS itself (register-call.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of ANSWER_SECURITY_HEADERS) {
      if (name !== CACHE_CONTROL || !reply.hasHeader(CACHE_CONTROL)) reply.header(name, value);
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      const example = request.url.startsWith('/examples/');
      const game = request.url.startsWith(STUDIO_PAGES);
      reply.header('content-security-policy', example ? EXAMPLE_CONTENT_SECURITY_POLICY : game ? STUDIO_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
      reply.header('x-frame-options', game ? 'SAMEORIGIN' : 'DENY');
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    }
    done(null, payload);
  });
}
