import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  formatWireMoney,
  opsDepositConfirm,
  opsSandboxPayment,
  usdtDepositAddress,
  usdtDepositMerchants,
  usdtWalletBalance,
  walletBalance,
  type ApiClient,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient } from './support/member-pages.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

/** A wire amount as the pages (in zh-CN) show it: the sdk's formatWireMoney, e.g. 1,000.00. */
const fixed = (amount: number, decimals: 2 | 6) => formatWireMoney(amount, decimals, 'zh-CN');

/**
 * Issue 8's USDT deposit in real Chromium on the built server: a fresh member deposits on
 * both routes through the deposit page (pay type 2120), sees the merchant's address as
 * text and as a QR code, the sandbox provider or the operator confirms, and the balance on
 * screen equals the ledger's (walletBalance, usdtWalletBalance).
 */
describe('a member deposits USDT on the deposit page', () => {
  const { server, browser } = browserSuite();
  let member: ApiClient;
  let operator: ApiClient;
  let name: string;
  const password = 'usdt-pass-1';

  beforeAll(async () => {
    ({ name, client: member } = await freshMember(server.url, 'usdt', password));
    operator = operatorClient(server.url);
  }, 90_000);

  const logIn = (page: Page) => logInOnHome(page, server.url, { name, password });

  /** Opens the deposit page and chooses the USDT channel (2120). */
  async function openUsdt(page: Page) {
    await openPage(page, `${server.url}/app/myCenter/deposit`);
    await page.locator('input[name="pay-channel"][value="2120"]').check();
    await page.getByRole('heading', { name: 'USDT 存款', exact: true }).waitFor();
  }

  const usdtSection = (page: Page) => page.locator('section.deposit-usdt');
  const currentStep = (page: Page) => usdtSection(page).locator('.deposit-steps [aria-current="step"]').textContent();

  /** Reopens the deposit page on the order and waits until `doneSteps` of its steps are done. */
  async function reopenOrder(page: Page, billNo: string, doneSteps: number) {
    await openPage(page, `${server.url}/app/myCenter/deposit?billNo=${billNo}`);
    await usdtSection(page).locator('.deposit-steps li.done').nth(doneSteps - 1).waitFor();
  }

  /** The address shown as text equals the server's, and its QR code is drawn (one path of dark modules). */
  async function expectAddress(page: Page, merchantNo: string) {
    const { address, protocol } = await member.call(usdtDepositAddress, { merchantNo });
    const block = usdtSection(page).locator('.deposit-usdt-address');
    expect(await block.locator('[data-usdt-address]').textContent()).toBe(address);
    const qr = block.getByRole('img', { name: `${protocol} 收款地址二维码` });
    await qr.waitFor();
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThan(100);
    expect(box?.height).toBeGreaterThan(100);
    const modules = Number(await qr.getAttribute('data-modules'));
    expect(modules).toBeGreaterThanOrEqual(25);
    const d = (await qr.locator('path').getAttribute('d')) ?? '';
    // The three finder patterns' corners are dark, inside the quiet zone of 2 modules.
    for (const [x, y] of [[2, 2], [modules - 3, 2], [2, modules - 3]]) expect(d).toContain(`M${x} ${y}h1v1h-1z`);
    expect(d.match(/h1v1h-1z/g)!.length).toBeGreaterThan(200);
    return address;
  }

  it("route 'usdt': cold wallet, protocol, amount; the address as text and QR; the provider's confirmation reaches the USDT wallet on screen", async () => {
    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      await logIn(page);
      await openUsdt(page);
      const section = usdtSection(page);
      await section.getByRole('button', { name: '按 USDT 数量（到账 USDT 钱包）' }).click();
      expect(await currentStep(page)).toBe('选择冷钱包');
      expect(await section.locator('.deposit-steps li').allTextContents()).toEqual(['选择冷钱包', '选择协议', '输入金额', '完成']);
      const merchants = (await member.call(usdtDepositMerchants, {})).list;
      expect(await section.locator('input[name="usdt-merchant"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(merchants.map((m) => m.merchantNo));
      expect(await axeViolations(page), 'choose cold wallet').toEqual([]);

      await section.locator('input[name="usdt-merchant"][value="USDT-TRC20-01"]').check();
      expect(await currentStep(page)).toBe('选择协议');
      // The TRC20 cold wallet does not take ERC20.
      expect(await section.locator('input[name="usdt-protocol"][value="ERC20"]').isDisabled()).toBe(true);
      await section.locator('input[name="usdt-protocol"][value="TRC20"]').check();
      expect(await currentStep(page)).toBe('输入金额');
      const address = await expectAddress(page, 'USDT-TRC20-01');
      // The copy button puts the address on the clipboard.
      await section.getByRole('button', { name: '复制地址' }).click();
      await section.getByRole('status').filter({ hasText: '地址已复制' }).waitFor();
      // Pages deny clipboard-read (Permissions-Policy), so the test reads the clipboard
      // from a non-HTML answer of the same origin, which carries no such policy.
      const reader = await context.newPage();
      await reader.goto(new URL('/healthz', page.url()).toString());
      expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(address);
      await reader.close();
      await page.bringToFront();
      expect(await axeViolations(page), 'enter amount with the address').toEqual([]);

      // Bad amounts show their message and send nothing.
      const sent: string[] = [];
      page.on('request', (request) => request.url().endsWith('/finance/v1/deposit/usdt_pay') && sent.push(request.headers()['x-idempotency-key'] ?? ''));
      const form = page.getByRole('form', { name: '提交 USDT 存款' });
      const amount = form.getByLabel('存款数量（USDT，最多 6 位小数）');
      for (const [typed, message] of [
        ['12.1234567', '小数位过多：USDT 最多 6 位，人民币最多 2 位'],
        ['9.999999', '金额超出范围：10.000000 - 100,000.000000'],
        ['abc', '请输入正确的金额'],
        ['', '请输入存款金额'],
      ] as const) {
        await amount.fill(typed);
        await form.getByRole('button', { name: '提交 USDT 存款' }).click();
        await form.getByRole('alert').filter({ hasText: message }).waitFor();
      }
      expect(await axeViolations(page), 'amount message').toEqual([]);
      expect(sent).toEqual([]);

      // One order per click (a double click shares one request and key).
      await amount.fill('12.5');
      await form.getByRole('button', { name: '提交 USDT 存款' }).dblclick();
      await section.locator('[data-usdt-send]').filter({ hasText: '请转入 12.500000 USDT' }).waitFor();
      expect(sent).toHaveLength(1);
      expect(await currentStep(page)).toBe('完成');
      const billNo = new URL(page.url()).searchParams.get('billNo')!;
      expect(billNo).toMatch(/^D\d{22}$/);
      // The common order panel: pending your payment with the countdown.
      expect(await page.locator('.deposit-order .deposit-steps [aria-current="step"]').textContent()).toBe('等待您付款');
      await expectAddress(page, 'USDT-TRC20-01');
      expect(await axeViolations(page), 'USDT order pending payment').toEqual([]);
      expect(await page.locator('[data-balance="usdt"]').textContent()).toBe(fixed(0, 6));

      // The sandbox provider confirms (its callback sent twice): credited once, in USDT.
      const { deliveries } = await operator.call(opsSandboxPayment, { billNo, outcome: 'paid', duplicate: true });
      expect(deliveries.map((d) => d.result).sort()).toEqual(['applied', 'duplicate']);
      await reopenOrder(page, billNo, 4);
      const ledger = await member.call(usdtWalletBalance, {});
      expect(ledger.virtualCurrencyWalletBalance).toBe(12.5);
      await expect.poll(() => page.locator('[data-balance="usdt"]').textContent()).toBe(fixed(ledger.virtualCurrencyWalletBalance, 6));
      expect(await page.locator('[data-balance="centre"]').textContent()).toBe(fixed((await member.call(walletBalance, {})).centerWalletBalance, 2));
      expect(await axeViolations(page), 'USDT order completed').toEqual([]);
      // The help cards of spec section 2.
      expect(await page.locator('[data-help-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-help-card')))).toEqual(['protocol', 'advantages', 'virtual']);
      expect(watch).toEqual({ consoleErrors: [], cspViolations: [], failedRequests: [] });
    } finally {
      await context.close();
    }
  }, 120_000);

  it("route 'rmb': amount in yuan, the USDT to send and the address shown; the operator's confirmation reaches the centre wallet on screen", async () => {
    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logIn(page);
      await openUsdt(page);
      const section = usdtSection(page);
      expect(await section.getByRole('button', { name: '按人民币金额（到账中心钱包）' }).getAttribute('aria-pressed')).toBe('true');
      expect(await section.locator('.deposit-steps li').allTextContents()).toEqual(['输入金额', '转入 USDT', '完成']);
      expect(await currentStep(page)).toBe('输入金额');
      const form = page.getByRole('form', { name: '提交 USDT 存款' });
      const amount = form.getByLabel('存款金额（元，最多 2 位小数）');
      expect(await form.locator('#usdt-range').textContent()).toBe('单笔 71.50 - 715,000.00 元，汇率 1 USDT = 7.15 元');
      expect(await axeViolations(page), 'rmb route, enter amount').toEqual([]);

      const sent: string[] = [];
      page.on('request', (request) => request.url().endsWith('/finance/v1/deposit/usdt_pay') && sent.push(request.url()));
      for (const [typed, message] of [
        ['71.49', '金额超出范围：71.50 - 715,000.00'],
        ['100.001', '小数位过多：USDT 最多 6 位，人民币最多 2 位'],
      ] as const) {
        await amount.fill(typed);
        await form.getByRole('button', { name: '提交 USDT 存款' }).click();
        await form.getByRole('alert').filter({ hasText: message }).waitFor();
      }
      expect(sent).toEqual([]);

      await amount.fill('1000');
      await form.getByRole('button', { name: '提交 USDT 存款' }).click();
      // 1000 / 7.15 = 139.860139..., rounded up to the micro-USDT.
      await section.locator('[data-usdt-send]').filter({ hasText: '请转入 139.860140 USDT' }).waitFor();
      expect(await currentStep(page)).toBe('转入 USDT');
      expect(await section.locator('.deposit-usdt-send').textContent()).toContain('到账 1,000.00 元（中心钱包）');
      await expectAddress(page, 'USDT-TRC20-01');
      expect(await axeViolations(page), 'rmb route, send USDT').toEqual([]);
      const billNo = new URL(page.url()).searchParams.get('billNo')!;

      await operator.call(opsDepositConfirm, { billNo });
      await reopenOrder(page, billNo, 3);
      const wallet = await member.call(walletBalance, {});
      expect(wallet.centerWalletBalance).toBe(1000);
      await expect.poll(() => page.locator('[data-balance="centre"]').textContent()).toBe(fixed(wallet.centerWalletBalance, 2));
      expect(await page.locator('[data-balance="usdt"]').textContent()).toBe(fixed((await member.call(usdtWalletBalance, {})).virtualCurrencyWalletBalance, 6));
      expect(await axeViolations(page), 'rmb route completed').toEqual([]);
      expect(watch).toEqual({ consoleErrors: [], cspViolations: [], failedRequests: [] });
    } finally {
      await context.close();
    }
  }, 120_000);
});
