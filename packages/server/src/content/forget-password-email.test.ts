import { describe, expect, it } from 'vitest';
import { CODE, forgetPasswordEmailReset, forgetPasswordEmailSend, forgetPasswordEmailVerify, leavePayConfig, md5Hex, registerV4, setEmail, userInfo, webLogin } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { SandboxMailSender } from '../members/mail-sender.js';

describe.each(testEngines())('forgotten password by email on %s', (engine) => {
  const mail = new SandboxMailSender();
  const suite = serverSuite(engine, { clock: true, providers: { mail } });

  let serial = 0;
  /** A fresh member with an email bound through the sandbox door; answers its name, email and token. */
  async function memberWithEmail() {
    serial += 1;
    const name = `em${engine.name.slice(0, 3)}${serial}${Date.now() % 10000}`;
    const email = `${name}@Example.com`;
    const registered = await suite.call(registerV4, { name, password: md5Hex('old-pass-1') }, { remoteAddress: `10.8.${serial}.1`, timestamp: suite.clock.now() });
    expect(registered.body.code).toBe(0);
    const bound = await suite.app.inject({ method: 'POST', url: '/sandbox/member-email', payload: { siteId: 4, name, email } });
    expect(bound.json()).toMatchObject({ code: 0, data: { email } });
    return { name, email, token: registered.body.data.token };
  }
  const send = (name: string, email: string, ip = '10.7.0.1') => suite.call(forgetPasswordEmailSend, { name, email }, { remoteAddress: ip, timestamp: suite.clock.now() });
  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

  it('mails a code, trades it for a reset token, resets the password once and ends the old sessions', async () => {
    const { name, email, token } = await memberWithEmail();
    expect((await send(name, email.toLowerCase())).body.data).toEqual({ resendAfterS: 60, expiresInS: 300, codeLength: 6 });
    const sent = mail.outbox(email).at(-1)!;
    expect(sent.to).toBe(email);
    expect(sent.subject).toMatch(/^Lobby /);
    const code = /\b(\d{6})\b/.exec(sent.text)![1]!;
    const wrong = await suite.call(forgetPasswordEmailVerify, { name, email, code: wrongOf(code) }, { timestamp: suite.clock.now() });
    expect(wrong.body.code).toBe(CODE.codeWrong);
    const verified = await suite.call(forgetPasswordEmailVerify, { name, email, code }, { timestamp: suite.clock.now() });
    expect(verified.body.code).toBe(0);
    expect(verified.body.data.resetToken).toMatch(/^[0-9a-f]{48}$/);
    const reused = await suite.call(forgetPasswordEmailVerify, { name, email, code }, { timestamp: suite.clock.now() });
    expect(reused.body.code).toBe(CODE.codeWrong);
    const reset = await suite.call(forgetPasswordEmailReset, { resetToken: verified.body.data.resetToken, password: md5Hex('new-pass-2') }, { timestamp: suite.clock.now() });
    expect(reset.body.code).toBe(0);
    const again = await suite.call(forgetPasswordEmailReset, { resetToken: verified.body.data.resetToken, password: md5Hex('third-pass-3') }, { timestamp: suite.clock.now() });
    expect(again.body.code).toBe(CODE.resetTokenInvalid);
    expect((await suite.call(webLogin, { name, password: md5Hex('old-pass-1') }, { timestamp: suite.clock.now() })).body.code).toBe(CODE.passwordWrong);
    expect((await suite.call(webLogin, { name, password: md5Hex('new-pass-2') }, { timestamp: suite.clock.now() })).body.code).toBe(0);
    expect((await suite.call(userInfo, {}, { token, timestamp: suite.clock.now() })).body.code).toBe(CODE.tokenInvalid);
  });

  it('refuses an address that is not the member’s, the same way for an unknown name, and mails nothing', async () => {
    const { name } = await memberWithEmail();
    const other = await send(name, 'someone@example.com');
    expect(other.body).toMatchObject({ code: CODE.emailNotBound });
    const unknown = await send('nosuchmember1', 'someone@example.com');
    expect(unknown.body.code).toBe(CODE.emailNotBound);
    expect(unknown.body.msg).toBe(other.body.msg);
    expect(mail.outbox('someone@example.com')).toEqual([]);
    expect((await suite.call(forgetPasswordEmailSend, { name, email: 'not-an-address' }, { timestamp: suite.clock.now() })).status).toBe(400);
  });

  it('sends one code a minute per address; a code expires after 5 minutes and a token after 10', async () => {
    const { name, email } = await memberWithEmail();
    expect((await send(name, email)).body.code).toBe(0);
    const tooSoon = await send(name, email);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe(CODE.tooManyRequests);
    expect(mail.outbox(email)).toHaveLength(1);
    suite.clock.advance(5 * 60_000 + 1000);
    const expired = mail.outbox(email).at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
    expect((await suite.call(forgetPasswordEmailVerify, { name, email, code: expired }, { timestamp: suite.clock.now() })).body.code).toBe(CODE.codeWrong);
    expect((await send(name, email)).body.code).toBe(0);
    const fresh = mail.outbox(email).at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
    const verified = await suite.call(forgetPasswordEmailVerify, { name, email, code: fresh }, { timestamp: suite.clock.now() });
    suite.clock.advance(10 * 60_000 + 1000);
    const late = await suite.call(forgetPasswordEmailReset, { resetToken: verified.body.data.resetToken, password: md5Hex('new-pass-4') }, { timestamp: suite.clock.now() });
    expect(late.body.code).toBe(CODE.resetTokenInvalid);
    expect((await suite.call(webLogin, { name, password: md5Hex('old-pass-1') }, { timestamp: suite.clock.now() })).body.code).toBe(0);
  });

  it('allows five guesses per code', async () => {
    suite.clock.advance(61_000);
    const { name, email } = await memberWithEmail();
    expect((await send(name, email, '10.7.0.9')).body.code).toBe(0);
    const code = mail.outbox(email).at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await suite.call(forgetPasswordEmailVerify, { name, email, code: wrongOf(code) }, { timestamp: suite.clock.now() })).body.code).toBe(CODE.codeWrong);
    }
    expect((await suite.call(forgetPasswordEmailVerify, { name, email, code }, { timestamp: suite.clock.now() })).body.code).toBe(CODE.codeWrong);
  });

  it('serves the newest mail through the sandbox outbox door and refuses bad door input', async () => {
    suite.clock.advance(61_000);
    const { name, email } = await memberWithEmail();
    await send(name, email, '10.7.0.10');
    const door = (await suite.app.inject({ method: 'GET', url: `/sandbox/mail/${encodeURIComponent(email.toLowerCase())}` })).json();
    expect(door).toMatchObject({ code: 0, data: { to: email, code: mail.outbox(email).at(-1)!.text.match(/\b(\d{6})\b/)![1] } });
    expect((await suite.app.inject({ method: 'GET', url: '/sandbox/mail/nobody%40example.com' })).json().code).toBe(CODE.notFound);
    expect((await suite.app.inject({ method: 'POST', url: '/sandbox/member-email', payload: { siteId: 4, name, email: 'bad' } })).json().code).toBe(CODE.invalidField);
    expect((await suite.app.inject({ method: 'POST', url: '/sandbox/member-email', payload: { siteId: 4, name: 'nosuchmember1', email } })).json().code).toBe(CODE.notFound);
  });

  it('takes the email the member sets on userInfo (setEmail) as the bound address; a new one replaces it', async () => {
    serial += 1;
    const name = `es${engine.name.slice(0, 3)}${serial}${Date.now() % 10000}`;
    const registered = await suite.call(registerV4, { name, password: md5Hex('old-pass-1') }, { remoteAddress: `10.9.${serial}.1`, timestamp: suite.clock.now() });
    const token = registered.body.data.token;
    expect((await send(name, `${name}@example.com`, '10.9.0.2')).body.code).toBe(CODE.emailNotBound);
    expect((await suite.call(setEmail, { email: ` ${name}@Example.com ` }, { token, timestamp: suite.clock.now() })).body.data).toMatchObject({ email: `${name}@example.com` });
    expect((await send(name, `${name}@example.com`, '10.9.0.2')).body.code).toBe(0);
    expect(mail.outbox(`${name}@example.com`).at(-1)!.to).toBe(`${name}@example.com`);
    await suite.call(setEmail, { email: `${name}@example.org` }, { token, timestamp: suite.clock.now() });
    expect((await send(name, `${name}@example.com`, '10.9.0.2')).body.code).toBe(CODE.emailNotBound);
    expect((await send(name, `${name}@example.org`, '10.9.0.2')).body.code).toBe(0);
  });

  it('answers each brand its seeded leave-pay config, changed through the site door', async () => {
    expect((await suite.call(leavePayConfig, {}, { timestamp: suite.clock.now() })).body.data).toEqual({ status: 1 });
    expect((await suite.call(leavePayConfig, {}, { siteId: 8, timestamp: suite.clock.now() })).body.data).toEqual({ status: 0 });
    const set = await suite.app.inject({ method: 'POST', url: '/sandbox/site/8', payload: { leavePayStatus: 1 } });
    expect(set.json().data.leavePayStatus).toBe(1);
    expect((await suite.call(leavePayConfig, {}, { siteId: 8, timestamp: suite.clock.now() })).body.data).toEqual({ status: 1 });
    expect((await suite.app.inject({ method: 'POST', url: '/sandbox/site/8', payload: { leavePayStatus: 2 } })).json().code).toBe(CODE.invalidField);
    await suite.app.inject({ method: 'POST', url: '/sandbox/site/8', payload: { leavePayStatus: 0 } });
    expect((await suite.call(leavePayConfig, {}, { siteId: 8, timestamp: suite.clock.now() })).body.data).toEqual({ status: 0 });
  });
});
