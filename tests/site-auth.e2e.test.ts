import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@lobby/sdk';
import { CODE, captchaImage, createClient, loginPayload, md5Hex, messageForCode, registerV4, webLogin } from '@lobby/sdk';
import { openPage, openWatchedPage, sandboxAnswer } from './support/site.js';
import { expectOnlyNewPassword, submitLogin } from './support/login-form.js';
import { runOps } from './support/ops-cli.js';
import { browserSuite } from './support/suite.js';

/** Signing in on the host site: login with and without the robot check, register, forgotten password, logout, refusals, an account the operator disables. */
describe('signing in on the host site', () => {
  const { server, browser } = browserSuite();

  /** Fails a login over the API, solving the captcha once the server asks for one. */
  async function failLogin(name: string): Promise<number> {
    const client = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    const { captchaId } = await client.call(captchaImage, {});
    const { answer } = await sandboxAnswer<{ answer: string }>(server.url, `/sandbox/captcha/${captchaId}`);
    const refusal = await client.call(webLogin, { ...loginPayload(name, 'not-the-password'), captchaId, captchaCode: answer }).catch((error: unknown) => error);
    return (refusal as ApiError).code;
  }

  it('logs in and out, and shows the message for a wrong password', async () => {
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/home`);
      await submitLogin(page, 'demo', 'wrong-password');
      await page.getByRole('alert').filter({ hasText: messageForCode(CODE.passwordWrong, 'zh-CN')! }).waitFor();
      await submitLogin(page, 'demo', 'demo1234');
      await page.getByText('欢迎，Demo').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('lobby.session'))).toMatch(/token/);
      await page.getByRole('button', { name: '退出' }).click();
      await page.getByRole('form', { name: '登录' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('lobby.session'))).toBeNull();
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends a login that needs a captcha through the robot check and back, refusing a wrong answer', async () => {
    for (let failure = 0; failure < 3; failure += 1) expect(await failLogin('demo-admin')).toBe(CODE.passwordWrong);
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/vip`);
      await submitLogin(page, 'demo-admin', 'demo1234');
      await page.waitForURL(`${server.url}/robot-check/image/0/0`);
      expect(await page.evaluate(() => sessionStorage.getItem('lobby.robotCheckReturn'))).toBe('/app/vip');
      const image = page.locator('img.captcha-image');
      const firstId = (await image.getAttribute('data-captcha-id'))!;
      const { answer } = await sandboxAnswer<{ answer: string }>(server.url, `/sandbox/captcha/${firstId}`);
      await page.getByLabel('验证码').fill(answer === '0000' ? '1111' : '0000');
      await page.getByRole('button', { name: '验证' }).click();
      await page.getByRole('alert').filter({ hasText: '图形验证码错误' }).waitFor();
      await expect.poll(() => image.getAttribute('data-captcha-id')).not.toBe(firstId);
      const secondId = (await image.getAttribute('data-captcha-id'))!;
      const second = await sandboxAnswer<{ answer: string }>(server.url, `/sandbox/captcha/${secondId}`);
      await page.getByLabel('验证码').fill(second.answer);
      await page.getByRole('button', { name: '验证' }).click();
      await page.waitForURL(`${server.url}/app/vip`);
      expect(await page.evaluate(() => localStorage.getItem('lobby.robotCheck'))).toContain(secondId);
      await page.getByText('已通过安全验证').waitFor();
      expect(await page.getByPlaceholder('用户名').inputValue()).toBe('demo-admin');
      await page.getByPlaceholder('密码').fill('demo1234');
      await page.getByRole('button', { name: '登录' }).click();
      await page.getByText('欢迎，Room admin').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('lobby.robotCheck'))).toBeNull();
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("signs a member out on its next step once the operator disables the account, says why at sign-in, and lets it back once lifted", async () => {
    const name = `shut${Date.now() % 1_000_000}`;
    const client = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    await client.call(registerV4, { name, password: md5Hex('shut-pass-1') });
    const shown = await runOps(server.url, 'member', 'show', name);
    const memberId = (JSON.parse(shown.stdout) as { memberId: number }).memberId;
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/home`);
      await submitLogin(page, name, 'shut-pass-1');
      await page.getByText(`欢迎，${name}`).waitFor();

      const disabled = await runOps(server.url, 'member', 'disable', String(memberId), '--reason', 'chargeback under review');
      // Two sessions end: the registration's and the page's.
      expect([disabled.code, JSON.parse(disabled.stdout)]).toEqual([0, { memberId, name, status: 3, changed: true, sessionsEnded: 2, chatLoginsEnded: expect.any(Number) }]);
      await page.reload();
      await page.getByRole('form', { name: '登录' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('lobby.session'))).toBeNull();
      await submitLogin(page, name, 'shut-pass-1');
      await page.getByRole('alert').filter({ hasText: messageForCode(CODE.memberDisabled, 'zh-CN')! }).waitFor();

      const afterDisable = JSON.parse((await runOps(server.url, 'member', 'show', name)).stdout);
      expect(afterDisable).toMatchObject({ statusName: 'disabled', liveSessions: 0, statusChanges: [{ fromStatus: 1, toStatus: 3, reason: 'chargeback under review' }] });
      const noReason = await runOps(server.url, 'member', 'enable', String(memberId));
      expect([noReason.code, noReason.stderr]).toEqual([1, expect.stringMatching(/reason/)]);
      expect((await runOps(server.url, 'member', 'enable', String(memberId), '--reason', 'review closed')).code).toBe(0);
      await submitLogin(page, name, 'shut-pass-1');
      await page.getByText(`欢迎，${name}`).waitFor();
      // The browser logs the one refused request: the reloaded page's user info with the ended session.
      expect(watch.consoleErrors).toEqual([expect.stringMatching(/status of 401 .*\/member\/v1\/user_info/)]);
    } finally {
      await context.close();
    }
  });

  it('shows the rate-limit message after too many failed logins for a name', async () => {
    for (let failure = 0; failure < 10; failure += 1) await failLogin('limited-name');
    const { context, page } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/home`);
      await submitLogin(page, 'limited-name', 'whatever-1');
      await page.getByRole('alert').filter({ hasText: messageForCode(CODE.tooManyRequests, 'zh-CN')! }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('registers with a phone and the invite code of the landing URL, resets the forgotten password by phone code, and logs in with the new one', async () => {
    const name = `site${Date.now() % 1_000_000}`;
    const phone = `1380013${String(Date.now() % 10_000).padStart(4, '0')}`;
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/home?i_code=INV42`);
      await openPage(page, `${server.url}/app/vip`);
      await page.getByRole('button', { name: '注册' }).click();
      const register = page.getByRole('dialog', { name: '注册' });
      await register.getByLabel('用户名').fill('demo');
      await register.getByLabel('密码', { exact: true }).focus();
      await register.getByText('该用户名已被使用').waitFor();
      await register.getByLabel('用户名').fill(name);
      await register.getByLabel('密码', { exact: true }).fill('first-pass-1');
      await register.getByLabel('确认密码').fill('first-pass-1');
      await register.getByLabel('手机号（选填）').fill(phone);
      const registerRequest = page.waitForRequest((request) => request.url().endsWith('/member/v4/register'));
      await register.getByRole('button', { name: '注册' }).click();
      expect((await registerRequest).postDataJSON()).toMatchObject({ name, inviteCode: 'INV42', areaCode: '+86', phone });
      await page.getByText(`欢迎，${name}`).waitFor();
      // Registered, the dialog stays for the optional deposit-limit question (responsible play): not now.
      await register.getByRole('heading', { name: '设定存款限额' }).waitFor();
      await register.getByRole('button', { name: '暂不设定' }).click();
      await register.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: '退出' }).click();
      await page.locator('dialog[open]').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: '忘记密码' }).click();
      const forgot = page.getByRole('dialog', { name: '忘记密码' });
      await forgot.getByLabel('用户名').fill(name);
      await forgot.getByLabel('手机号').fill(phone);
      await forgot.getByRole('button', { name: '获取验证码' }).click();
      await forgot.getByRole('button', { name: /秒后重发/ }).waitFor();
      const { code } = await sandboxAnswer<{ code: string }>(server.url, `/sandbox/sms/${encodeURIComponent(`+86${phone}`)}`);
      await forgot.getByLabel('短信验证码').fill(code === '000000' ? '111111' : '000000');
      await forgot.getByLabel('新密码').fill('second-pass-2');
      await forgot.getByLabel('确认密码').fill('second-pass-2');
      await forgot.getByRole('button', { name: '重置密码' }).click();
      await forgot.getByRole('alert').filter({ hasText: messageForCode(CODE.codeWrong, 'zh-CN')! }).waitFor();
      await forgot.getByLabel('短信验证码').fill(code);
      await forgot.getByRole('button', { name: '重置密码' }).click();
      await page.getByText('密码已重置').waitFor();
      await expectOnlyNewPassword(page, name, 'first-pass-1', 'second-pass-2');
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
