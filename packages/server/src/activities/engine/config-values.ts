/**
 * The value checks every activity kind's config validator is made of (each kind's
 * `validateConfig` answers the problem in words).
 */

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A safe integer from `min` to `max`, both included. */
export const isInt = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
