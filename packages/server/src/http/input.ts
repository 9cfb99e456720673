import type { FastifyRequest } from 'fastify';
import type { AnyCall } from '@lobby/sdk';
import { BusinessError } from './errors.js';
import { RawText } from './body-parsers.js';
import { compileBodyValidator, compileTextValidator, type InputValidator } from './validation.js';

const MEDIA_TYPE_OF = { json: 'application/json', form: 'application/x-www-form-urlencoded', upload: 'multipart/form-data' } as const;

/** The raw body text a call's signature covers: the JSON or form text; empty otherwise. */
export function rawBodyOf(request: FastifyRequest): string {
  return request.body instanceof RawText ? request.body.text : '';
}

/**
 * Compiles the reader of a call's input: JSON bodies parsed from their raw text and
 * validated exactly; form bodies, query strings (GET, DELETE) and upload query fields
 * validated with text coercion. Every failure is a 400 naming the field.
 */
export function compileInputReader(call: AnyCall): (request: FastifyRequest) => unknown {
  // Compiled at the call's first request, not at start: a server (and every test file that
  // builds one) compiles only the calls it serves; validation.test.ts compiles them all.
  let validate: InputValidator | undefined;
  return (request) => {
    validate ??= call.style === 'json' ? compileBodyValidator(call.request) : compileTextValidator(call.request);
    return validate(readUnvalidated(request, call));
  };
}

function readUnvalidated(request: FastifyRequest, call: AnyCall): unknown {
  if (call.style === 'query' || call.style === 'delete') return { ...(request.query as object) };
  checkMediaType(request, call);
  if (call.style === 'upload') return { ...(request.query as object) };
  const text = rawBodyOf(request);
  if (call.style === 'form') return Object.fromEntries(new URLSearchParams(text));
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new BusinessError('invalidJson', `body is not valid JSON: ${(error as Error).message}`);
  }
}

function checkMediaType(request: FastifyRequest, call: AnyCall): void {
  const expected = MEDIA_TYPE_OF[call.style as keyof typeof MEDIA_TYPE_OF];
  const sent = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (sent === '' && call.style !== 'upload' && rawBodyOf(request) === '') return;
  if (sent !== expected) throw new BusinessError('unsupportedContentType', `content-type must be ${expected}`);
}
