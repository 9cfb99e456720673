import { describe, expect, it } from 'vitest';
import { CODE, captchaCheck, captchaImage, loginCaptchaConfig, preInfo, preInfoV3, siteBaseConfig } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { buildTestApp } from '../testing/app.js';
import { callApi, signedInject } from '../testing/client.js';
import type { SandboxCaptcha } from '../captcha/sandbox-captcha.js';

describe.each(testEngines())('site config and captcha on %s', (engine) => {
  const suite = serverSuite(engine);

  it('answers each brand its own base config by x-site-id', async () => {
    const lobby = (await suite.call(siteBaseConfig, {})).body.data;
    const aurora = (await suite.call(siteBaseConfig, {}, { siteId: 8 })).body.data;
    expect(lobby).toMatchObject({ siteId: 4, brand: 'lobby', title: 'Lobby', skin: 'normal', maintenance: null });
    expect(aurora).toMatchObject({ siteId: 8, brand: 'aurora', title: 'Aurora', skin: 'spring_skin', skinId: 5 });
    expect(aurora.theme.primary).not.toBe(lobby.theme.primary);
    expect(Object.keys(lobby.vipIcons)).toEqual(Array.from({ length: 11 }, (_, i) => `v${i}`));
    expect(lobby.language).toEqual({ default: 'zh-CN', list: ['zh-CN', 'en'] });
    const unknown = await signedInject(suite.app, { call: siteBaseConfig, siteId: 99 });
    expect(unknown.statusCode).toBe(400);
  });

  it('answers pre-info with disabled prefixes and customer service, v3 with phone rules', async () => {
    const v1 = (await suite.call(preInfo, { platformType: 6 })).body.data;
    expect(v1.disablePhones['170']).toBeTruthy();
    expect(v1.SiteBaseConfigVo.customerService[0]).toEqual({ code: 'online', url: '/cs' });
    const v3 = (await suite.call(preInfoV3, {})).body.data;
    expect(v3).toMatchObject({ phoneMinLength: 11, phoneMaxLength: 11, restrictedPrefixes: ['165', '167'] });
    expect((await suite.call(preInfo, { platformType: 5 as 6 })).status).toBe(400);
  });

  it('answers the login captcha config for the asked key codes only', async () => {
    const { body } = await suite.call(loginCaptchaConfig, { keyCodes: ['login_verify_trigger_times', 'fast_register_verify'] }, { siteId: 8 });
    expect(body.data).toEqual([
      { keyCode: 'login_verify_trigger_times', value: '2' },
      { keyCode: 'fast_register_verify', value: 'true' },
    ]);
    expect((await suite.call(loginCaptchaConfig, { keyCodes: ['nope' as 'fast_register_verify'] })).status).toBe(400);
  });

  it('checks a captcha without using it up, and burns it on a wrong answer', async () => {
    const captcha = suite.app.lobby.providers.captcha as SandboxCaptcha;
    const first = (await suite.call(captchaImage, {})).body.data;
    const answer = (await captcha.answerOf(first.captchaId))!;
    expect(first.expiresInS).toBe(300);
    expect((await suite.call(captchaCheck, { captchaId: first.captchaId, captchaCode: answer })).body.data).toEqual({ valid: true });
    expect((await suite.call(captchaCheck, { captchaId: first.captchaId, captchaCode: answer })).body.data).toEqual({ valid: true });
    const wrong = answer === '1234' ? '4321' : '1234';
    expect((await suite.call(captchaCheck, { captchaId: first.captchaId, captchaCode: wrong })).body.data).toEqual({ valid: false });
    expect((await suite.call(captchaCheck, { captchaId: first.captchaId, captchaCode: answer })).body.data).toEqual({ valid: false });
    const gone = await suite.app.inject({ method: 'GET', url: `/sandbox/captcha/${first.captchaId}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: CODE.notFound });
  });

  it('hides the sandbox doors when the sandbox is off', async () => {
    const closed = await buildTestApp(suite.db, { config: { sandbox: false } });
    try {
      const { captchaId } = (await callApi(closed, captchaImage, {})).body.data;
      const response = await closed.inject({ method: 'GET', url: `/sandbox/captcha/${captchaId}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toMatch(/"answer"/);
    } finally {
      await closed.close();
    }
  });
});
