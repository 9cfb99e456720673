import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  CODE,
  DEMO_SIGN_KEY,
  HEADER,
  createClient,
  loginPayload,
  signedHeaders as wireHeaders,
  siteBaseConfig,
  webLogin,
} from '@lobby/sdk';
import { serverSuite } from './support/suite.js';

/**
 * What a new user gets from `npm install && npm start`: the built server on a fresh
 * embedded database, the demo member, and the wire contract enforced over real HTTP.
 */
describe('the built product over HTTP', () => {
  // The first start of the product: it migrates, seeds and prints the demo login and token.
  const { server } = serverSuite({}, { fresh: true });

  it('answers /healthz with 200', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect((await response.json()).code).toBe(0);
  });

  it('prints the URL and the demo login at start', () => {
    expect(server.output()).toMatch(/demo/);
    expect(server.output()).toMatch(/demo1234/);
  });

  it('lets the demo member log in with a correctly signed webLogin', async () => {
    const client = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    const answer = await client.call(webLogin, loginPayload('demo', 'demo1234'));
    expect(answer.token).toMatch(/^[0-9a-f]{32,}$/i);
    expect(answer.member.name).toBe('demo');
  });

  it('refuses a wrong password with a business code, not an HTTP error', async () => {
    const client = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    const refusal = await client.call(webLogin, loginPayload('demo', 'wrong-password')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe(CODE.passwordWrong);
    expect((refusal as ApiError).status).toBe(200);
  });

  it('serves the brand base config to a signed anonymous call', async () => {
    const client = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    const config = await client.call(siteBaseConfig, {});
    expect(config.siteId).toBe(4);
    expect(config.title.length).toBeGreaterThan(0);
  });

  describe('refusals of the wire contract', () => {
    const deviceId = randomUUID();
    const signedHeaders = (method: string, path: string, body: string, overrides: Partial<Record<string, string>> = {}) => {
      const timestamp = overrides.timestamp ?? String(Date.now());
      const nonce = overrides.nonce ?? randomUUID();
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        ...wireHeaders({ method, pathWithQuery: path, timestamp, nonce, deviceId, body, signKey: DEMO_SIGN_KEY, siteId: 4 }),
        ...(overrides.sign ? { [HEADER.sign]: overrides.sign } : {}),
      };
      return headers;
    };
    const post = (path: string, body: string, headers: Record<string, string>) =>
      fetch(`${server.url}${path}`, { method: 'POST', body, headers }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const loginBody = JSON.stringify(loginPayload('demo', 'demo1234'));

    it('refuses a wrong sign, a stale timestamp and a reused nonce, each with its own code', async () => {
      const wrongSign = await post(webLogin.path, loginBody, signedHeaders('POST', webLogin.path, loginBody, { sign: '0'.repeat(32) }));
      const stale = String(Date.now() - 301_000);
      const staleAnswer = await post(webLogin.path, loginBody, signedHeaders('POST', webLogin.path, loginBody, { timestamp: stale }));
      const headers = signedHeaders('POST', webLogin.path, loginBody);
      const first = await post(webLogin.path, loginBody, headers);
      const replay = await post(webLogin.path, loginBody, headers);

      expect([wrongSign.status, wrongSign.body.code]).toEqual([401, CODE.signInvalid]);
      expect([staleAnswer.status, staleAnswer.body.code]).toEqual([401, CODE.timestampOutOfWindow]);
      expect([first.status, first.body.code]).toEqual([200, 0]);
      expect([replay.status, replay.body.code]).toEqual([401, CODE.nonceReused]);
    });

    it('refuses a body tampered with after signing', async () => {
      const headers = signedHeaders('POST', webLogin.path, loginBody);
      const tampered = JSON.stringify(loginPayload('demo-admin', 'demo1234'));
      const answer = await post(webLogin.path, tampered, headers);
      expect([answer.status, answer.body.code]).toEqual([401, CODE.signInvalid]);
    });

    it('answers malformed JSON with 400, never 500', async () => {
      const body = '{"name": "demo",';
      const answer = await post(webLogin.path, body, signedHeaders('POST', webLogin.path, body));
      expect([answer.status, answer.body.code]).toEqual([400, CODE.invalidJson]);
    });

    it('answers an unknown path with a 404 envelope', async () => {
      const response = await fetch(`${server.url}/member/v1/no_such_call`, { method: 'POST', body: '{}', headers: signedHeaders('POST', '/member/v1/no_such_call', '{}') });
      expect(response.status).toBe(404);
      expect((await response.json()).code).toBe(CODE.notFound);
    });
  });
});
