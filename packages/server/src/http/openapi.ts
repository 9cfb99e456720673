import { HEADER, allCalls, partnerCalls, type AnyCall } from '@lobby/sdk';

type JsonObject = Record<string, unknown>;

const ENVELOPE_DESCRIPTION = 'Envelope: code 0 is success; other codes are refusals (see CODE in @lobby/sdk)';
const SIGNED = ['x-client-type', 'x-site-id', 'x-device-id', 'x-timestamp', 'x-nonce', 'x-sign'] as const;

/**
 * The OpenAPI 3.1 document of the contract, generated from the same declarations the
 * server validates with: one operation per call, `operationId` its contract name.
 *
 * @example openApiDocument(allCalls).paths['/member/v1/web_login'].post.operationId // 'webLogin'
 */
export function openApiDocument(calls: readonly AnyCall[] = allCalls): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const call of calls) {
    paths[call.path] = { ...paths[call.path], [call.method.toLowerCase()]: operationOf(call) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'lobby API', version: '1.0.1', description: signingDescription() },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    components: { securitySchemes: securitySchemes(), parameters: headerParameters() },
    paths,
  };
}

function operationOf(call: AnyCall): JsonObject {
  const signed: Record<string, string[]> = { sign: [] };
  const withToken: Record<string, string[]> = { sign: [], token: [] };
  const security = { none: [signed], member: [withToken], optional: [signed, withToken], operator: [withToken] }[call.auth];
  const operation: JsonObject = {
    operationId: call.name,
    summary: call.summary,
    tags: [call.group],
    parameters: [
      ...SIGNED.map((name) => ({ $ref: `#/components/parameters/${name}` })),
      ...(call.movesMoney ? [{ $ref: `#/components/parameters/${HEADER.idempotencyKey}` }] : []),
      ...(call.style === 'query' || call.style === 'delete' ? queryParameters(call.request as JsonObject) : []),
    ],
    security,
    'x-auth': call.auth,
    ...(partnerCalls.includes(call) ? { 'x-partner': true } : {}),
    responses: {
      '200': { description: ENVELOPE_DESCRIPTION, content: { 'application/json': { schema: envelopeOf(call.response as JsonObject) } } },
      default: { description: 'Refusal (400, 401, 404, 409, 429, 500)', content: { 'application/json': { schema: envelopeOf({}) } } },
    },
  };
  if (call.style === 'json' || call.style === 'form' || call.style === 'upload') {
    const media = { json: 'application/json', form: 'application/x-www-form-urlencoded', upload: 'multipart/form-data' }[call.style];
    operation.requestBody = { required: true, content: { [media]: { schema: call.request } } };
  }
  return operation;
}

function queryParameters(schema: JsonObject): JsonObject[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}

function envelopeOf(data: JsonObject): JsonObject {
  return {
    type: 'object',
    properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
    required: ['code', 'msg', 'data'],
  };
}

function headerParameters(): JsonObject {
  const text = (description: string) => ({ in: 'header', required: true, schema: { type: 'string' }, description });
  return {
    'x-client-type': { ...text('Client type, web_s1'), name: HEADER.clientType },
    'x-site-id': { ...text('Site (brand) id, 4 by default'), name: HEADER.siteId },
    'x-device-id': { ...text('Device uuid kept in local storage'), name: HEADER.deviceId },
    'x-timestamp': { ...text('Milliseconds since the epoch; refused more than 300 s off'), name: HEADER.timestamp },
    'x-nonce': { ...text('Random, never reused (8 to 64 of A-Z a-z 0-9 - _)'), name: HEADER.nonce },
    'x-sign': { ...text('Request signature, see info.description'), name: HEADER.sign },
    'x-idempotency-key': { ...text('Unique per money-moving request; a repeat answers the first result'), name: HEADER.idempotencyKey },
  };
}

function securitySchemes(): JsonObject {
  return {
    sign: { type: 'apiKey', in: 'header', name: HEADER.sign, description: 'Per-request signature (see info.description)' },
    token: { type: 'apiKey', in: 'header', name: HEADER.token, description: 'Session token from a login call' },
  };
}

function signingDescription(): string {
  return [
    'Every call carries x-sign = lower-case hex MD5 of these lines joined by \\n:',
    'METHOD, PATH with query as sent, x-timestamp, x-nonce, x-device-id, BODY (exact text; empty for GET, DELETE, uploads), sign key.',
    'Responses are enveloped { code, msg, data }; code 0 is success.',
  ].join(' ');
}
