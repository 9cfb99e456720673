import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE, httpStatusOf } from '@lobby/sdk';
import { BusinessError, errorEnvelope } from './errors.js';
import { TEXT_BODY_LIMIT_BYTES } from './body-parsers.js';

/** Fastify's own request errors, answered with our codes (a too-large body is 400, not 413). */
const FASTIFY_ERRORS: Record<string, { code: number; msg: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: CODE.bodyTooLarge, msg: `body is larger than ${TEXT_BODY_LIMIT_BYTES} bytes` },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: CODE.unsupportedContentType, msg: 'content-type is not supported' },
  FST_ERR_CTP_INVALID_TYPE: { code: CODE.unsupportedContentType, msg: 'content-type is not supported' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: CODE.invalidField, msg: 'content-length does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: CODE.invalidJson, msg: 'body is empty' },
  FST_ERR_BAD_URL: { code: CODE.invalidField, msg: 'url: is malformed' },
};

/** Answers an error as an envelope with the right status; unexpected faults are logged as 500. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof BusinessError) return reply.code(error.status).send(errorEnvelope(error.code, error.message, error.data));
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known) return reply.code(httpStatusOf(known.code)).send(errorEnvelope(known.code, known.msg));
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return reply.code(429).send(errorEnvelope(CODE.tooManyRequests, 'too many requests'));
  if (status >= 400 && status < 500) {
    return reply.code(400).send(errorEnvelope(CODE.invalidField, `request: ${fastifyError.message ?? 'is invalid'}`));
  }
  request.log.error({ err: error }, 'unexpected fault');
  return reply.code(500).send(errorEnvelope(CODE.internalError, 'internal error; the fault is logged'));
}

/** Envelope for unknown paths. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send(errorEnvelope(CODE.notFound, `no route ${request.method} ${request.url.split('?')[0]}`));
}

/** Every error, including Fastify's own, answers the envelope; never HTML or a stack. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}

/** Options for the Fastify factory: errors raised before routing also answer the envelope. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendError(error, request, reply);
}
