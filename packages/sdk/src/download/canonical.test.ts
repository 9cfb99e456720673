import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnsignableValueError, canonicalString, normalizePayload } from '@lobby/sdk';

describe('the canonical string (docs/DOWNLOAD-SDK.md)', () => {
  it('drops empty values and sign, sorts keys, percent-encodes UTF-8', () => {
    expect(canonicalString({ b: true, a: 'x y', sign: 'zzz', c: '', d: null, e: undefined, f: Number.NaN })).toBe('a=x%20y&b=true');
    expect(canonicalString({ name: '邀请 & =', n: 1.5, z: -0, big: 1e21 })).toBe(
      'big=1e%2B21&n=1.5&name=%E9%82%80%E8%AF%B7%20%26%20%3D&z=0',
    );
  });

  it('writes nested data as JSON with sorted keys, dropping empty values at every depth', () => {
    const text = canonicalString({ data: { b: [1, '', null, { y: 2, x: '' }], a: { gone: '' }, '10': 'ten', '9': 'nine' } });
    expect(decodeURIComponent(text)).toBe('data={"10":"ten","9":"nine","b":[1,{"y":2}]}');
  });

  it('is the same whatever the key order, and a number sent as text reads the same', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalString(reversed)).toBe(canonicalString(record));
      }),
    );
    expect(canonicalString({ timestamp: 1700000000000 })).toBe(canonicalString({ timestamp: '1700000000000' }));
  });

  it('keeps the two payloads that a naive k=v&k=v string would confuse apart', () => {
    expect(canonicalString({ a: '1&b=2' })).not.toBe(canonicalString({ a: '1', b: '2' }));
  });

  it('refuses what cannot be signed', () => {
    expect(() => canonicalString({ a: '\ud800' })).toThrow(UnsignableValueError);
    expect(() => canonicalString({ a: () => 1 })).toThrow(UnsignableValueError);
    expect(() => canonicalString({ a: new Date() })).toThrow(UnsignableValueError);
  });

  it('normalizes to what JSON round-trips', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const payload = normalizePayload({ value });
        expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
        expect(canonicalString(JSON.parse(JSON.stringify(payload)))).toBe(canonicalString(payload));
      }),
    );
  });
});
