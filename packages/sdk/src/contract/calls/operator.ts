import { defineCall } from '../call.js';
import { s } from '../schema.js';

/**
 * The operator API (issue 3, item 11): what a back office does to orders, under /ops/v1/.
 * Every call needs an operator token in x-token (`auth: 'operator'`); `npm run ops` and
 * tests use it to reach every state of every order. Amounts are yuan (2 decimals).
 */

/** The operator behind the token, to check a token. */
export const opsWhoami = defineCall({
  name: 'opsWhoami',
  group: 'operator',
  path: '/ops/v1/whoami',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: who am I (checks the operator token)',
  request: s.empty(),
  response: s.object({ id: s.integer({ minimum: 1 }), name: s.string() }),
});
