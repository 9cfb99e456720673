import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Dialog, Page } from 'playwright-core';
import { CODE, DEPOSIT_STATE, createClient, depositPay, loginPassword, loginPayload, messageForCode, personalInfoV3, registerV4, webLogin } from '@lobby/sdk';
import { openPage, openWatchedPage, sandboxAnswer, setSite } from './support/site.js';
import { expectOnlyNewPassword, submitLogin } from './support/login-form.js';
import { browserSuite } from './support/suite.js';

/**
 * Whether the leave-pay prompt's back-button guard is the page's history entry: the copy the
 * hook pushes carries its mark (GUARD_MARK in packages/site/src/layout/use-leave-pay-prompt.ts).
 */
const guardInPlace = (page: Page) =>
  page.evaluate((mark) => typeof history.state === 'object' && history.state !== null && mark in history.state, 'lobbyLeavePayGuard');

/** Issue 7 sign-in extras: forgotten password by email in its steps, the after-login bind-phone and weak-password prompts. */
describe('sign-in extras on the host site', () => {
  const { server, browser } = browserSuite();

  /**
   * Registers a member over the API, then binds its email on /app/myCenter/userInfo (the
   * member's one email, the address the forgotten-password-by-email flow checks and mails).
   */
  async function memberWithEmail(password: string): Promise<{ name: string; email: string }> {
    const name = `mail${Date.now() % 1_000_000}`;
    const client = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    await client.call(registerV4, { name, password: loginPassword(password) });
    const email = `${name}@example.com`;
    const { context, page } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/myCenter/userInfo`);
      await submitLogin(page, name, password);
      const form = page.getByRole('form', { name: '邮箱' });
      await form.getByLabel('邮箱').fill('not-an-address');
      await form.getByRole('button', { name: '保存' }).click();
      await form.getByRole('alert').filter({ hasText: messageForCode(CODE.emailInvalid, 'zh-CN')! }).waitFor();
      await form.getByLabel('邮箱').fill(email);
      await form.getByRole('button', { name: '保存' }).click();
      await page.getByText('已保存').first().waitFor();
      const { token } = await client.call(webLogin, loginPayload(name, password));
      const member = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });
      expect((await member.call(personalInfoV3, {})).email).toBe(email);
    } finally {
      await context.close();
    }
    return { name, email };
  }

  it('resets a forgotten password by email in three steps, refusing an address not bound and a wrong code', async () => {
    const { name, email } = await memberWithEmail('first-pass-1');
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/home`);
      await page.getByRole('button', { name: '忘记密码' }).click();
      const forgot = page.getByRole('dialog', { name: '忘记密码' });
      await forgot.getByRole('radio', { name: '邮箱找回' }).check();
      await expect.poll(() => forgot.locator('[aria-current="step"]').textContent()).toBe('填写账号和邮箱');
      await forgot.getByLabel('用户名').fill(name);
      await forgot.getByLabel('邮箱', { exact: true }).fill('not-an-address');
      await forgot.getByRole('button', { name: '发送验证码' }).click();
      await forgot.getByRole('alert').filter({ hasText: '请输入正确的邮箱地址' }).waitFor();
      await forgot.getByLabel('邮箱', { exact: true }).fill('someone-else@example.com');
      await forgot.getByRole('button', { name: '发送验证码' }).click();
      await forgot.getByRole('alert').filter({ hasText: messageForCode(CODE.emailNotBound, 'zh-CN')! }).waitFor();
      await forgot.getByLabel('邮箱', { exact: true }).fill(email);
      await forgot.getByRole('button', { name: '发送验证码' }).click();

      await forgot.getByText(`验证码已发送至 ${email}`).waitFor();
      expect(await forgot.locator('[aria-current="step"]').textContent()).toBe('输入验证码');
      await forgot.getByRole('button', { name: /秒后重发/ }).waitFor();
      const { code } = await sandboxAnswer<{ code: string }>(server.url, `/sandbox/mail/${encodeURIComponent(email)}`);
      await forgot.getByLabel('邮箱验证码').fill(code === '000000' ? '111111' : '000000');
      await forgot.getByRole('button', { name: '下一步' }).click();
      await forgot.getByRole('alert').filter({ hasText: messageForCode(CODE.codeWrong, 'zh-CN')! }).waitFor();
      await forgot.getByLabel('邮箱验证码').fill(code);
      await forgot.getByRole('button', { name: '下一步' }).click();

      await forgot.getByLabel('新密码').waitFor();
      expect(await forgot.locator('[aria-current="step"]').textContent()).toBe('设置新密码');
      await forgot.getByLabel('新密码').fill('second-pass-2');
      await forgot.getByLabel('确认密码').fill('second-pass-3');
      await forgot.getByRole('button', { name: '重置密码' }).click();
      await forgot.getByRole('alert').filter({ hasText: '两次输入的密码不一致' }).waitFor();
      await forgot.getByLabel('确认密码').fill('second-pass-2');
      await forgot.getByRole('button', { name: '重置密码' }).click();
      await page.getByText('密码已重置').waitFor();
      await forgot.waitFor({ state: 'detached' });

      await expectOnlyNewPassword(page, name, 'first-pass-1', 'second-pass-2');
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('after a login with a weak password and no phone, prompts to bind a phone and change the password; the flags live in session storage until logout', async () => {
    const name = `weak${Date.now() % 1_000_000}`;
    const client = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    await client.call(registerV4, { name, password: loginPassword('12345678') });
    const { context, page, watch } = await openWatchedPage(browser);
    const weakFlag = () => page.evaluate(() => sessionStorage.getItem('lobby.passwordWeak'));
    try {
      await openPage(page, `${server.url}/app/home`);
      await expect.poll(() => page.getByText('请绑定手机号').count()).toBe(0);
      await submitLogin(page, name, '12345678');
      await page.getByText(`欢迎，${name}`).waitFor();
      await page.getByText('请绑定手机号').waitFor();
      await page.getByText('密码强度较弱').waitFor();
      expect(await weakFlag()).toBe('1');

      await page.getByRole('link', { name: '去绑定' }).click();
      await page.waitForURL(/\/app\/myCenter\/userInfo$/);
      await expect.poll(() => page.getByText('请绑定手机号').count()).toBe(0);
      await page.getByText('密码强度较弱').waitFor();
      await page.getByRole('link', { name: '去修改' }).click();
      await page.waitForURL(/\/app\/password$/);
      await expect.poll(() => page.getByText('密码强度较弱').count()).toBe(0);

      await openPage(page, `${server.url}/app/home`);
      await page.getByText('密码强度较弱').waitFor();
      await page.locator('.session-prompt').filter({ hasText: '密码强度较弱' }).getByRole('button', { name: '稍后' }).click();
      await expect.poll(() => page.getByText('密码强度较弱').count()).toBe(0);
      await page.reload();
      await page.getByText('请绑定手机号').waitFor();
      await expect.poll(() => page.getByText('密码强度较弱').count()).toBe(0);
      expect(await weakFlag()).toBe('0');

      await page.getByRole('button', { name: '退出' }).click();
      await page.getByRole('form', { name: '登录' }).waitFor();
      expect(await weakFlag()).toBeNull();
      await expect.poll(() => page.getByText('请绑定手机号').count()).toBe(0);

      await submitLogin(page, 'demo', 'demo1234');
      await page.getByText('欢迎，Demo').waitFor();
      expect(await weakFlag()).toBe('0');
      await page.getByText('请绑定手机号').waitFor();
      await expect.poll(() => page.getByText('密码强度较弱').count()).toBe(0);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists the brand venues of each venue page as tabs from the server, with maintenance shown, per brand', async () => {
    const { context, page, watch } = await openWatchedPage(browser);
    const maintenance = (on: boolean) =>
      fetch(`${server.url}/sandbox/venues/maintenance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ venueCode: 'LBLOTTO', on }) });
    const tabs = () => page.getByRole('navigation', { name: '场馆' }).getByRole('link');
    try {
      const pages: Array<[string, string[]]> = [
        ['/app/sport', ['乐博体育']],
        ['/app/realbet', ['乐博真人']],
        ['/app/lottery', ['乐博彩票']],
        ['/app/chessGame', ['乐博棋牌']],
        ['/app/fishing/1', ['捕鱼']],
        ['/app/egame/1', ['乐博电子', '乐博工作室']],
        ['/app/gaming', ['乐博电竞']],
      ];
      for (const [path, venues] of pages) {
        await openPage(page, server.url + path);
        await expect.poll(() => tabs().allTextContents(), { message: path }).toEqual(venues);
      }
      expect((await (await maintenance(true)).json()) as { code: number }).toMatchObject({ code: 0 });
      await openPage(page, `${server.url}/app/lottery`);
      await expect.poll(() => tabs().allTextContents()).toEqual(['乐博彩票 (维护中)']);
      await openPage(page, `${server.url.replace('127.0.0.1', 'aurora.localhost')}/app/sport`);
      await expect.poll(() => tabs().allTextContents()).toEqual(['极光体育']);
      expect(watch).toEqual({ consoleErrors: [], cspViolations: [], failedRequests: [] });
    } finally {
      await maintenance(false);
      await context.close();
    }
  });

  it('asks before leaving a deposit awaiting payment (a link or the back button) while the brand config says so, and lets the member stay or go', async () => {
    const name = `pay${Date.now() % 1_000_000}`;
    let token = '';
    const client = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });
    token = (await client.call(registerV4, { name, password: loginPassword('leave-pay-1') })).token;
    const order = await client.call(depositPay, { payTypeId: '411', amount: 300 }, { idempotencyKey: randomUUID() });
    expect(order.orderState).toBe(DEPOSIT_STATE.pendingPayment);
    const { context, page, watch } = await openWatchedPage(browser);
    const asked: string[] = [];
    let answer: 'dismiss' | 'accept' = 'dismiss';
    const onDialog = (dialog: Dialog) => {
      if (dialog.type() !== 'confirm') return void dialog.accept();
      asked.push(dialog.message());
      return void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    };
    page.on('dialog', onDialog);
    const depositPage = `${server.url}/app/myCenter/deposit?billNo=${order.billNo}`;
    const openOrder = async () => {
      const config = page.waitForResponse((response) => response.url().includes('/site/v1/leave_pay_window_config'));
      await openPage(page, depositPage);
      await config;
    };
    try {
      await openPage(page, `${server.url}/app/home`);
      await submitLogin(page, name, 'leave-pay-1');
      await page.getByText(`欢迎，${name}`).waitFor();
      await openOrder();
      const homeLink = page.locator('header').getByRole('link', { name: 'Lobby' });
      await homeLink.click();
      await expect.poll(() => asked.length).toBe(1);
      expect(asked[0]).toBe('订单尚未完成支付，确定要离开支付页面吗？');
      expect(page.url()).toBe(depositPage);
      answer = 'accept';
      await homeLink.click();
      await page.waitForURL(`${server.url}/app/home`);
      expect(asked).toHaveLength(2);

      // The back button asks too: Cancel stays on the payment page, OK goes back past it.
      answer = 'dismiss';
      await openOrder();
      // The guard entry is in place once the page knows the config (use-leave-pay-prompt.ts).
      await expect.poll(() => guardInPlace(page)).toBe(true);
      await page.goBack();
      await expect.poll(() => asked.length).toBe(3);
      expect(asked[2]).toBe('订单尚未完成支付，确定要离开支付页面吗？');
      expect(page.url()).toBe(depositPage);
      await page.getByText(order.billNo).first().waitFor();
      // Closing a tab of the payment (or reloading it) gets the browser's own leave-page prompt;
      // Chromium shows it only after a gesture on the page, here a click on its heading.
      const tab = await context.newPage();
      await openPage(tab, depositPage);
      await expect.poll(() => guardInPlace(tab)).toBe(true);
      await tab.getByRole('heading').first().click();
      const prompted = new Promise<string>((resolve) =>
        tab.once('dialog', (dialog) => {
          resolve(dialog.type());
          void dialog.accept();
        }),
      );
      await tab.close({ runBeforeUnload: true });
      expect(await prompted).toBe('beforeunload');
      answer = 'accept';
      await page.goBack();
      await page.waitForURL(`${server.url}/app/home`);
      expect(asked).toHaveLength(4);

      await setSite(server.url, 4, { leavePayStatus: 0 });
      await openOrder();
      await page.locator('header').getByRole('link', { name: 'Lobby' }).click();
      await page.waitForURL(`${server.url}/app/home`);
      expect(asked).toHaveLength(4);

      // Once the member says it is paid, nothing is asked and one press of back leaves.
      await setSite(server.url, 4, { leavePayStatus: 1 });
      await openOrder();
      await expect.poll(() => guardInPlace(page)).toBe(true);
      await page.getByRole('button', { name: '我已付款' }).click();
      await expect.poll(() => guardInPlace(page)).toBe(false);
      await page.goBack();
      await page.waitForURL(`${server.url}/app/home`);
      expect(asked).toHaveLength(4);
      expect(watch.consoleErrors).toEqual([]);

    } finally {
      page.off('dialog', onDialog);
      await setSite(server.url, 4, { leavePayStatus: 1 });
      await context.close();
    }
  });
});
