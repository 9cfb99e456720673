import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { md5Hex } from './md5.js';
import { HEADER, requestSign, signedHeaders } from './headers.js';
import { INT4_MAX, PLAIN_TEXT, REFUSE_KEY, s } from './schema.js';
import { allCalls, chatSendMessage } from './calls/index.js';

describe('md5Hex', () => {
  it('matches Node crypto for any Unicode text', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        expect(md5Hex(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 500 },
    );
  });
});

describe('requestSign', () => {
  it('hashes the seven lines joined by newlines', () => {
    const input = { method: 'post', pathWithQuery: '/a?b=1', timestamp: '1700000000000', nonce: 'n1', deviceId: 'd1', body: '{"x":1}', signKey: 'k' };
    const expected = createHash('md5').update('POST\n/a?b=1\n1700000000000\nn1\nd1\n{"x":1}\nk').digest('hex');
    expect(requestSign(input)).toBe(expected);
    expect(requestSign({ ...input, body: '{"x":2}' })).not.toBe(expected);
  });
});

describe('signedHeaders', () => {
  it('carries every wire header, the site as text, and the same x-sign as requestSign', () => {
    const input = { method: 'POST', pathWithQuery: '/api/x?a=1', timestamp: '1700000000000', nonce: 'nonce-0001', deviceId: 'device-1', body: '{}', signKey: 'k' };
    const headers = signedHeaders({ ...input, siteId: 8 });
    expect(headers).toEqual({
      [HEADER.clientType]: 'web_s1',
      [HEADER.originalClientType]: 'web',
      [HEADER.version]: 'v1.0.1',
      [HEADER.siteId]: '8',
      [HEADER.deviceId]: 'device-1',
      [HEADER.timestamp]: '1700000000000',
      [HEADER.nonce]: 'nonce-0001',
      [HEADER.sign]: requestSign(input),
    });
  });
});

describe('schema builder', () => {
  it('emits closed objects with required and optional properties', () => {
    const schema = s.object({ a: s.string(), b: s.optional(s.integer()) });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string', 'x-refuse': ['nul', 'loneSurrogate'] },
        b: { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
      },
      required: ['a'],
      additionalProperties: false,
    });
  });

  it('gives text its refusals unless the call says otherwise, and integers a range', () => {
    expect(s.string({ refuse: [] })).toEqual({ type: 'string' });
    expect(s.string({ refuse: ['nul', 'loneSurrogate', 'directionOverride'] })[REFUSE_KEY]).toEqual(['nul', 'loneSurrogate', 'directionOverride']);
    expect(s.integer({ minimum: 1, maximum: INT4_MAX })).toEqual({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    expect(s.unknown()[REFUSE_KEY]).toEqual(PLAIN_TEXT);
    expect(s.record(s.string())[REFUSE_KEY]).toEqual(PLAIN_TEXT);
  });
});

describe('contract', () => {
  it('gives every call a unique name and a unique method and path', () => {
    const names = allCalls.map((call) => call.name);
    const routes = allCalls.map((call) => `${call.method} ${call.path}`);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(routes).size).toBe(routes.length);
    expect(names).toContain('webLogin');
  });

  it('marks the balance reads and the brand config reads readOnly, and no call both readOnly and movesMoney', () => {
    const reads = allCalls.filter((call) => call.readOnly).map((call) => call.name);
    expect(reads.sort()).toEqual(['availableBalance', 'coinWalletBalance', 'loginCaptchaConfig', 'preInfo', 'preInfoV3', 'siteBaseConfig', 'usdtWalletBalance', 'walletBalance']);
    expect(allCalls.filter((call) => call.readOnly && call.movesMoney)).toEqual([]);
  });

  it('bounds every request integer and refuses NUL and lone surrogates in every request text', () => {
    const loose: string[] = [];
    for (const call of allCalls) {
      walkSchema(call.request as Json, call.name, (schema, at) => {
        const bounded = typeof schema.minimum === 'number' && typeof schema.maximum === 'number' && Math.abs(schema.minimum) <= Number.MAX_SAFE_INTEGER && schema.maximum <= Number.MAX_SAFE_INTEGER;
        if (schema.type === 'integer' && !bounded) loose.push(`${at}: unbounded integer`);
        const refusals = (schema[REFUSE_KEY] ?? []) as string[];
        if (schema.type === 'string' && !PLAIN_TEXT.every((refusal) => refusals.includes(refusal))) loose.push(`${at}: text takes NUL`);
      });
    }
    expect(loose).toEqual([]);
    expect((chatSendMessage.request as Json).properties.content[REFUSE_KEY]).toContain('directionOverride');
  });
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Visits every schema inside a request schema with its dotted path. */
function walkSchema(schema: Json, at: string, visit: (schema: Json, at: string) => void): void {
  visit(schema, at);
  for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) walkSchema(property, `${at}.${key}`, visit);
  if (schema.items) walkSchema(schema.items as Json, `${at}[]`, visit);
  if (typeof schema.additionalProperties === 'object') walkSchema(schema.additionalProperties as Json, `${at}.*`, visit);
  for (const option of (schema.anyOf ?? []) as Json[]) walkSchema(option, at, visit);
}
