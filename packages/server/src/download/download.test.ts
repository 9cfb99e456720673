import { createSign, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CODE,
  canonicalString,
  createWebCryptoSigner,
  downloadAppUrl,
  downloadDescriptorFile,
  downloadPcUrl,
  downloadReportNodeInsert,
  downloadTfDownload,
  downloadWhitelistCheck,
  normalizePayload,
  opsDownloadAppKeyCreate,
  opsDownloadConfigSet,
  opsDownloadReportList,
  sendSigned,
} from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { buildTestApp } from '../testing/app.js';
import { DEMO_APP_KEY, sandboxPrivateKey } from './app-key-repository.js';

type Fields = Record<string, unknown>;

function signWith(privateKeyPem: string, fields: Fields): Fields {
  const payload = normalizePayload({ timestamp: Date.now(), nonce: randomBytes(12).toString('hex'), ...fields });
  const sign = createSign('RSA-SHA1').update(canonicalString(payload), 'utf8').sign(privateKeyPem, 'base64');
  return { ...payload, sign };
}

describe.each(testEngines())('download SDK endpoints on %s', (engine) => {
  const suite = serverSuite(engine);
  let demoKey: string;

  const post = async (path: string, body: Fields | string) => {
    const response = await suite.app.inject({ method: 'POST', url: path, payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  const get = async (path: string, query: Fields) => {
    const response = await suite.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(query as Record<string, string>).toString()}` });
    return { status: response.statusCode, body: response.json() };
  };
  const signed = (fields: Fields) => signWith(demoKey, { appkey: DEMO_APP_KEY, ...fields });

  beforeAll(async () => {
    demoKey = (await sandboxPrivateKey(suite.db, DEMO_APP_KEY))!;
  });

  it('stores a signed report and lists it by suite.app key and invite code', async () => {
    const report = await post(downloadReportNodeInsert.path, signed({ type: 'pageView', data: { i_code: 'INV42', r_code: 'R7' }, url: 'http://agent.test/', screen: '1920x1080', platform: 'windows' }));
    expect(report.body.code).toBe(0);
    expect(report.headers['access-control-allow-origin']).toBe('*');
    await post(downloadReportNodeInsert.path, signed({ type: 'pageView', data: { i_code: 'OTHER' } }));
    const listed = await suite.call(opsDownloadReportList, { appKey: DEMO_APP_KEY, inviteCode: 'INV42' }, { token: suite.opsToken });
    expect(listed.body.data.total).toBe(1);
    expect(listed.body.data.items[0]).toMatchObject({ id: report.body.data.id, type: 'pageView', inviteCode: 'INV42', referralCode: 'R7', screen: '1920x1080' });
    const all = await suite.call(opsDownloadReportList, { appKey: DEMO_APP_KEY }, { token: suite.opsToken });
    expect(all.body.data.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses unsigned, tampered, expired, replayed and foreign-key payloads, each with its own code, and stores none', async () => {
    const before = (await suite.call(opsDownloadReportList, { appKey: DEMO_APP_KEY }, { token: suite.opsToken })).body.data.total;
    const base = { type: 'download', data: { i_code: 'T1' } };
    const unsigned = { ...signed(base), sign: undefined };
    const tampered = { ...signed(base), type: 'pageView' };
    const expired = signWith(demoKey, { appkey: DEMO_APP_KEY, ...base, timestamp: Date.now() - 301_000 });
    const once = signed(base);
    const foreign = signWith(
      (await suite.call(opsDownloadAppKeyCreate, { agent: 'other' }, { token: suite.opsToken })).body.data.privateKeyPem,
      { appkey: DEMO_APP_KEY, ...base },
    );
    const unknown = signWith(demoKey, { appkey: 'ak_nobody', ...base });
    expect((await post(downloadReportNodeInsert.path, unsigned)).body.code).toBe(CODE.downloadSignMissing);
    expect((await post(downloadReportNodeInsert.path, tampered)).body.code).toBe(CODE.downloadSignInvalid);
    expect((await post(downloadReportNodeInsert.path, expired)).body.code).toBe(CODE.downloadSignExpired);
    expect((await post(downloadReportNodeInsert.path, once)).body.code).toBe(0);
    expect((await post(downloadReportNodeInsert.path, once)).body.code).toBe(CODE.downloadNonceReused);
    expect((await post(downloadReportNodeInsert.path, foreign)).body.code).toBe(CODE.downloadSignInvalid);
    expect((await post(downloadReportNodeInsert.path, unknown)).body.code).toBe(CODE.downloadAppKeyUnknown);
    const after = (await suite.call(opsDownloadReportList, { appKey: DEMO_APP_KEY }, { token: suite.opsToken })).body.data.total;
    expect(after).toBe(before + 1);
  });

  it('answers bad input with 400 naming the field', async () => {
    const answer = await post(downloadReportNodeInsert.path, signed({ type: 'x', screen: 12 }));
    expect([answer.status, answer.body.code]).toEqual([400, CODE.invalidField]);
    expect(answer.body.msg).toMatch(/screen/);
    const badPlatform = await get(downloadPcUrl.path, signed({ platform: 'linux' }));
    expect([badPlatform.status, badPlatform.body.code]).toEqual([400, CODE.invalidField]);
  });

  it('checks the whitelist by the page host', async () => {
    expect((await post(downloadWhitelistCheck.path, signed({ url: 'http://agent.test:8080/landing?i_code=1' }))).body.data).toEqual({ category: 1, url: '' });
    const outside = (await post(downloadWhitelistCheck.path, signed({ url: 'https://copycat.example/' }))).body.data;
    expect(outside.category).toBe(0);
    expect(outside.url).toMatch(/agent-landing/);
  });

  it('answers the descriptor, TestFlight, PC and suite.app download URLs', async () => {
    expect((await post(downloadDescriptorFile.path, signed({}))).body.data).toEqual({ teamId: 'LOBBYDEMO1', descAddr: expect.stringMatching(/mobileconfig$/) });
    expect((await post(downloadTfDownload.path, signed({}))).body.data).toMatchObject({ status_code: 1, msg: expect.stringMatching(/^https:\/\/testflight/) });
    expect((await get(downloadPcUrl.path, signed({ platform: 'windows' }))).body.data).toMatch(/\.exe$/);
    expect((await get(downloadPcUrl.path, signed({ platform: 'mac' }))).body.data).toMatch(/\.dmg$/);
    expect((await get(downloadAppUrl.path, signed({}))).body.data).toMatch(/\.apk$/);
  });

  it('lets an operator create an suite.app key whose private key signs, and configure it', async () => {
    expect((await suite.call(opsDownloadAppKeyCreate, { agent: 'x' })).body.code).toBe(CODE.operatorOnly);
    const created = (await suite.call(opsDownloadAppKeyCreate, { agent: 'agent-7' }, { token: suite.opsToken })).body.data;
    const sign = (fields: Fields) => signWith(created.privateKeyPem, { appkey: created.appKey, ...fields });
    expect((await get(downloadPcUrl.path, sign({ platform: 'mac' }))).body.code).toBe(CODE.downloadUrlMissing);
    expect((await post(downloadTfDownload.path, sign({}))).body.data.status_code).toBe(0);
    const set = await suite.call(opsDownloadConfigSet, { appKey: created.appKey, urls: { mac: 'https://dl.example/a.dmg' }, whitelist: ['Agent7.example'] }, { token: suite.opsToken });
    expect(set.body.code).toBe(0);
    expect((await get(downloadPcUrl.path, sign({ platform: 'mac' }))).body.data).toBe('https://dl.example/a.dmg');
    expect((await post(downloadWhitelistCheck.path, sign({ url: 'https://agent7.example/x' }))).body.data.category).toBe(1);
    const bad = await suite.call(opsDownloadConfigSet, { appKey: created.appKey, urls: { mac: 'javascript:alert(1)' } }, { token: suite.opsToken });
    expect(bad.body.code).toBe(CODE.invalidField);
    await suite.call(opsDownloadConfigSet, { appKey: created.appKey, enabled: false }, { token: suite.opsToken });
    expect((await post(downloadTfDownload.path, sign({}))).body.code).toBe(CODE.downloadAppKeyUnknown);
  });

  it('accepts what the SDK transport sends with the WebCrypto signer (PKCS#8 and PKCS#1 keys)', async () => {
    const inject: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      const response = await suite.app.inject({ method: init?.method as 'GET' | 'POST', url: url.pathname + url.search, payload: init?.body as string | undefined, headers: init?.headers as Record<string, string> });
      return new Response(response.body, { status: response.statusCode });
    };
    const { createPrivateKey } = await import('node:crypto');
    const pkcs1 = createPrivateKey(demoKey).export({ type: 'pkcs1', format: 'pem' }).toString();
    for (const pem of [demoKey, pkcs1]) {
      const signer = await createWebCryptoSigner(pem);
      const options = { baseUrl: 'http://lobby.test', appKey: DEMO_APP_KEY, signer: async () => signer, fetch: inject };
      expect(await sendSigned(options, { method: 'GET', path: downloadAppUrl.path, fields: { platform: 'ios' } })).toMatch(/ios$/);
      expect(await sendSigned(options, { method: 'POST', path: downloadReportNodeInsert.path, fields: { type: 'pageView', data: { i_code: '邀请码', n: 1.5, ok: true, empty: '' } } })).toMatchObject({ id: expect.any(Number) });
    }
  });

  it('serves the demo key only through the sandbox door', async () => {
    const door = await suite.app.inject({ method: 'GET', url: '/sandbox/download/demo-agent' });
    expect(door.json().data).toMatchObject({ appKey: DEMO_APP_KEY, privateKeyPem: expect.stringContaining('PRIVATE KEY') });
    const closed = await buildTestApp(suite.db, { config: { sandbox: false } });
    expect((await closed.inject({ method: 'GET', url: '/sandbox/download/demo-agent' })).statusCode).toBe(404);
    await closed.close();
  });
});
