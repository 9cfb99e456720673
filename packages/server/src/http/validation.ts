import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

type KeywordCheck<S, D> = ((schema: S, data: D) => boolean) & { errors?: Partial<ErrorObject>[] };
import { REFUSE_KEY, TEXT_REFUSAL_WORDS, hasAtMostDecimals, refusedInValue, type Schema, type TextRefusal } from '@lobby/sdk';
import { BusinessError } from './errors.js';

/**
 * Request validation with the contract's own schemas. JSON bodies are checked as sent (no
 * coercion, no removal of unknown fields, no defaults); query strings and form bodies
 * arrive as text, so their validator coerces "12" to 12. Both know `x-decimals`, the
 * money keyword of the schema builder, and `x-refuse`, its text keyword.
 */
function createAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
    useDefaults: false,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
  });
  const decimals: KeywordCheck<number, number> = (limit: number, data: number) => {
    if (hasAtMostDecimals(data, limit as 2 | 5 | 6)) return true;
    decimals.errors = [{ keyword: 'x-decimals', message: `must have at most ${limit} decimals`, params: { limit } }];
    return false;
  };
  ajv.addKeyword({ keyword: 'x-decimals', type: 'number', schemaType: 'number', errors: true, validate: decimals });
  const refuse: KeywordCheck<TextRefusal[], unknown> = (refusals, data) => {
    const refusal = refusedInValue(data, refusals);
    if (refusal === undefined) return true;
    refuse.errors = [{ keyword: REFUSE_KEY, message: TEXT_REFUSAL_WORDS[refusal], params: { refusal } }];
    return false;
  };
  ajv.addKeyword({ keyword: REFUSE_KEY, schemaType: 'array', errors: true, validate: refuse });
  return ajv;
}

const bodyAjv = createAjv(false);
const textAjv = createAjv(true);

/** A validator that answers the valid value or throws a 400 naming the field. */
export type InputValidator = (value: unknown) => unknown;

/** Compiles a validator for JSON bodies (exact types). */
export function compileBodyValidator(schema: Schema<unknown>): InputValidator {
  return wrap(bodyAjv.compile(schema));
}

/**
 * Compiles a validator for query strings and form bodies (text coerced to the schema's types).
 * A number written with a huge exponent ('1e309') coerces to Infinity, which ajv's integer
 * type and bounds let through; it is refused here, naming the field, as the schema means.
 */
export function compileTextValidator(schema: Schema<unknown>): InputValidator {
  const validate = wrap(textAjv.compile(schema));
  return (value) => {
    const valid = validate(value);
    if (valid && typeof valid === 'object') {
      for (const [field, item] of Object.entries(valid)) {
        if (typeof item === 'number' && !Number.isFinite(item)) throw new BusinessError('invalidField', `${field}: must be a finite number`);
      }
    }
    return valid;
  };
}

/**
 * A check of a handler's data against the response schema; answers an error text or null.
 * Compiled at its first use (a server checks only the answers it gives).
 */
export function compileResponseCheck(schema: Schema<unknown>): (value: unknown) => string | null {
  let validate: ValidateFunction | undefined;
  return (value) => {
    validate ??= bodyAjv.compile(schema);
    return validate(value) ? null : describeError(validate.errors?.[0]);
  };
}

function wrap(validate: ValidateFunction): InputValidator {
  return (value) => {
    if (validate(value)) return value;
    const error = validate.errors?.[0];
    const code = error?.keyword === 'additionalProperties' ? 'unknownField' : 'invalidField';
    throw new BusinessError(code, describeError(error));
  };
}

/** "name: must be a string", "extra: unknown field", "password: is required". */
export function describeError(error: ErrorObject | undefined): string {
  if (!error) return 'request: invalid';
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const at = (field: string) => (path ? `${path}.${field}` : field);
  if (error.keyword === 'additionalProperties') return `${at(String(error.params.additionalProperty))}: unknown field`;
  if (error.keyword === 'required') return `${at(String(error.params.missingProperty))}: is required`;
  if (error.keyword === 'type') return `${path || 'request'}: must be ${typeWords(String(error.params.type))}`;
  return `${path || 'request'}: ${error.message ?? 'is invalid'}`;
}

const ARTICLE: Record<string, string> = { integer: 'an integer', object: 'an object', array: 'an array', null: 'null' };

function typeWords(types: string): string {
  return types
    .split(',')
    .map((type) => ARTICLE[type] ?? `a ${type}`)
    .join(' or ');
}
