import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $session, ApiError, CLIENT_CODE, CODE, clearSession, createClient, deviceId, newIdempotencyKey, setLanguage, setSession } from '@lobby/sdk';
import { deleteCall, formCall, jsonCall, moneyCall, publicCall, queryCall } from '../testing/test-calls.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => clearSession());

const last = () => server.requests.at(-1)!;

describe('createClient: headers and signature', () => {
  it('sends every contract header and a signature the server can recompute', async () => {
    setSession('tok-1');
    const client = createClient({ baseUrl: server.baseUrl });
    const before = Date.now();
    await expect(client.call(jsonCall, { b: 'x', a: 1 })).resolves.toEqual({ path: '/t/json' });
    const { headers, signOk } = last();
    expect(headers['x-client-type']).toBe('web_s1');
    expect(headers['x-original-client-type']).toBe('web');
    expect(headers['x-version']).toBe('v1.0.1');
    expect(headers['x-site-id']).toBe('4');
    expect(headers['x-device-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(headers['x-token']).toBe('tok-1');
    expect(Number(headers['x-timestamp'])).toBeGreaterThanOrEqual(before);
    expect(Number(headers['x-timestamp'])).toBeLessThanOrEqual(Date.now());
    expect(headers['x-nonce']).toMatch(/^[0-9a-f]{32}$/);
    expect(headers['x-sign']).toMatch(/^[0-9a-f]{32}$/);
    expect(headers['x-idempotency-key']).toBeUndefined();
    expect(signOk).toBe(true);
  });

  it('uses a new nonce per request and the configured site id', async () => {
    const client = createClient({ baseUrl: server.baseUrl, siteId: 7 });
    await client.call(jsonCall, { b: 'x', a: 1 });
    await client.call(jsonCall, { b: 'x', a: 1 });
    const [first, second] = server.requests;
    expect(first!.headers['x-nonce']).not.toBe(second!.headers['x-nonce']);
    expect(second!.headers['x-site-id']).toBe('7');
  });

  it('signs the path with the base URL prefix exactly as sent', async () => {
    const client = createClient({ baseUrl: `${server.baseUrl}/api/` });
    await client.call(queryCall, { page: 1, size: 100, tags: [] });
    expect(last().url).toBe('/api/t/query?page=1&size=100');
    expect(last().signOk).toBe(true);
  });

  it('a different sign key gives a signature the server refuses', async () => {
    await createClient({ baseUrl: server.baseUrl, signKey: 'other' }).call(jsonCall, { b: 'x', a: 1 });
    expect(last().signOk).toBe(false);
  });

  it('omits the token when logged out and on public calls', async () => {
    const client = createClient({ baseUrl: server.baseUrl });
    await client.call(jsonCall, { b: 'x', a: 1 });
    expect(last().headers['x-token']).toBeUndefined();
    setSession('tok-2');
    await client.call(publicCall, {});
    expect(last().headers['x-token']).toBeUndefined();
  });

  it("sends the token given with the call instead of the session's (a logout after the page forgot it)", async () => {
    const client = createClient({ baseUrl: server.baseUrl });
    await client.call(jsonCall, { b: 'x', a: 1 }, { token: 'tok-old' });
    expect(last().headers['x-token']).toBe('tok-old');
    setSession('tok-3');
    await client.call(jsonCall, { b: 'x', a: 1 }, { token: 'tok-old' });
    expect(last().headers['x-token']).toBe('tok-old');
    await client.call(publicCall, {}, { token: 'tok-old' });
    expect(last().headers['x-token']).toBeUndefined();
  });

  it('keeps one device id across clients, created once', async () => {
    await createClient({ baseUrl: server.baseUrl }).call(jsonCall, { b: 'x', a: 1 });
    await createClient({ baseUrl: server.baseUrl }).call(jsonCall, { b: 'x', a: 1 });
    const [first, second] = server.requests;
    expect(first!.headers['x-device-id']).toBe(second!.headers['x-device-id']);
    expect(first!.headers['x-device-id']).toBe(deviceId());
    await createClient({ baseUrl: server.baseUrl, deviceId: 'device-given' }).call(jsonCall, { b: 'x', a: 1 });
    expect(last().headers['x-device-id']).toBe('device-given');
    expect(last().signOk).toBe(true);
  });
});

describe('createClient: request styles', () => {
  const client = () => createClient({ baseUrl: server.baseUrl });

  it('json: POST with the exact JSON text', async () => {
    await client().call(jsonCall, { b: 'é', a: 1 });
    expect(last()).toMatchObject({ method: 'POST', url: '/t/json', signOk: true });
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().body.toString()).toBe('{"b":"é","a":1}');
  });

  it('form: POST url-encoded, keys sorted', async () => {
    await client().call(formCall, { b: 'x y&z', a: 1 });
    expect(last()).toMatchObject({ method: 'POST', url: '/t/form', signOk: true });
    expect(last().headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(last().body.toString()).toBe('a=1&b=x+y%26z');
  });

  it('query: GET with a stable query and no body', async () => {
    await client().call(queryCall, { size: 100, page: 1, tags: ['b', 'a'], q: 'x y' });
    await client().call(queryCall, { q: 'x y', tags: ['b', 'a'], page: 1, size: 100 });
    const [first, second] = server.requests;
    expect(first).toMatchObject({ method: 'GET', url: '/t/query?page=1&q=x+y&size=100&tags=b&tags=a', signOk: true });
    expect(second!.url).toBe(first!.url);
    expect(first!.body.length).toBe(0);
    expect(first!.headers['content-type']).toBeUndefined();
  });

  it('delete: DELETE with a query', async () => {
    await client().call(deleteCall, { id: 9 });
    expect(last()).toMatchObject({ method: 'DELETE', url: '/t/delete?id=9', signOk: true });
    expect(last().body.length).toBe(0);
  });

  it('moving money: needs an idempotency key and sends it', async () => {
    const refused = client().call(moneyCall, { money: 1 });
    await expect(refused).rejects.toMatchObject({ name: 'ApiError', code: CODE.idempotencyKeyMissing, status: 0 });
    expect(server.requests).toHaveLength(0);
    const key = newIdempotencyKey();
    await client().call(moneyCall, { money: 1 }, { idempotencyKey: key });
    expect(last().headers['x-idempotency-key']).toBe(key);
    expect(last().signOk).toBe(true);
  });
});

describe('createClient: envelope and errors', () => {
  const client = () => createClient({ baseUrl: server.baseUrl });

  it('a refusal becomes ApiError with code, status and the catalogue message', async () => {
    server.answer('/t/json', { body: { code: CODE.hasOtherOne, msg: 'server text', data: { billNo: 'B1' } } });
    const error = await client().call(jsonCall, { b: 'x', a: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', code: 244303, status: 200, message: '您有一笔未完成的订单', serverMessage: 'server text', data: { billNo: 'B1' } });
    setLanguage('en');
    await expect(client().call(jsonCall, { b: 'x', a: 1 })).rejects.toThrow('You have another order in progress');
  });

  it('an unknown code shows the server msg; a duplicate-submission msg shows the too-frequent text', async () => {
    server.answer('/t/form', { body: { code: 777001, msg: '活动已结束', data: null } });
    await expect(client().call(formCall, { b: 'x', a: 1 })).rejects.toMatchObject({ code: 777001, message: '活动已结束' });
    server.answer('/t/form', { body: { code: 777002, msg: '请勿重复提交', data: null } });
    setLanguage('en');
    await expect(client().call(formCall, { b: 'x', a: 1 })).rejects.toMatchObject({ message: 'The operation is too frequent, please try again later' });
  });

  it('HTTP statuses travel with platform codes', async () => {
    server.answer('/t/delete', { status: 429, body: { code: CODE.tooManyRequests, msg: 'slow down', data: null } });
    await expect(client().call(deleteCall, { id: 1 })).rejects.toMatchObject({ code: 429000, status: 429, message: '操作过于频繁' });
  });

  it('a 401 tokenInvalid clears the session, member, wallet and messages', async () => {
    setSession('stale');
    server.answer('/t/query', { status: 401, body: { code: CODE.tokenInvalid, msg: 'token invalid', data: null } });
    await expect(client().call(queryCall, { page: 1, size: 1, tags: [] })).rejects.toMatchObject({ code: 401011, status: 401 });
    expect($session.get()).toBeNull();
  });

  it('other refusals keep the session', async () => {
    setSession('fine');
    server.answer('/t/json', { status: 401, body: { code: CODE.signInvalid, msg: 'bad sign', data: null } });
    await expect(client().call(jsonCall, { b: 'x', a: 1 })).rejects.toMatchObject({ code: CODE.signInvalid });
    expect($session.get()).toEqual({ token: 'fine' });
  });

  it('an answer that is not an envelope becomes an ApiError, never a crash', async () => {
    server.answer('/t/json', { status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' });
    await expect(client().call(jsonCall, { b: 'x', a: 1 })).rejects.toMatchObject({ code: CODE.internalError, status: 502, message: '服务器繁忙，请稍后再试' });
    server.answer('/t/json', { status: 200, body: { ok: true } });
    await expect(client().call(jsonCall, { b: 'x', a: 1 })).rejects.toMatchObject({ code: CLIENT_CODE.badResponse, status: 200 });
  });

  it('a network failure is ApiError with status 0; an abort stays an abort', async () => {
    const closed = await startTestServer();
    await closed.close();
    const offline = createClient({ baseUrl: closed.baseUrl });
    await expect(offline.call(jsonCall, { b: 'x', a: 1 })).rejects.toMatchObject({ code: CLIENT_CODE.networkError, status: 0, message: '网络异常，请检查网络后重试' });
    const controller = new AbortController();
    controller.abort();
    const aborted = await client().call(jsonCall, { b: 'x', a: 1 }, { signal: controller.signal }).catch((caught: unknown) => caught);
    expect(aborted).not.toBeInstanceOf(ApiError);
    expect((aborted as Error).name).toBe('AbortError');
  });

  it('never retries', async () => {
    server.answer('/t/query', { status: 503, body: { code: CODE.internalError, msg: 'down', data: null } });
    await expect(client().call(queryCall, { page: 1, size: 1, tags: [] })).rejects.toBeInstanceOf(ApiError);
    expect(server.requests).toHaveLength(1);
  });
});
