import type { FastifyInstance } from 'fastify';

/** The policy for every HTML page: no inline script or style, no framing. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'self'";

/**
 * The policy for the embedding examples (issue 4): exactly what a strict partner page
 * sets, so the widgets are shown to work with no WebSocket or inline allowance at all.
 */
export const EXAMPLE_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'";

/** The security headers of every answer, as name and value (HTML pages add the CSP and framing ones). */
export const ANSWER_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
];

/**
 * nosniff and a referrer policy on every response; the CSP on HTML responses. A callback
 * hook, not an async one: it runs on every answer, and a promise per answer is not free.
 * A frozen answer, written without the hooks, carries ANSWER_SECURITY_HEADERS itself
 * (register-call.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of ANSWER_SECURITY_HEADERS) reply.header(name, value);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      const example = request.url.startsWith('/examples/');
      reply.header('content-security-policy', example ? EXAMPLE_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
      reply.header('x-frame-options', 'DENY');
    }
    done(null, payload);
  });
}
