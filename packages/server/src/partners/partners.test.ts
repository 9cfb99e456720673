import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  CODE,
  PARTNER_REQUEST_HEADERS,
  coinWalletBalance,
  floatWindows,
  opsPartnerOriginAdd,
  opsPartnerOriginList,
  opsPartnerOriginRemove,
  webLogin,
  type AnyCall,
} from '@lobby/sdk';
import { PREFLIGHT_MAX_AGE_S } from '../http/cors.js';
import { buildTestApp } from '../testing/app.js';
import { signedInject } from '../testing/client.js';
import { movableClock } from '../testing/clock.js';
import { sessionOf } from '../testing/members.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { PARTNER_ORIGIN_CACHE_MS } from './partner-origins.js';

/** Seeded for the examples (seed/seed-partner-origins.ts). */
const SITE_4_PARTNER = 'http://localhost:8080';
const SITE_8_PARTNER = 'http://aurora-partner.localhost:8080';
const STRANGER = 'https://stranger.example';
const DEPLOYMENT_PARTNER = 'https://deployment-partner.example';

function preflight(app: FastifyInstance, call: AnyCall, origin?: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'access-control-request-method': call.method, 'access-control-request-headers': 'content-type,x-sign' };
  if (origin !== undefined) headers.origin = origin;
  return app.inject({ method: 'OPTIONS', url: call.path, headers });
}

/** A signed partner call as a page of `origin` makes it for brand `siteId`. */
function fromPage(app: FastifyInstance, call: AnyCall, origin: string | undefined, siteId = 4, token?: string): Promise<LightMyRequestResponse> {
  const body = call === floatWindows ? { displayEquipment: 8 } : {};
  return signedInject(app, { call, body, siteId, token, headers: { origin } });
}

describe.each(testEngines())('partner origins (CORS) on %s', (engine) => {
  const suite = serverSuite(engine, { config: { partnerOrigins: [DEPLOYMENT_PARTNER] } });

  it("answers an allowed origin's preflight with exactly that origin, the methods, the client's headers and a max age, without credentials", async () => {
    const answer = await preflight(suite.app, floatWindows, SITE_4_PARTNER);
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(SITE_4_PARTNER);
    expect(answer.headers.vary).toBe('Origin');
    expect(answer.headers['access-control-allow-methods']).toBe('POST');
    expect(String(answer.headers['access-control-allow-headers']).split(', ')).toEqual([...PARTNER_REQUEST_HEADERS]);
    expect(PARTNER_REQUEST_HEADERS).toEqual(expect.arrayContaining(['x-sign', 'x-site-id', 'x-token', 'x-idempotency-key', 'content-type']));
    expect(answer.headers['access-control-max-age']).toBe(String(PREFLIGHT_MAX_AGE_S));
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('refuses the preflight of any other origin, of none, of a wildcard and of null with 403 and no allowance', async () => {
    for (const origin of [STRANGER, undefined, '*', 'null', `${SITE_4_PARTNER}/`, 'http://localhost:8081']) {
      const answer = await preflight(suite.app, floatWindows, origin);
      expect(answer.statusCode, String(origin)).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-methods']).toBeUndefined();
      expect(answer.headers.vary).toBe('Origin');
    }
  });

  it('serves no preflight for a call the widgets do not make', async () => {
    const answer = await preflight(suite.app, webLogin, SITE_4_PARTNER);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.statusCode).toBe(404);
    const actual = await signedInject(suite.app, { call: webLogin, body: { name: 'demo', password: 'x'.repeat(32) }, headers: { origin: SITE_4_PARTNER } });
    expect(actual.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("gives an allowed origin's answers its origin and Vary: Origin, and no other origin any allowance", async () => {
    const allowed = await fromPage(suite.app, floatWindows, SITE_4_PARTNER);
    expect(allowed.json().code).toBe(CODE.success);
    expect(allowed.headers['access-control-allow-origin']).toBe(SITE_4_PARTNER);
    expect(allowed.headers.vary).toBe('Origin');
    for (const origin of [STRANGER, '*', 'null', undefined]) {
      const answer = await fromPage(suite.app, floatWindows, origin);
      expect(answer.json().code).toBe(CODE.success);
      expect(answer.headers['access-control-allow-origin'], String(origin)).toBeUndefined();
      expect(answer.headers.vary).toBe('Origin');
    }
  });

  it('allows an origin only for its own brand (x-site-id)', async () => {
    expect((await fromPage(suite.app, floatWindows, SITE_8_PARTNER, 8)).headers['access-control-allow-origin']).toBe(SITE_8_PARTNER);
    expect((await fromPage(suite.app, floatWindows, SITE_8_PARTNER, 4)).headers['access-control-allow-origin']).toBeUndefined();
    expect((await fromPage(suite.app, floatWindows, SITE_4_PARTNER, 8)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows the deployment list (LOBBY_PARTNER_ORIGINS) for every brand', async () => {
    expect((await preflight(suite.app, floatWindows, DEPLOYMENT_PARTNER)).headers['access-control-allow-origin']).toBe(DEPLOYMENT_PARTNER);
    expect((await fromPage(suite.app, floatWindows, DEPLOYMENT_PARTNER, 4)).headers['access-control-allow-origin']).toBe(DEPLOYMENT_PARTNER);
    expect((await fromPage(suite.app, floatWindows, DEPLOYMENT_PARTNER, 8)).headers['access-control-allow-origin']).toBe(DEPLOYMENT_PARTNER);
    const { body } = await suite.call(opsPartnerOriginList, { siteId: 4 }, { token: suite.opsToken });
    expect(body.data.deploymentOrigins).toEqual([DEPLOYMENT_PARTNER]);
  });

  it("carries the allowance on a member call's answers, refusals included, so the widget can read them", async () => {
    const token = await sessionOf(suite.db, 4, 'demo');
    const member = await fromPage(suite.app, coinWalletBalance, SITE_4_PARTNER, 4, token);
    expect(member.json().code).toBe(CODE.success);
    expect(member.headers['access-control-allow-origin']).toBe(SITE_4_PARTNER);
    const visitor = await fromPage(suite.app, coinWalletBalance, SITE_4_PARTNER, 4);
    expect(visitor.json().code).toBe(CODE.tokenMissing);
    expect(visitor.headers['access-control-allow-origin']).toBe(SITE_4_PARTNER);
  });

  it("takes an operator's add and remove at once, and refuses a wildcard, a path or a non-operator", async () => {
    const origin = 'https://new-partner.example';
    expect((await preflight(suite.app, floatWindows, origin)).statusCode).toBe(403);
    const added = await suite.call(opsPartnerOriginAdd, { siteId: 4, origin: 'HTTPS://New-Partner.example:443/' }, { token: suite.opsToken });
    expect(added.body.data).toEqual({ siteId: 4, origin, added: true });
    expect((await suite.call(opsPartnerOriginAdd, { siteId: 4, origin }, { token: suite.opsToken })).body.data.added).toBe(false);
    expect((await preflight(suite.app, floatWindows, origin)).headers['access-control-allow-origin']).toBe(origin);
    expect((await fromPage(suite.app, floatWindows, origin, 4)).headers['access-control-allow-origin']).toBe(origin);
    expect((await fromPage(suite.app, floatWindows, origin, 8)).headers['access-control-allow-origin']).toBeUndefined();
    const listed = await suite.call(opsPartnerOriginList, { siteId: 4 }, { token: suite.opsToken });
    expect(listed.body.data.list.map((row) => row.origin)).toEqual([origin, 'http://127.0.0.1:8080', SITE_4_PARTNER].sort());
    expect(listed.body.data.list.find((row) => row.origin === origin)!.addedBy).toMatch(/^operator:/);

    const removed = await suite.call(opsPartnerOriginRemove, { siteId: 4, origin }, { token: suite.opsToken });
    expect(removed.body.data).toEqual({ siteId: 4, origin, removed: true });
    expect((await suite.call(opsPartnerOriginRemove, { siteId: 4, origin }, { token: suite.opsToken })).body.data.removed).toBe(false);
    expect((await preflight(suite.app, floatWindows, origin)).statusCode).toBe(403);
    expect((await fromPage(suite.app, floatWindows, origin, 4)).headers['access-control-allow-origin']).toBeUndefined();

    for (const bad of ['*', 'https://*.example.com', 'https://partner.example/page', 'https://partner.example?x=1', 'ftp://partner.example', 'null', 'partner.example']) {
      const refused = await suite.call(opsPartnerOriginAdd, { siteId: 4, origin: bad }, { token: suite.opsToken });
      expect(refused.body.code, bad).toBe(CODE.invalidField);
      expect(refused.body.msg).toMatch(/^origin: /);
    }
    expect((await suite.call(opsPartnerOriginAdd, { siteId: 999, origin }, { token: suite.opsToken })).body.code).toBe(CODE.notFound);
    const token = await sessionOf(suite.db, 4, 'demo');
    expect((await suite.call(opsPartnerOriginAdd, { siteId: 4, origin }, { token })).body.code).toBe(CODE.operatorOnly);
    expect((await suite.call(opsPartnerOriginList, { siteId: 4 })).body.code).toBe(CODE.operatorOnly);
  });

  it("sees another instance's change once its cache of PARTNER_ORIGIN_CACHE_MS ends", async () => {
    const clock = movableClock();
    const other = await buildTestApp(suite.db, { providers: { clock } });
    try {
      const origin = 'https://other-instance.example';
      expect((await fromPage(other, floatWindows, origin)).headers['access-control-allow-origin']).toBeUndefined();
      await suite.call(opsPartnerOriginAdd, { siteId: 4, origin }, { token: suite.opsToken });
      expect((await fromPage(other, floatWindows, origin)).headers['access-control-allow-origin']).toBeUndefined();
      clock.advance(PARTNER_ORIGIN_CACHE_MS);
      expect((await fromPage(other, floatWindows, origin)).headers['access-control-allow-origin']).toBe(origin);
      await suite.call(opsPartnerOriginRemove, { siteId: 4, origin }, { token: suite.opsToken });
      clock.advance(PARTNER_ORIGIN_CACHE_MS);
      expect((await fromPage(other, floatWindows, origin)).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  describe('the embedded broker WebSocket (/mqtt)', () => {
    let url: string;
    beforeAll(async () => {
      await suite.app.listen({ port: 0, host: '127.0.0.1' });
      url = `ws://127.0.0.1:${(suite.app.server.address() as AddressInfo).port}/mqtt`;
    });

    /** The HTTP status of the upgrade: 101 when the socket opened. */
    const upgradeStatus = (origin?: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url, 'mqtt', origin === undefined ? {} : { origin });
        socket.once('open', () => {
          socket.terminate();
          resolve(101);
        });
        socket.once('unexpected-response', (_request, response) => {
          socket.terminate();
          resolve(response.statusCode ?? 0);
        });
        socket.once('error', reject);
      });

    it('opens for a partner origin, the deployment list, the server’s own host and a client without Origin', async () => {
      expect(await upgradeStatus(SITE_4_PARTNER)).toBe(101);
      expect(await upgradeStatus(SITE_8_PARTNER)).toBe(101);
      expect(await upgradeStatus(DEPLOYMENT_PARTNER)).toBe(101);
      expect(await upgradeStatus(new URL(url.replace('ws:', 'http:')).origin)).toBe(101);
      expect(await upgradeStatus()).toBe(101);
    });

    it('refuses a page of any other origin with 403', async () => {
      expect(await upgradeStatus(STRANGER)).toBe(403);
      expect(await upgradeStatus('null')).toBe(403);
    });
  });
});
