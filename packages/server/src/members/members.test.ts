import { describe, expect, it } from 'vitest';
import {
  CODE,
  activate,
  captchaImage,
  checkNameV2,
  loginV4Device,
  loginV5,
  logout,
  md5Hex,
  memberCheck,
  memberStatus,
  modifyPassword,
  registerMember,
  registerV4,
  sleepCheck,
  userInfo,
  webLogin,
} from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { TEST_DEMO_PASSWORD } from '../testing/app.js';
import type { SandboxCaptcha } from '../captcha/sandbox-captcha.js';

const pw = (text: string) => md5Hex(text);

describe.each(testEngines())('members on %s', (engine) => {
  const suite = serverSuite(engine);

  const register = async (name: string, password = 'secret-1', ip = '10.0.0.1') =>
    suite.call(registerV4, { name, password: pw(password) }, { remoteAddress: ip });

  it('logs the seeded demo member in and never stores the MD5 or the token', async () => {
    const { status, body } = await suite.call(webLogin, { name: 'demo', password: pw(TEST_DEMO_PASSWORD), flag: 1, version: 1 });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.token).toMatch(/^[0-9a-f]{32}$/);
    expect(body.data.member).toMatchObject({ name: 'demo', siteId: 4, siteName: 'Lobby', status: 1 });
    expect(Number.isInteger(body.data.member.centerMoney * 100)).toBe(true);
    const stored = await suite.db.query<{ password_hash: string }>("SELECT password_hash FROM members WHERE name = 'demo' AND site_id = 4");
    expect(stored.rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(stored.rows[0]!.password_hash).not.toContain(pw(TEST_DEMO_PASSWORD));
    const sessions = await suite.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(sessions.rows.map((row) => row.token_hash)).not.toContain(body.data.token);
  });

  it('registers, answers user info, logs out and refuses the old token', async () => {
    const { body } = await register('Newbie_01');
    expect(body.code).toBe(0);
    const token = body.data.token;
    const info = await suite.call(userInfo, {}, { token });
    expect(info.body.data).toMatchObject({ name: 'newbie_01', siteId: 4, memberTotalBalance: 0, isChatAdmin: false });
    expect((await suite.call(memberCheck, {}, { token })).body.data).toEqual({ loggedIn: true });
    expect((await suite.call(memberStatus, {}, { token })).body.data).toEqual({ status: 1, statusName: 'active' });
    expect((await suite.call(logout, {}, { token })).body.code).toBe(0);
    const after = await suite.call(userInfo, {}, { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(CODE.tokenInvalid);
    expect((await suite.call(memberCheck, {}, { token })).body.data).toEqual({ loggedIn: false });
  });

  it('refuses a taken name (any case) and reports names through check name', async () => {
    await register('taken-name');
    const again = await suite.call(registerMember, { name: 'TAKEN-name', password: pw('x-secret') }, { remoteAddress: '10.0.0.2' });
    expect(again.body.code).toBe(CODE.nameTaken);
    expect((await suite.call(checkNameV2, { name: 'Taken-Name' })).body.data).toEqual({ available: false, reason: 'taken' });
    expect((await suite.call(checkNameV2, { name: 'free-name' })).body.data).toEqual({ available: true, reason: 'ok' });
    expect((await suite.call(checkNameV2, { name: 'a b' })).body.data).toEqual({ available: false, reason: 'invalid' });
  });

  it('refuses a wrong password and an unknown name alike', async () => {
    await register('wrongpw-1', 'right-one', '10.0.1.1');
    const wrong = await suite.call(loginV5, { name: 'wrongpw-1', password: pw('wrong-one') }, { remoteAddress: '10.0.1.1' });
    const unknown = await suite.call(loginV5, { name: 'nobody-here', password: pw('wrong-one') }, { remoteAddress: '10.0.1.1' });
    expect(wrong.body).toMatchObject({ code: CODE.passwordWrong });
    expect(unknown.body).toEqual(wrong.body);
    const ok = await suite.call(loginV4Device, { name: 'WRONGPW-1', password: pw('right-one'), deviceHash: 'device-hash-1' }, { remoteAddress: '10.0.1.1' });
    expect(ok.body.code).toBe(0);
  });

  it('asks for a captcha after the brand trigger, then refuses a wrong one and takes a right one', async () => {
    const ip = '10.0.2.1';
    await register('captcha-1', 'right-one', ip);
    for (let i = 0; i < 3; i++) {
      expect((await suite.call(webLogin, { name: 'captcha-1', password: pw('nope') }, { remoteAddress: ip })).body.code).toBe(CODE.passwordWrong);
    }
    const required = await suite.call(webLogin, { name: 'captcha-1', password: pw('right-one') }, { remoteAddress: ip });
    expect(required.body.code).toBe(CODE.captchaRequired);
    const image = (await suite.call(captchaImage, {})).body.data;
    expect(Buffer.from(image.image.split(',')[1]!, 'base64').toString()).toMatch(/^<svg[\s\S]*<text[\s\S]*<\/svg>$/);
    const answer = (await (suite.app.lobby.providers.captcha as SandboxCaptcha).answerOf(image.captchaId))!;
    const wrongAnswer = answer === '0000' ? '1111' : '0000';
    const wrong = await suite.call(webLogin, { name: 'captcha-1', password: pw('right-one'), captchaId: image.captchaId, captchaCode: wrongAnswer }, { remoteAddress: ip });
    expect(wrong.body.code).toBe(CODE.captchaWrong);
    const burnt = await suite.call(webLogin, { name: 'captcha-1', password: pw('right-one'), captchaId: image.captchaId, captchaCode: answer }, { remoteAddress: ip });
    expect(burnt.body.code).toBe(CODE.captchaWrong);
    const fresh = (await suite.call(captchaImage, {})).body.data;
    const sandbox = await suite.app.inject({ method: 'GET', url: `/sandbox/captcha/${fresh.captchaId}` });
    const code = sandbox.json<{ data: { answer: string } }>().data.answer;
    const right = await suite.call(webLogin, { name: 'captcha-1', password: pw('right-one'), captchaId: fresh.captchaId, captchaCode: code }, { remoteAddress: ip });
    expect(right.body.code).toBe(0);
    expect((await suite.call(webLogin, { name: 'captcha-1', password: pw('right-one') }, { remoteAddress: ip })).body.code).toBe(0);
  });

  it('answers 429 after 10 failures for a name, even with right captchas', async () => {
    const ip = '10.0.3.1';
    await register('limited-1', 'right-one', ip);
    const captcha = suite.app.lobby.providers.captcha as SandboxCaptcha;
    const attempt = async (password: string) => {
      const { captchaId } = (await suite.call(captchaImage, {})).body.data;
      const captchaCode = (await captcha.answerOf(captchaId))!;
      return suite.call(webLogin, { name: 'limited-1', password: pw(password), captchaId, captchaCode }, { remoteAddress: ip });
    };
    for (let i = 0; i < 10; i++) expect((await attempt('nope')).body.code).toBe(CODE.passwordWrong);
    const limited = await attempt('right-one');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(CODE.tooManyRequests);
  });

  it('answers 429 after 30 failures from one IP across names', async () => {
    const ip = '10.0.4.1';
    for (let i = 0; i < 10; i++) {
      for (let j = 0; j < 3; j++) await suite.call(webLogin, { name: `ghost-${i}`, password: pw('nope') }, { remoteAddress: ip });
    }
    const limited = await suite.call(webLogin, { name: 'demo', password: pw(TEST_DEMO_PASSWORD) }, { remoteAddress: ip });
    expect(limited.status).toBe(429);
    const elsewhere = await suite.call(webLogin, { name: 'demo', password: pw(TEST_DEMO_PASSWORD) }, { remoteAddress: '10.0.4.2' });
    expect(elsewhere.body.code).toBe(0);
  });

  it('changes the password, ends other sessions and keeps this one', async () => {
    const first = (await register('changer-1', 'old-secret', '10.0.5.1')).body.data.token;
    const second = (await suite.call(webLogin, { name: 'changer-1', password: pw('old-secret') }, { remoteAddress: '10.0.5.1' })).body.data.token;
    const wrong = await suite.call(modifyPassword, { oldPassword: pw('bad'), password: pw('new-secret') }, { token: first });
    expect(wrong.body.code).toBe(CODE.passwordWrong);
    const same = await suite.call(modifyPassword, { old_password: pw('old-secret'), password: pw('old-secret') }, { token: first });
    expect(same.body.code).toBe(CODE.passwordUnchanged);
    const missing = await suite.call(modifyPassword, { password: pw('new-secret') }, { token: first });
    expect(missing.status).toBe(400);
    const changed = await suite.call(modifyPassword, { oldPassword: pw('old-secret'), password: pw('new-secret') }, { token: first });
    expect(changed.body.code).toBe(0);
    expect((await suite.call(userInfo, {}, { token: first })).status).toBe(200);
    expect((await suite.call(userInfo, {}, { token: second })).body.code).toBe(CODE.tokenInvalid);
    const oldLogin = await suite.call(webLogin, { name: 'changer-1', password: pw('old-secret') }, { remoteAddress: '10.0.5.1' });
    expect(oldLogin.body.code).toBe(CODE.passwordWrong);
    const newLogin = await suite.call(webLogin, { name: 'changer-1', password: pw('new-secret') }, { remoteAddress: '10.0.5.1' });
    expect(newLogin.body.code).toBe(0);
  });

  it('puts an idle member to sleep until it activates', async () => {
    const ip = '10.0.6.1';
    await register('sleeper-1', 'secret-1', ip);
    await suite.db.query("UPDATE members SET last_active_at = now() - interval '91 days' WHERE name = 'sleeper-1'");
    expect((await suite.call(sleepCheck, { name: 'sleeper-1' })).body.data).toEqual({ sleeping: true, sleepAfterDays: 90 });
    const refused = await suite.call(webLogin, { name: 'sleeper-1', password: pw('secret-1') }, { remoteAddress: ip });
    expect(refused.body.code).toBe(CODE.memberSleeping);
    expect((await suite.call(activate, { name: 'sleeper-1', password: pw('wrong') }, { remoteAddress: ip })).body.code).toBe(CODE.passwordWrong);
    expect((await suite.call(activate, { name: 'sleeper-1', password: pw('secret-1') }, { remoteAddress: ip })).body.data).toEqual({ activated: true });
    expect((await suite.call(sleepCheck, { name: 'sleeper-1' })).body.data.sleeping).toBe(false);
    expect((await suite.call(webLogin, { name: 'sleeper-1', password: pw('secret-1') }, { remoteAddress: ip })).body.code).toBe(0);
    expect((await suite.call(activate, { name: 'sleeper-1', password: pw('secret-1') }, { remoteAddress: ip })).body.data).toEqual({ activated: false });
  });

  it('refuses a disabled member', async () => {
    await register('disabled-1', 'secret-1', '10.0.7.1');
    await suite.db.query("UPDATE members SET status = 3 WHERE name = 'disabled-1'");
    const refused = await suite.call(webLogin, { name: 'disabled-1', password: pw('secret-1') }, { remoteAddress: '10.0.7.1' });
    expect(refused.body.code).toBe(CODE.memberDisabled);
  });

  it('keeps brands apart: a site 4 name is free on site 8, where registering needs a captcha', async () => {
    const refused = await suite.call(registerV4, { name: 'newbie_01', password: pw('secret-1') }, { siteId: 8, remoteAddress: '10.0.8.1' });
    expect(refused.body.code).toBe(CODE.captchaRequired);
    const { captchaId } = (await suite.call(captchaImage, {}, { siteId: 8 })).body.data;
    const captchaCode = (await (suite.app.lobby.providers.captcha as SandboxCaptcha).answerOf(captchaId))!;
    const made = await suite.call(registerV4, { name: 'newbie_01', password: pw('secret-1'), captchaId, captchaCode }, { siteId: 8, remoteAddress: '10.0.8.1' });
    expect(made.body.data.member).toMatchObject({ siteId: 8, siteName: 'Aurora' });
  });
});
