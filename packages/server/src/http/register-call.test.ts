import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE, defineCall, s, type Envelope } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { signedInject } from '../testing/client.js';
import { newMemberSession } from '../testing/members.js';
import { BusinessError } from './errors.js';
import { registerCall } from './register-call.js';
import type { IdempotentRequest } from './idempotency.js';

const probe = defineCall({
  name: 'probe',
  group: 'test',
  path: '/test/v1/probe',
  style: 'json',
  auth: 'member',
  summary: 'test probe',
  request: s.object({ name: s.string(), amount: s.optional(s.money({ decimals: 2 })), nested: s.optional(s.object({ n: s.integer() })) }),
  response: s.object({ greeting: s.string() }),
});
const openProbe = defineCall({
  name: 'openProbe',
  group: 'test',
  path: '/test/v1/open',
  style: 'query',
  auth: 'optional',
  summary: 'test probe with query',
  request: s.object({ page: s.integer({ minimum: 1 }), flag: s.optional(s.boolean()) }),
  response: s.object({ page: s.integer(), visitor: s.boolean() }),
});
const moneyProbe = defineCall({
  name: 'moneyProbe',
  group: 'test',
  path: '/test/v1/money',
  style: 'json',
  auth: 'member',
  summary: 'test probe that moves money',
  movesMoney: true,
  request: s.object({ amount: s.money({ decimals: 2 }) }),
  response: s.object({ ok: s.boolean() }),
});

describe.each(testEngines())('registerCall on %s', (engine) => {
  let token: string;
  let handled = 0;
  const guarded: IdempotentRequest[] = [];

  const suite = serverSuite(engine, {
    routeGroups: [
      (instance) => {
        registerCall(instance, probe, async ({ request, requireMember }) => {
          handled += 1;
          if (request.name === 'boom') throw new Error('secret internal detail');
          if (request.name === 'refuse') throw new BusinessError('nameTaken', 'taken');
          return { greeting: `hello ${request.name} from ${requireMember().name}` };
        });
        registerCall(instance, openProbe, async ({ request, member }) => ({ page: request.page, visitor: member === null }));
        registerCall(instance, moneyProbe, async () => ({ ok: true }), { idempotency: 'ledger' });
      },
    ],
  });
  beforeAll(async () => {
    ({ token } = await newMemberSession(suite.db, 'probe-member'));
  });

  const expectRefusal = (response: { statusCode: number; json(): unknown }, status: number, code: number) => {
    expect(response.statusCode).toBe(status);
    expect((response.json() as Envelope<unknown>).code).toBe(code);
    return (response.json() as Envelope<unknown>).msg;
  };

  it('runs a correctly signed member call and wraps the data', async () => {
    const { status, body } = await suite.call(probe, { name: 'x' }, { token });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 0, msg: 'ok', data: { greeting: 'hello x from probe-member' } });
  });

  it('refuses a missing, wrong or stale signature and a reused nonce with distinct 401 codes', async () => {
    expectRefusal(await signedInject(suite.app, { call: probe, body: { name: 'x' }, token, headers: { 'x-sign': undefined } }), 401, CODE.signMissing);
    expectRefusal(await signedInject(suite.app, { call: probe, body: { name: 'x' }, token, signKey: 'other-key' }), 401, CODE.signInvalid);
    const tampered = await signedInject(suite.app, { call: probe, body: { name: 'x' }, token, headers: { 'x-device-id': 'other-device' } });
    expectRefusal(tampered, 401, CODE.signInvalid);
    const stale = await signedInject(suite.app, { call: probe, body: { name: 'x' }, token, timestamp: Date.now() - 301_000 });
    expectRefusal(stale, 401, CODE.timestampOutOfWindow);
    expectRefusal(await signedInject(suite.app, { call: probe, body: { name: 'x' }, token, timestamp: Date.now() + 301_000 }), 401, CODE.timestampOutOfWindow);
    const first = await signedInject(suite.app, { call: probe, body: { name: 'x' }, token, nonce: 'nonce-once-0001' });
    expect(first.statusCode).toBe(200);
    expectRefusal(await signedInject(suite.app, { call: probe, body: { name: 'x' }, token, nonce: 'nonce-once-0001' }), 401, CODE.nonceReused);
    expectRefusal(await signedInject(suite.app, { call: probe, body: { name: 'x' }, token, headers: { 'x-device-id': undefined } }), 401, CODE.headersMissing);
  });

  it('signs the exact body text: the same JSON spaced differently is another sign', async () => {
    const response = await signedInject(suite.app, { call: probe, body: '{"name": "spaced"}', token });
    expect(response.json<Envelope<{ greeting: string }>>().data.greeting).toBe('hello spaced from probe-member');
  });

  it('refuses a member call without a token or with a bad one', async () => {
    expectRefusal(await signedInject(suite.app, { call: probe, body: { name: 'x' } }), 401, CODE.tokenMissing);
    expectRefusal(await signedInject(suite.app, { call: probe, body: { name: 'x' }, token: 'f'.repeat(32) }), 401, CODE.tokenInvalid);
    expectRefusal(await signedInject(suite.app, { call: probe, body: { name: 'x' }, token, siteId: 8 }), 401, CODE.tokenInvalid);
  });

  it('answers bad input with 400, naming the field, and never runs the handler', async () => {
    const before = handled;
    expect(expectRefusal(await signedInject(suite.app, { call: probe, body: '{"name":', token }), 400, CODE.invalidJson)).toMatch(/not valid JSON/);
    expect(expectRefusal(await signedInject(suite.app, { call: probe, body: { name: 'x', extra: 1 }, token }), 400, CODE.unknownField)).toBe(
      'extra: unknown field',
    );
    expect(expectRefusal(await signedInject(suite.app, { call: probe, body: { name: 5 }, token }), 400, CODE.invalidField)).toBe('name: must be a string');
    expect(expectRefusal(await signedInject(suite.app, { call: probe, body: {}, token }), 400, CODE.invalidField)).toBe('name: is required');
    const nested = await signedInject(suite.app, { call: probe, body: { name: 'x', nested: { n: 'one' } }, token });
    expect(expectRefusal(nested, 400, CODE.invalidField)).toBe('nested.n: must be an integer');
    const decimals = await signedInject(suite.app, { call: probe, body: { name: 'x', amount: 1.234 }, token });
    expect(expectRefusal(decimals, 400, CODE.invalidField)).toBe('amount: must have at most 2 decimals');
    const huge = await signedInject(suite.app, { call: probe, body: { name: 'x'.repeat(70_000) }, token });
    expectRefusal(huge, 400, CODE.bodyTooLarge);
    const form = await signedInject(suite.app, { call: probe, body: 'name=x', token, contentType: 'application/x-www-form-urlencoded' });
    expectRefusal(form, 400, CODE.unsupportedContentType);
    expectRefusal(await signedInject(suite.app, { call: probe, body: 'name=x', token, contentType: 'text/plain' }), 400, CODE.unsupportedContentType);
    expect(handled).toBe(before);
  });

  it('coerces query strings and treats a bad token on an optional call as a visitor', async () => {
    const { body } = await suite.call(openProbe, { page: 2 }, { token: 'f'.repeat(32) });
    expect(body.data).toEqual({ page: 2, visitor: true });
    expect((await suite.call(openProbe, { page: 3 }, { token })).body.data).toEqual({ page: 3, visitor: false });
    expectRefusal(await signedInject(suite.app, { call: openProbe, body: { page: 'two' } }), 400, CODE.invalidField);
    expectRefusal(await signedInject(suite.app, { call: openProbe, body: { page: 1, other: 'x' } }), 400, CODE.unknownField);
  });

  it('sends business refusals as 200 with their code and faults as a bare 500 envelope', async () => {
    const refused = await suite.call(probe, { name: 'refuse' }, { token });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ code: CODE.nameTaken, msg: 'taken', data: null });
    const fault = await signedInject(suite.app, { call: probe, body: { name: 'boom' }, token });
    expect(fault.statusCode).toBe(500);
    expect(fault.json()).toEqual({ code: CODE.internalError, msg: expect.any(String), data: null });
    expect(fault.body).not.toContain('secret internal detail');
  });

  it('requires an idempotency key on money calls and hands them to the guard', async () => {
    expectRefusal(await signedInject(suite.app, { call: moneyProbe, body: { amount: 1 }, token }), 400, CODE.idempotencyKeyMissing);
    const guard = vi.spyOn(suite.app.lobby.idempotency.guardOf('ledger'), 'run').mockImplementation(async (request, work) => (guarded.push(request), work(suite.app.lobby.db)));
    try {
      const answer = await suite.call(moneyProbe, { amount: 1.5 }, { token, headers: { 'x-idempotency-key': 'key-0001' } });
      expect(answer.body.data).toEqual({ ok: true });
    } finally {
      guard.mockRestore();
    }
    expect(guarded).toEqual([expect.objectContaining({ key: 'key-0001', callName: 'moneyProbe', fingerprint: '{"amount":1.5}', input: { amount: 1.5 } })]);
  });

  it('answers unknown paths, healthz and wrong methods with envelopes', async () => {
    const unknown = await suite.app.inject({ method: 'GET', url: '/member/v9/nothing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: CODE.notFound, data: null });
    expect((await suite.app.inject({ method: 'POST', url: '/nothing', payload: 'x', headers: { 'content-type': 'text/plain' } })).statusCode).toBe(404);
    const health = await suite.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ code: 0, data: { status: 'up' } });
  });
});
