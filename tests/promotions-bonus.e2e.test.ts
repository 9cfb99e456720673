import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bonusMine, depositPay, opsActivityCreate, opsActivityPublish, opsSandboxPayment, walletBalance } from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient } from './support/member-pages.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

const DAY_MS = 86_400_000;

/**
 * The first-deposit bonus in Chromium (issue 20; docs/BONUS-WAGERING.md): the operator
 * creates and publishes it, a visitor is sent to /blackList, a member sees status 0, then 1
 * while its deposit waits, then 2 once the sandbox provider confirms it; the member receives
 * the bonus on the page and sees it in the bonus wallet with its wagering (0% of 10x), apart
 * from its own money.
 */
describe('the first-deposit bonus in the browser', () => {
  const { server, browser } = browserSuite();
  const password = 'bonus-pass-1';

  it('deposits, receives the first-deposit and deposit-again bonuses on their pages and sees them wagering in the bonus wallet; month money shows no tier reached', async () => {
    const ops = operatorClient(server.url);
    const draft = await ops.call(opsActivityCreate, {
      siteId: 4, kind: 'deposit_first', title: '首存红利浏览器测试', category: 'deposit', termsText: '首笔存款的 20%，最高 388 元，10 倍流水。',
      startsAt: new Date(Date.now() - DAY_MS).toISOString(), endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(), budgetMinor: 10_000_00,
      config: { percentBp: 2000, maxBonusMinor: 388_00, minDepositMinor: 100_00, multiple: 10, maxBetMinor: 50_00, expiryDays: 14 },
    }, { idempotencyKey: randomUUID() });
    const activity = await ops.call(opsActivityPublish, { id: draft.id });
    const { name, client } = await freshMember(server.url, 'bonus', password);

    const visitor = await openWatchedPage(browser);
    await openPage(visitor.page, `${server.url}/app/deposit-first/${activity.id}`);
    await visitor.page.waitForURL(/\/blackList/);
    await visitor.context.close();

    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logInOnHome(page, server.url, { name, password });
      const url = `${server.url}/app/deposit-first/${activity.id}`;
      const statusLine = page.locator('.bonus-status-line');
      const receive = page.getByRole('button', { name: '领取红利' });
      await openPage(page, url);
      await expect.poll(() => statusLine.getAttribute('data-bonus-status')).toBe('0');
      expect(await statusLine.textContent()).toBe('未达成 · 请在活动期间完成首笔存款');
      expect(await receive.isDisabled()).toBe(true);
      expect(await page.getByRole('link', { name: '去存款' }).getAttribute('href')).toBe('/app/myCenter/deposit');
      expect(await page.locator('.activity-facts').first().textContent()).toContain('存款的 20%，最高 388.00 元');

      // The deposit waits for confirmation: status 1; the sandbox provider confirms it: status 2, its bonus shown.
      const order = await client.call(depositPay, { payTypeId: '1', amount: 500, depositorName: '韩梅梅' }, { idempotencyKey: randomUUID() });
      await openPage(page, url);
      await expect.poll(() => statusLine.getAttribute('data-bonus-status')).toBe('1');
      expect(await statusLine.textContent()).toBe('存款待确认 · 您的存款正在等待确认');
      await ops.call(opsSandboxPayment, { billNo: order.billNo, outcome: 'paid' });
      const centreBefore = (await client.call(walletBalance, {})).centerWalletBalance;
      await openPage(page, url);
      await expect.poll(() => statusLine.getAttribute('data-bonus-status')).toBe('2');
      expect(await page.locator(`li[data-bill-no="${order.billNo}"]`).textContent()).toContain('存款 500.00 元 → 红利 100.00 元');
      expect(await page.locator('.activity-claim .terms-version').textContent()).toBe('规则 v1');
      expect(await axeViolations(page)).toEqual([]);

      await receive.click();
      await page.getByRole('status').filter({ hasText: '已领取 100.00 元红利，已存入红利钱包' }).waitFor();
      await expect.poll(() => statusLine.getAttribute('data-bonus-status')).toBe('3');
      expect(await page.getByRole('button', { name: '已领取' }).isDisabled()).toBe(true);
      const bonus = page.locator('.bonus-item').first();
      expect(await bonus.getAttribute('data-bonus-status')).toBe('wagering');
      expect(await bonus.locator('.bonus-line').textContent()).toBe('100.00 元红利 · 需流水 1,000.00 元 · 已完成 0.00 元（0%）');
      expect(await bonus.locator('progress').getAttribute('value')).toBe('0');
      expect(await axeViolations(page)).toEqual([]);

      await page.screenshot({ path: '/tmp/promotions-bonus-first.png', fullPage: true });

      // The bonus wallet holds it apart from the member's own money.
      const mine = await client.call(bonusMine, {});
      expect(mine.bonusWalletBalance).toBe(100);
      expect((await client.call(walletBalance, {})).centerWalletBalance).toBe(centreBefore);

      // Deposit again: the second deposit earns 10%; received on its page, a second bonus wagers.
      const again = await ops.call(opsActivityPublish, { id: (await ops.call(opsActivityCreate, {
        siteId: 4, kind: 'deposit_again', title: '二存红利浏览器测试', category: 'deposit', termsText: '第二笔存款的 10%，最高 188 元。',
        startsAt: new Date(Date.now() - DAY_MS).toISOString(), endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(), budgetMinor: 10_000_00,
        config: { mode: 'nth', nth: 2, percentBp: 1000, maxBonusMinor: 188_00, minDepositMinor: 100_00, multiple: 5, maxBetMinor: 50_00, expiryDays: 14 },
      }, { idempotencyKey: randomUUID() })).id });
      const second = await client.call(depositPay, { payTypeId: '1', amount: 300, depositorName: '韩梅梅' }, { idempotencyKey: randomUUID() });
      await ops.call(opsSandboxPayment, { billNo: second.billNo, outcome: 'paid' });
      await openPage(page, `${server.url}/app/deposit-again/${again.id}`);
      await expect.poll(() => statusLine.getAttribute('data-bonus-status')).toBe('2');
      expect(await page.locator('.activity-facts').first().textContent()).toContain('第 2 笔存款');
      await receive.click();
      await page.getByRole('status').filter({ hasText: '已领取 30.00 元红利' }).waitFor();
      expect(await page.locator('.bonus-item .bonus-line').first().textContent()).toBe('30.00 元红利 · 需流水 150.00 元 · 已完成 0.00 元（0%）');

      // Month money: last month reached no tier for a new member; the button stays disabled.
      const month = await ops.call(opsActivityPublish, { id: (await ops.call(opsActivityCreate, {
        siteId: 4, kind: 'month_money', title: '月月红利浏览器测试', category: 'deposit', termsText: '上月存款和流水达到档位即可领取。',
        startsAt: new Date(Date.now() - DAY_MS).toISOString(), endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(), budgetMinor: 10_000_00,
        config: { tiers: [{ minDepositMinor: 1_000_00, minTurnoverMinor: 5_000_00, rewardMinor: 18_00 }], multiple: 1 },
      }, { idempotencyKey: randomUUID() })).id });
      await openPage(page, `${server.url}/app/month-money/${month.id}`);
      await expect.poll(() => statusLine.getAttribute('data-bonus-status')).toBe('0');
      expect(await statusLine.textContent()).toMatch(/^未达成 · 上月（\d{4}-\d{2}）未达到任何档位$/);
      expect(await page.getByRole('button', { name: '领取红利' }).isDisabled()).toBe(true);
      expect(await page.locator('.bonus-status-line + p').textContent()).toContain('可领 0.00 元');
      expect(await axeViolations(page)).toEqual([]);
      await openPage(page, `${server.url}/app/myCenter/myWallet`);
      const panel = page.getByRole('region', { name: '红利钱包' });
      await expect.poll(() => panel.locator('.bonus-wallet-balance').getAttribute('data-bonus-wallet')).toBe('130');
      expect(await panel.locator('.bonus-wallet-balance').textContent()).toContain('红利钱包余额 130.00 元');
      expect(await panel.locator('.bonus-item .bonus-state').allTextContents()).toEqual(['流水中', '流水中']);

      // Forfeiting asks first, then gives the deposit-again bonus back to its budget; the first one keeps wagering.
      const againBonus = panel.locator('.bonus-item').nth(1);
      await againBonus.getByRole('button', { name: '放弃红利' }).click();
      await againBonus.getByRole('group', { name: '放弃红利' }).getByRole('button', { name: '确认放弃' }).click();
      await panel.getByRole('status').filter({ hasText: '红利已放弃' }).waitFor();
      await expect.poll(() => panel.locator('.bonus-wallet-balance').getAttribute('data-bonus-wallet')).toBe('100');
      expect(await panel.locator('.bonus-item .bonus-state').allTextContents()).toEqual(['流水中', '已放弃']);
      expect((await client.call(bonusMine, {})).bonusWalletBalance).toBe(100);
      await page.screenshot({ path: '/tmp/promotions-bonus-wallet.png', fullPage: true });
      expect(watch.cspViolations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
