import { describe, expect, it } from 'vitest';
import { CODE, sendPhoneCode } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { SandboxCodeSender } from './code-sender.js';
import { verifyCode } from './phone-codes.js';

describe.each(testEngines())('phone codes on %s', (engine) => {
  const sender = new SandboxCodeSender();
  const suite = serverSuite(engine, { clock: true, providers: { codes: sender } });
  const send = (phone: string, ip = '10.1.0.1') => suite.call(sendPhoneCode, { phone, sendCodeNum: 1, cate: 0, type: 3 }, { remoteAddress: ip, timestamp: suite.clock.now() });

  it('sends a 6-digit code once a minute per phone and verifies it once', async () => {
    expect((await send('13800000001')).body.data).toEqual({ resendAfterS: 60, expiresInS: 300, codeLength: 6 });
    const code = sender.lastCode('+8613800000001')!;
    expect(code).toMatch(/^\d{6}$/);
    const again = await send('13800000001');
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(CODE.tooManyRequests);
    suite.clock.advance(61_000);
    expect((await send('13800000001')).body.code).toBe(0);
    const latest = sender.lastCode('+8613800000001')!;
    const request = { siteId: 4, areaCode: '+86', phone: '13800000001', purpose: 3 };
    expect(await verifyCode(suite.db, request, latest === '000000' ? '111111' : '000000', suite.clock.now())).toBe(false);
    expect(await verifyCode(suite.db, request, latest, suite.clock.now())).toBe(true);
    expect(await verifyCode(suite.db, request, latest, suite.clock.now())).toBe(false);
    const sandbox = await suite.app.inject({ method: 'GET', url: `/sandbox/sms/${encodeURIComponent('+8613800000001')}` });
    expect(sandbox.json()).toMatchObject({ data: { code: latest } });
  });

  it('refuses disabled and restricted prefixes with their reasons', async () => {
    expect((await send('17000000000')).body).toMatchObject({ code: CODE.phoneInvalid, msg: '虚拟运营商号码暂不支持' });
    expect((await send('16500000000')).body).toMatchObject({ code: CODE.phoneInvalid, msg: 'This platform does not support this number' });
    expect((await send('1380000')).body.code).toBe(CODE.phoneInvalid);
  });

  it('limits one IP to 20 codes an hour', async () => {
    for (let i = 0; i < 20; i++) expect((await send(`1390000${String(i).padStart(4, '0')}`, '10.1.9.9')).body.code).toBe(0);
    expect((await send('13911112222', '10.1.9.9')).status).toBe(429);
    expect((await send('13911112222', '10.1.9.8')).body.code).toBe(0);
  });
});
