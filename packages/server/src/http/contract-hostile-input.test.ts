import { describe, expect, it } from 'vitest';
import { CODE, INT4_MAX, allCalls, loginPayload, opsMemberStatus, webLogin, type AnyCall } from '@lobby/sdk';
import { TEST_DEMO_PASSWORD } from '../testing/app.js';
import { signedInject } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite, type ServerSuite } from '../testing/server-suite.js';

/**
 * Every operation of the contract (what /openapi.json documents), given hostile values in
 * each text, integer and number field of an otherwise valid request, and hostile bodies
 * as a whole: no answer is a 500, and NUL, a lone surrogate or an integer outside its
 * range is a 400 that names the field (issue 17, "Hostile input gives 500s").
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Path = (string | number)[];
type Kind = 'text' | 'integer' | 'number';

/** A hostile value; `raw` is JSON text put in as is (1e309, -0), `refused` means a 400 naming the field is due. */
interface Hostile {
  label: string;
  value?: unknown;
  raw?: string;
  query?: string;
  refused?: boolean;
}

const NESTED = JSON.parse('{"a":{"b":{"c":{"d":[{"e":{}}]}}}}') as unknown;
const PROTO = JSON.parse('{"__proto__":{"polluted":true}}') as unknown;
const SHARED: Hostile[] = [
  { label: 'null', value: null, query: '' },
  { label: 'array', value: ['x'], query: 'x&{field}=y' },
  { label: 'nested object', value: NESTED, query: '%7B%22a%22%3A1%7D' },
  { label: '__proto__ object', value: PROTO, query: '__proto__' },
  { label: 'NaN as text', value: 'NaN', query: 'NaN' },
  { label: 'exponent 1e309', raw: '1e309', query: '1e309' },
  { label: 'negative zero', raw: '-0', query: '-0' },
];

function hostileValues(kind: Kind, schema: Json): Hostile[] {
  if (kind === 'text') {
    return [
      { label: 'NUL', value: 'a\u0000b', query: 'a%00b', refused: true },
      { label: 'lone surrogate', value: '\ud800', query: '%ED%A0%80', refused: true },
      { label: 'lone low surrogate', value: 'x\udc00', refused: true },
      { label: 'very long', value: 'x'.repeat(100_000), query: 'x'.repeat(100_000) },
      { label: 'number', value: 123 },
      { label: 'boolean', value: true, query: 'true' },
      { label: 'direction override', value: '\u202Eabc' },
      { label: 'markup and quotes', value: `<img src=x onerror=alert(1)>' OR '1'='1`, query: '%3Cimg%3E%27%20OR' },
      ...SHARED,
    ];
  }
  const max = schema.maximum as number;
  const min = (schema.minimum ?? schema.exclusiveMinimum) as number;
  const outOfRange: Hostile[] =
    kind === 'integer'
      ? [
          { label: 'above its range', value: max + 1, query: String(max + 1), refused: true },
          { label: 'below its range', value: min - 1, query: String(min - 1), refused: true },
          { label: 'above int4', value: INT4_MAX + 1, query: String(INT4_MAX + 1) },
          { label: 'beyond int8', raw: '92233720368547758070', query: '92233720368547758070' },
          { label: 'a fraction', value: 1.5, query: '1.5' },
          { label: 'digits as text', value: '12' },
        ]
      : [
          { label: 'huge', value: 1e300, query: '1e300' },
          { label: 'negative', value: -1, query: '-1' },
          { label: 'tiny fraction', value: 1e-9, query: '0.000000001' },
        ];
  return [...outOfRange, { label: 'text', value: 'abc', query: 'abc' }, { label: 'boolean', value: true, query: 'true' }, ...SHARED];
}

/** Whole bodies that are not a request at all. */
const HOSTILE_BODIES = ['', '{', '[]', 'null', '"text"', '12', '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', `${'['.repeat(5000)}${']'.repeat(5000)}`];

const TEXT_CANDIDATES = ['1', 'a1', 'user01', '+86', '2000-01-01', '2000-01', '13800138000', 'a@example.com', 'https://example.com/a', `/member/v1/feedback/image/${'a'.repeat(32)}`];

function sampleText(schema: Json): string {
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const fits = (text: string) => text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity) && (!pattern || pattern.test(text));
  const found = TEXT_CANDIDATES.find(fits) ?? ['1', 'a', 'A', 'f'].flatMap((char) => Array.from({ length: 64 }, (_, n) => char.repeat(n + 1))).find(fits);
  return found ?? 'a'.repeat(Math.max(1, schema.minLength ?? 1));
}

function sampleNumber(schema: Json): number {
  const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + 1);
  const max = schema.maximum ?? Infinity;
  return Math.min(Math.max(1, min ?? 1), max);
}

/** A valid value of a schema: every property present, one item per array, one key per map. */
function sample(schema: Json): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return sample(nonNull(schema));
  if (schema.type === 'string') return sampleText(schema);
  if (schema.type === 'integer' || schema.type === 'number') return sampleNumber(schema);
  if (schema.type === 'boolean') return true;
  if (schema.type === 'array') return Array.from({ length: Math.max(schema.minItems ?? 0, schema.maxItems === 0 ? 0 : 1) }, () => sample(schema.items as Json));
  if (schema.type === 'object' && schema.properties) return Object.fromEntries(Object.entries(schema.properties as Record<string, Json>).map(([key, value]) => [key, sample(value)]));
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object') return { k: sample(schema.additionalProperties as Json) };
  return {};
}

function nonNull(schema: Json): Json {
  return Array.isArray(schema.anyOf) ? ((schema.anyOf as Json[]).find((option) => option.type !== 'null') ?? (schema.anyOf as Json[])[0]!) : schema;
}

/** The text, integer and number fields of a request schema, with the schema of each. */
function leaves(schema: Json, path: Path = []): { path: Path; kind: Kind; schema: Json }[] {
  const own = nonNull(schema);
  if ('const' in own || Array.isArray(own.enum)) return [];
  if (own.type === 'string') return [{ path, kind: 'text', schema: own }];
  if (own.type === 'integer') return [{ path, kind: 'integer', schema: own }];
  if (own.type === 'number') return [{ path, kind: 'number', schema: own }];
  if (own.type === 'array' && own.maxItems !== 0) return leaves(own.items as Json, [...path, 0]);
  if (own.type === 'object' && own.properties) return Object.entries(own.properties as Record<string, Json>).flatMap(([key, value]) => leaves(value, [...path, key]));
  if (own.type === 'object' && typeof own.additionalProperties === 'object') return leaves(own.additionalProperties as Json, [...path, 'k']);
  return [];
}

function withValue(base: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(base) as Json;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Json;
  at[path.at(-1)!] = value;
  return copy;
}

const RAW_MARK = 'raw-hostile-value-mark';

/** The JSON body with one field set to a hostile value. */
function jsonBody(base: unknown, path: Path, hostile: Hostile): string {
  if (path.length === 0) return hostile.raw ?? JSON.stringify(hostile.value);
  const text = JSON.stringify(withValue(base, path, hostile.raw === undefined ? hostile.value : RAW_MARK));
  return hostile.raw === undefined ? text : text.replace(`"${RAW_MARK}"`, hostile.raw);
}

/** The query or form text with one field set to a hostile value (already percent-encoded). */
function textBody(base: unknown, path: Path, hostile: Hostile | undefined): string {
  const pairs = Object.entries(base as Json).map(([key, value]) => [key, encodeURIComponent(String(value))]);
  const field = String(path[0]);
  return pairs.map(([key, value]) => `${key}=${key === field && hostile ? hostile.query!.replaceAll('{field}', field) : value}`).join('&');
}

interface Outcome {
  sent: number;
  failures: string[];
}

async function send(suite: ServerSuite, call: AnyCall, body: string, token: string | undefined, outcome: Outcome, remote: string) {
  outcome.sent += 1;
  return signedInject(suite.app, {
    call,
    body,
    token,
    contentType: call.style === 'upload' ? 'multipart/form-data; boundary=hostile' : undefined,
    headers: call.movesMoney ? { 'x-idempotency-key': `hostile-${outcome.sent}` } : {},
    remoteAddress: remote,
  });
}

describe.each(testEngines())('every contract operation given hostile input on %s', (engine) => {
  const suite = serverSuite(engine);
  let memberToken = '';
  const logIn = async () => {
    let { body } = await suite.call(webLogin, loginPayload('demo', TEST_DEMO_PASSWORD), { remoteAddress: '10.255.0.1' });
    if (body.code === CODE.memberDisabled) {
      // A hostile walk of opsMemberStatus disables member 1, the demo member: lift it.
      const { rows } = await suite.db.query<{ id: string }>("SELECT id FROM members WHERE name = 'demo' AND site_id = 4");
      await suite.call(opsMemberStatus, { memberId: Number(rows[0]!.id), disabled: false, reason: 'the hostile walk goes on' }, { token: suite.opsToken });
      ({ body } = await suite.call(webLogin, loginPayload('demo', TEST_DEMO_PASSWORD), { remoteAddress: '10.255.0.1' }));
    }
    expect(body.code, 'the demo member logs in').toBe(CODE.success);
    memberToken = body.data.token;
  };

  it('answers no 500, and a 400 naming the field for NUL, lone surrogates and integers out of range', { timeout: 900_000 }, async () => {
    await logIn();
    const outcome: Outcome = { sent: 0, failures: [] };
    const counts = { operations: 0, fields: 0, refusalsChecked: 0 };
    for (const call of allCalls) {
      counts.operations += 1;
      const tokenOf = () => (call.auth === 'operator' ? suite.opsToken : call.auth === 'none' ? undefined : memberToken);
      const schema = call.request as Json;
      const base = sample(schema);
      const json = call.style === 'json';
      const attempt = async (body: string, what: string, refused: { field: string } | undefined) => {
        const remote = `10.${(outcome.sent >> 16) & 255}.${(outcome.sent >> 8) & 255}.${outcome.sent & 255}`;
        let response = await send(suite, call, body, tokenOf(), outcome, remote);
        if (response.statusCode === 401 && call.auth === 'member') {
          await logIn(); // a hostile walk of logout or a password change ends the session
          response = await send(suite, call, body, tokenOf(), outcome, remote);
        }
        if (response.statusCode >= 500) outcome.failures.push(`${call.name} ${what}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (!refused) return;
        counts.refusalsChecked += 1;
        const answer = response.json<{ code: number; msg: string }>();
        const named = refused.field.split('.').some((_, i, parts) => answer.msg.startsWith(`${parts.slice(0, i + 1).join('.')}:`));
        if (response.statusCode !== 400 || answer.code !== CODE.invalidField || !named) {
          outcome.failures.push(`${call.name} ${what}: expected a 400 naming ${refused.field}, got ${response.statusCode} ${answer.code} "${answer.msg}"`);
        }
      };
      const baseBody = json ? JSON.stringify(base) : textBody(base, [], undefined);
      const baseAnswer = await send(suite, call, baseBody, tokenOf(), outcome, '10.254.0.1');
      if (baseAnswer.statusCode >= 500) outcome.failures.push(`${call.name} valid input: ${baseAnswer.statusCode} ${baseAnswer.body.slice(0, 200)}`);
      const baseRefusal = baseAnswer.statusCode === 400 ? baseAnswer.json<{ msg: string }>().msg : '';
      expect(baseRefusal.includes(': must') || baseRefusal.includes(': unknown') || baseRefusal.includes(': is required'), `${call.name}: the walk's valid input is valid (${baseRefusal})`).toBe(false);
      for (const body of json ? HOSTILE_BODIES : ['%00=1', '__proto__[polluted]=1', 'a=%ED%A0%80', '=&&=']) await attempt(body, `body ${body.slice(0, 40)}`, undefined);
      for (const leaf of leaves(schema)) {
        counts.fields += 1;
        const field = leaf.path.join('.');
        for (const hostile of hostileValues(leaf.kind, leaf.schema)) {
          if (!json && (hostile.query === undefined || leaf.path.length !== 1)) continue;
          const body = json ? jsonBody(base, leaf.path, hostile) : textBody(base, leaf.path, hostile);
          // A lone surrogate cannot travel in UTF-8 text: in a query or form it arrives as
          // something else (or not at all), so only JSON owes the field-naming 400 for it.
          const refused = hostile.refused && (json || hostile.label === 'NUL' || leaf.kind !== 'text') ? { field } : undefined;
          await attempt(body, `${field} ${hostile.label}`, refused);
        }
      }
    }
    expect(({} as Json).polluted, 'no prototype was polluted').toBeUndefined();
    console.info(`hostile walk on ${engine.name}: ${counts.operations} operations, ${counts.fields} fields, ${outcome.sent} requests, ${counts.refusalsChecked} field-naming refusals checked, ${outcome.failures.length} failures`);
    expect(outcome.failures).toEqual([]);
    expect(counts.operations).toBe(allCalls.length);
  });
});
