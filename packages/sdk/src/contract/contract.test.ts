import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { md5Hex } from './md5.js';
import { HEADER, requestSign, signedHeaders } from './headers.js';
import { s } from './schema.js';
import { allCalls } from './calls/index.js';

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
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      required: ['a'],
      additionalProperties: false,
    });
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

  it('marks the balance reads readOnly, and no call both readOnly and movesMoney', () => {
    const reads = allCalls.filter((call) => call.readOnly).map((call) => call.name);
    expect(reads.sort()).toEqual(['availableBalance', 'coinWalletBalance', 'usdtWalletBalance', 'walletBalance']);
    expect(allCalls.filter((call) => call.readOnly && call.movesMoney)).toEqual([]);
  });
});
