import type { FastifyInstance } from 'fastify';
import { BusinessError } from './errors.js';

/** JSON and form bodies above this are refused with 400 bodyTooLarge. */
export const TEXT_BODY_LIMIT_BYTES = 64 * 1024;
/** Upload bodies above this are refused with 400 bodyTooLarge. */
export const UPLOAD_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** A text body exactly as received, so the signature covers the bytes the client signed. */
export class RawText {
  constructor(readonly text: string) {}
}

/**
 * Replaces Fastify's parsers: JSON and form bodies are kept as their raw text (parsed
 * later, against the call's schema), uploads as a buffer. Any other content type is
 * refused by Fastify and answered as 400 unsupportedContentType.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'string', bodyLimit: TEXT_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, new RawText(body as string)),
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );
}

/**
 * A non-call route's JSON body (sandbox doors, provider callbacks): call bodies arrive as
 * raw text and are parsed against their schema; these routes parse here.
 */
export function jsonOf(body: unknown): unknown {
  if (!(body instanceof RawText)) return body;
  try {
    return JSON.parse(body.text) as unknown;
  } catch {
    throw new BusinessError('invalidJson', 'body: is not JSON');
  }
}
