import { describe, expect, it } from 'vitest';
import { allCalls } from '@lobby/sdk';
import { compileBodyValidator, compileResponseCheck, compileTextValidator } from './validation.js';

/**
 * A server compiles a call's validators at its first request (input.ts, register-call.ts), so
 * a schema the strict validators refuse would only fail when the call is first used; here
 * every call's are compiled.
 */
describe('the contract under the strict validators', () => {
  it("compiles every call's request and response schema", () => {
    const refused: string[] = [];
    for (const call of allCalls) {
      try {
        (call.style === 'json' ? compileBodyValidator : compileTextValidator)(call.request);
        compileResponseCheck(call.response)(undefined);
      } catch (error) {
        refused.push(`${call.name}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
    expect(allCalls.length).toBeGreaterThan(400);
  });
});
