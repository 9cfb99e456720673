/**
 * The canonical string of a download SDK payload (docs/DOWNLOAD-SDK.md, "Canonical
 * string"). Both ends build it from the same normalized payload, so what is signed is
 * exactly what is sent.
 */

/** A JSON value the SDK can sign. */
export type SignableValue = string | number | boolean | null | undefined | SignableValue[] | { [key: string]: SignableValue };
export type SignablePayload = Record<string, SignableValue>;

/** What `normalizePayload` keeps: no empty values anywhere. */
export type NormalValue = string | number | boolean | NormalValue[] | { [key: string]: NormalValue };

/** Thrown for a value that cannot be signed (a function, a bigint, a lone surrogate). */
export class UnsignableValueError extends Error {
  override readonly name = 'UnsignableValueError';
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Object keys in UTF-16 code unit order (JavaScript's default sort). */
function sortedKeys(value: object): string[] {
  return Object.keys(value).sort();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * Drops empty values at every depth: undefined, null, '', a number that is not finite,
 * and an array or object left empty. -0 becomes 0; object keys come out sorted.
 *
 * @example normalizeValue({ b: '', a: [null, 1] }) // { a: [1] }
 */
export function normalizeValue(value: unknown): NormalValue | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) throw new UnsignableValueError('a string holds a lone UTF-16 surrogate');
    return value;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : undefined;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    const items = value.map(normalizeValue).filter((item): item is NormalValue => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (isPlainObject(value)) {
    // A null prototype keeps a `__proto__` key an ordinary key, as JSON.parse makes it.
    const result = Object.create(null) as Record<string, NormalValue>;
    for (const key of sortedKeys(value as object)) {
      if (LONE_SURROGATE.test(key)) throw new UnsignableValueError('a key holds a lone UTF-16 surrogate');
      const item = normalizeValue((value as Record<string, unknown>)[key]);
      if (item !== undefined) result[key] = item;
    }
    return Object.keys(result).length > 0 ? result : undefined;
  }
  throw new UnsignableValueError(`cannot sign a ${typeof value}`);
}

/**
 * The payload without empty values and without `sign`, keys sorted: the body the SDK sends
 * (plus `sign`) and the input of `canonicalString`.
 *
 * @example normalizePayload({ b: 2, a: '', sign: 'x' }) // { b: 2 }
 */
export function normalizePayload(payload: Record<string, unknown>): Record<string, NormalValue> {
  const rest: Record<string, unknown> = { ...payload };
  delete rest.sign;
  return (normalizeValue(rest) ?? {}) as Record<string, NormalValue>;
}

/** JSON with keys in sorted order at every depth (integer-like keys too), no spaces. */
function canonicalJson(value: NormalValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  return `{${sortedKeys(value).map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key]!)}`).join(',')}}`;
}

function textOf(value: NormalValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return canonicalJson(value);
}

/**
 * The text that is signed: `key=value` pairs of the normalized payload in sorted key
 * order joined by `&`, key and value percent-encoded as UTF-8 by encodeURIComponent.
 * A string is itself, a number its shortest round-trip form (`String(n)`), a boolean
 * `true` or `false`, an array or object its JSON with sorted keys and no spaces.
 *
 * @example canonicalString({ b: true, a: 'x y', sign: '...' }) // 'a=x%20y&b=true'
 */
export function canonicalString(payload: Record<string, unknown>): string {
  const normal = normalizePayload(payload);
  return sortedKeys(normal)
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(textOf(normal[key]!))}`)
    .join('&');
}
