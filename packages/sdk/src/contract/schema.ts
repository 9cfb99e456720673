/**
 * A small JSON Schema builder whose values are plain JSON Schema (2020-12, as OpenAPI 3.1
 * uses) and whose TypeScript type is inferred from the builder calls. The server validates
 * with these schemas; the browser client is typed by them and ships no validator.
 *
 * Hostile input stops here, not in a handler or the database: every string refuses NUL and
 * lone surrogates (the `x-refuse` keyword) unless its call says otherwise, and every integer
 * carries a range (a JSON number is exact only up to 2^53; an int4 column says so itself
 * with `maximum: INT4_MAX`).
 *
 * @example
 * const Login = s.object({ name: s.string({ minLength: 1 }), flag: s.optional(s.integer()) });
 * type Login = Infer<typeof Login>; // { name: string; flag?: number }
 */

declare const phantom: unique symbol;
declare const optionalMark: unique symbol;

/** A JSON Schema document carrying the TypeScript type of the value it accepts. */
export type Schema<T> = { readonly [key: string]: unknown } & { readonly [phantom]?: T };

/** A property schema that may be absent from its object. */
export type OptionalSchema<T> = Schema<T> & { readonly [optionalMark]: true };

/** The TypeScript type a schema accepts. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

type Props = Record<string, Schema<unknown>>;
type OptionalKeys<P extends Props> = {
  [K in keyof P]: P[K] extends OptionalSchema<unknown> ? K : never;
}[keyof P];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type ObjectOf<P extends Props> = Simplify<
  { [K in Exclude<keyof P, OptionalKeys<P>>]: Infer<P[K]> } & {
    [K in OptionalKeys<P>]?: Infer<P[K]>;
  }
>;

/** The key the builder uses to mark optional properties; stripped from emitted schemas. */
export const OPTIONAL_KEY = 'x-optional';

/** The largest value a PostgreSQL `integer` (int4) column holds; ids of sites, rooms, anchors. */
export const INT4_MAX = 2_147_483_647;
/** The largest integer a JSON number carries exactly; `bigint` (int8) columns are held to it. */
export const SAFE_INTEGER_MAX = Number.MAX_SAFE_INTEGER;

/**
 * What text refuses, checked by the server with the `x-refuse` keyword (validation/text.ts):
 * `nul` U+0000, which PostgreSQL text cannot hold; `loneSurrogate`, half a UTF-16 pair, which
 * is no Unicode text; `directionOverride`, U+202A-U+202E and U+2066-U+2069, with which text
 * can disguise what follows it.
 */
export type TextRefusal = 'nul' | 'loneSurrogate' | 'directionOverride';
/** The keyword carrying a value's text refusals; on objects and open values it covers every key and string inside. */
export const REFUSE_KEY = 'x-refuse';
/** What every text refuses unless its call says otherwise. */
export const PLAIN_TEXT: readonly TextRefusal[] = ['nul', 'loneSurrogate'];

interface Described {
  description?: string;
}
export interface StringOptions extends Described {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  /** What the text refuses; PLAIN_TEXT by default, `[]` to take any string. */
  refuse?: readonly TextRefusal[];
}
export interface NumberOptions extends Described {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
}
export interface ArrayOptions extends Described {
  minItems?: number;
  maxItems?: number;
}

/**
 * Money on the wire: a JSON number with at most `decimals` decimals (2 for yuan, 6 for
 * USDT, 5 for rates: the spec's 1e5 rate precision). The server checks the decimals with the `x-decimals` keyword; code converts it
 * to integer minor units at once (see money/).
 */
export interface MoneyOptions extends NumberOptions {
  decimals: 2 | 5 | 6;
}

const refusing = (refuse: readonly TextRefusal[]) => (refuse.length > 0 ? { [REFUSE_KEY]: [...refuse] } : {});

export const s = {
  string: ({ refuse = PLAIN_TEXT, ...options }: StringOptions = {}): Schema<string> => ({ type: 'string', ...options, ...refusing(refuse) }),
  /** An integer within the range JSON carries exactly unless the options narrow it (an int4 column: `maximum: INT4_MAX`). */
  integer: (options: NumberOptions = {}): Schema<number> => ({ type: 'integer', minimum: -SAFE_INTEGER_MAX, maximum: SAFE_INTEGER_MAX, ...options }),
  number: (options: NumberOptions = {}): Schema<number> => ({ type: 'number', ...options }),
  boolean: (options: Described = {}): Schema<boolean> => ({ type: 'boolean', ...options }),
  money: ({ decimals, ...options }: MoneyOptions): Schema<number> => ({
    type: 'number',
    'x-decimals': decimals,
    ...options,
  }),
  literal: <const T extends string | number | boolean>(value: T): Schema<T> => ({ const: value }),
  enum: <const T extends readonly (string | number)[]>(values: T, options: Described = {}): Schema<T[number]> => ({
    enum: [...values],
    ...options,
  }),
  array: <T>(items: Schema<T>, options: ArrayOptions = {}): Schema<T[]> => ({ type: 'array', items, ...options }),
  /** A closed object: unknown properties are refused. */
  object: <P extends Props>(properties: P, options: Described = {}): Schema<ObjectOf<P>> => {
    const props: Record<string, unknown> = {};
    const required: string[] = [];
    for (const [key, schema] of Object.entries(properties)) {
      const { [OPTIONAL_KEY]: optional, ...rest } = schema as Record<string, unknown>;
      props[key] = rest;
      if (!optional) required.push(key);
    }
    return { type: 'object', properties: props, required, additionalProperties: false, ...options };
  },
  /** A map from string keys to values of one schema; the keys are plain text. */
  record: <T>(values: Schema<T>, options: Described = {}): Schema<Record<string, T>> => ({
    type: 'object',
    additionalProperties: values,
    ...refusing(PLAIN_TEXT),
    ...options,
  }),
  optional: <T>(schema: Schema<T>): OptionalSchema<T> => ({ ...schema, [OPTIONAL_KEY]: true }) as unknown as OptionalSchema<T>,
  nullable: <T>(schema: Schema<T>): Schema<T | null> => ({ anyOf: [schema, { type: 'null' }] }),
  union: <T extends Schema<unknown>[]>(...schemas: T): Schema<Infer<T[number]>> => ({ anyOf: schemas }),
  /** Any JSON value whose keys and strings are plain text; use sparingly, for payloads the spec leaves open. */
  unknown: (options: Described = {}): Schema<unknown> => ({ ...refusing(PLAIN_TEXT), ...options }),
  /** No fields: the request carries nothing. */
  empty: (): Schema<Record<string, never>> => ({ type: 'object', properties: {}, additionalProperties: false }),
};
