import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { depositPay, opsSandboxPayment } from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient } from './support/member-pages.js';
import { openPage, openWatchedPage, sandboxAnswer, sandboxPost } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PASSWORD = 'limits-pass-1';
const DAY_MS = 24 * 3_600_000;

/**
 * Deposit limits in Chromium (issue 22; docs/RESPONSIBLE-PLAY.md "Limits"), as a member would:
 * the deposit page asks for a deposit limit, the member sets 500 yuan per 24 hours, deposits
 * 300, and a second 300 is refused with the limit's message; on the limits page the member
 * lowers the limit (at once) and raises it (pending: confirming is refused before 24 hours);
 * the server's sandbox clock moves 24 hours on, the member logs in again, and the confirmation
 * applies the raise.
 */
describe('responsible-play limits in the browser', () => {
  const { server, browser } = browserSuite();

  const depositForm = (page: Page) => page.getByRole('form', { name: '立即存款' });
  const row = (page: Page, kind: string, period: string) => page.getByTestId(`limit-${kind}-${period}`);

  it('a member sets a deposit limit, hits it, lowers it at once, and raises it only after 24 hours and a confirmation', { timeout: 120_000 }, async () => {
    const ops = operatorClient(server.url);
    const member = await freshMember(server.url, 'limits', PASSWORD);
    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(15_000);
    try {
      await logInOnHome(page, server.url, { name: member.name, password: PASSWORD });
      // Home links to the limits page.
      expect(await page.getByTestId('play-limits-link').getAttribute('href')).toBe('/app/myCenter/limits');

      // The deposit page asks for a deposit limit while none is set; the member sets 500 yuan per 24 hours.
      await openPage(page, `${server.url}/app/myCenter/deposit`);
      await page.getByTestId('play-limits-link').waitFor();
      const prompt = page.getByTestId('deposit-limit-prompt');
      await prompt.waitFor();
      expect(await axeViolations(page, { withoutWidgets: true }), 'deposit page with the prompt').toEqual([]);
      await prompt.getByLabel('每24小时存款上限（元）').fill('500');
      await prompt.getByRole('button', { name: '设定限额' }).click();
      await page.getByTestId('deposit-limit-done').waitFor();

      // 300 yuan deposited and paid; another 300 would pass the 500 of the last 24 hours: refused, with the limit named.
      const first = await member.client.call(depositPay, { payTypeId: '1', amount: 300, depositorName: '李雷' }, { idempotencyKey: randomUUID() });
      await ops.call(opsSandboxPayment, { billNo: first.billNo, outcome: 'paid' });
      await openPage(page, `${server.url}/app/myCenter/deposit`);
      const form = depositForm(page);
      await form.waitFor();
      expect(await page.getByTestId('deposit-limit-prompt').count()).toBe(0);
      await form.getByLabel('存款金额（元）').fill('300');
      await form.getByLabel('存款人姓名').fill('李雷');
      await form.getByRole('button', { name: '立即存款' }).click();
      const refusal = page.locator('.deposit-refusal');
      await refusal.waitFor();
      expect(await refusal.getAttribute('data-code')).toBe('280001');
      expect(await refusal.textContent()).toContain('此笔存款将超过您设定的存款限额');

      // The limits page: 300 of 500 used, 200 left, the reset 24 hours after the deposit.
      await page.getByTestId('play-limits-link').click();
      await page.getByRole('heading', { name: '我的限额' }).waitFor();
      const deposit = row(page, 'deposit', 'day');
      await expect.poll(() => deposit.getAttribute('data-value')).toBe('50000');
      expect(await deposit.textContent()).toContain('300.00');
      expect(await deposit.textContent()).toContain('200.00');
      expect(await deposit.locator('time').count()).toBe(1);
      expect(await axeViolations(page, { withoutWidgets: true }), 'limits page').toEqual([]);

      // Lowered to 400: at once.
      const limitForm = page.getByTestId('limit-form');
      await limitForm.getByLabel('金额（元）').fill('400');
      await limitForm.getByRole('button', { name: '保存限额' }).click();
      await page.getByRole('status').filter({ hasText: '限额已生效。' }).waitFor();
      await expect.poll(() => deposit.getAttribute('data-value')).toBe('40000');

      // Raised to 1,000: pending; confirming before 24 hours is refused, and the limit stays 400.
      await limitForm.getByLabel('金额（元）').fill('1000');
      await limitForm.getByRole('button', { name: '保存限额' }).click();
      await page.getByTestId('limit-notice').filter({ hasText: '提高或取消限额需等待24小时' }).waitFor();
      const pending = page.getByTestId('pending-deposit-day');
      await pending.waitFor();
      expect(await pending.getAttribute('data-due')).toBe('false');
      await pending.getByRole('button', { name: '确认变更' }).click();
      await page.getByRole('alert').filter({ hasText: '限额提高或取消需等待24小时后才能确认' }).waitFor();
      expect(await deposit.getAttribute('data-value')).toBe('40000');
      expect(await axeViolations(page, { withoutWidgets: true }), 'limits page with a pending raise').toEqual([]);

      // 24 hours pass on the server's clock (the page's Date.now follows, so its signed requests stay in the window).
      const moved = await sandboxPost<{ nowMs: number; aheadMs: number }>(server.url, '/sandbox/clock', { advanceMs: DAY_MS });
      expect(moved.nowMs - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
      await context.addInitScript((aheadMs: number) => {
        const machine = Date.now.bind(Date);
        Date.now = () => machine() + aheadMs;
      }, moved.aheadMs);
      // A day later the member comes back and logs in again (a play session does not outlast the day).
      page.setDefaultTimeout(30_000);
      await page.goto(`${server.url}/app/home`, { waitUntil: 'domcontentloaded' });
      const login = page.getByRole('form', { name: '登录' });
      await login.or(page.getByText(`欢迎，${member.name}`)).first().waitFor();
      if (await login.isVisible()) {
        await login.getByPlaceholder('用户名').fill(member.name);
        await login.getByPlaceholder('密码').fill(PASSWORD);
        await login.getByRole('button', { name: '登录' }).click();
        await page.getByText(`欢迎，${member.name}`).waitFor();
      }
      await page.goto(`${server.url}/app/myCenter/limits`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: '我的限额' }).waitFor();
      const due = page.getByTestId('pending-deposit-day');
      await expect.poll(() => due.getAttribute('data-due')).toBe('true');
      expect(await row(page, 'deposit', 'day').getAttribute('data-value')).toBe('40000'); // not applied by itself
      await due.getByRole('button', { name: '确认变更' }).click();
      await page.getByRole('status').filter({ hasText: '变更已确认并生效。' }).waitFor();
      await expect.poll(() => row(page, 'deposit', 'day').getAttribute('data-value')).toBe('100000');
      expect(await page.getByTestId('pending-deposit-day').count()).toBe(0);

      // The audit trail shows each step, the member as its author.
      const audit = page.getByTestId('limit-audit');
      await expect.poll(() => audit.locator('tbody tr').count()).toBe(4);
      expect(await audit.locator('tbody tr').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-action')}:${r.getAttribute('data-actor')}`))).toEqual([
        'confirmed:member', 'requested:member', 'set:member', 'set:member',
      ]);
      const clock = await sandboxAnswer<{ aheadMs: number }>(server.url, '/sandbox/clock');
      expect(clock.aheadMs).toBe(DAY_MS);
      expect(watch.cspViolations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } catch (failure) {
      await page.screenshot({ path: '/tmp/responsible-limits-failure.png', fullPage: true }).catch(() => undefined);
      throw failure;
    } finally {
      await context.close();
    }
  });
});
