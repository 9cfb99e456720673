import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  depositPay,
  eWalletAddressAdd,
  md5Hex,
  opsSandboxPayment,
  opsWithdrawalMatch,
  opsWithdrawalPay,
  walletBalance,
  withdrawPasswordSet,
  type ApiClient,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient, shownYuan } from './support/member-pages.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

const shown = shownYuan;

/**
 * Issue 8, e-wallet withdrawals in Chromium on the built server: the withdrawals page
 * offers the e-wallet way (withdraw info '5'), the member picks EbPay and its bound
 * address, the amount is locked, the operator API matches and pays the draw, the member
 * confirms; every balance on screen equals walletBalance at each step.
 */
describe('an e-wallet withdrawal on the withdrawals page', () => {
  const { server, browser } = browserSuite();
  let member: ApiClient;
  let operator: ApiClient;
  let name: string;
  const password = 'ewallet-pass-1';

  beforeAll(async () => {
    ({ name, client: member } = await freshMember(server.url, 'ewal', password));
    operator = operatorClient(server.url);
    const funded = await member.call(depositPay, { payTypeId: '1', amount: 500, depositorName: '李雷' }, { idempotencyKey: randomUUID() });
    await operator.call(opsSandboxPayment, { billNo: funded.billNo, outcome: 'paid' });
    await member.call(withdrawPasswordSet, { password: md5Hex('135790') });
  }, 90_000);

  const logIn = (page: Page) => logInOnHome(page, server.url, { name, password });

  /** The centre and locked balances on screen equal the ledger's; answers the ledger's. */
  async function expectBalances(page: Page) {
    const wallet = await member.call(walletBalance, {});
    await expect.poll(() => page.locator('[data-balance="centre"]').textContent()).toBe(shown(wallet.centerWalletBalance));
    await expect.poll(() => page.locator('[data-balance="locked"]').textContent()).toBe(shown(wallet.lockedWalletBalance));
    return wallet;
  }

  it('withdraws to a bound EbPay address; the operator pays it; the member confirms; balances follow the ledger', async () => {
    const ebPay = await member.call(eWalletAddressAdd, { protocol: 3, address: 'eb_wallet_0001', alias: '我的EB' });
    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logIn(page);
      await openPage(page, `${server.url}/app/myCenter/withdrawals`);
      const form = page.getByRole('form', { name: '立即提现' });
      await form.waitFor();
      const before = await expectBalances(page);
      // 500.00 deposited by bank transfer with its 1% discount.
      expect([before.centerWalletBalance, before.lockedWalletBalance]).toEqual([505, 0]);
      expect(await form.getByRole('radio').evaluateAll((inputs) => inputs.map((input) => [(input as HTMLInputElement).value, (input as HTMLInputElement).disabled]))).toEqual([
        ['ordinary', false],
        ['speed', false],
        ['usdt', false],
        ['accountTransfer', true],
        ['eWallet', false],
      ]);
      await form.getByRole('radio', { name: /电子钱包/ }).check();
      expect(await form.locator('[data-available="eWallet"]').textContent()).toBe('505.00 RMB');
      const wallets = form.getByLabel('电子钱包类型');
      expect(await wallets.locator('option').allTextContents()).toEqual(['EbPay', 'KoiPay']);

      // KoiPay has no bound address: the way to bind one, and nothing sent.
      const sent: unknown[] = [];
      page.on('request', (request) => /\/finance\/v1\/withdraw\/(request|usdt|e_wallet)$/.test(request.url()) && sent.push(request.postDataJSON()));
      await wallets.selectOption('4');
      expect(await form.getByRole('link', { name: '去绑定电子钱包' }).getAttribute('href')).toBe('/app/myCenter/banks');
      await form.getByLabel('提现金额 (RMB)').fill('150');
      await form.getByLabel('取款密码').fill('135790');
      await form.getByRole('button', { name: '立即提现' }).click();
      await page.getByRole('alert').filter({ hasText: '请先绑定 KoiPay 地址' }).waitFor();
      expect(sent).toEqual([]);

      // EbPay: the bound address, chosen by id.
      await wallets.selectOption('3');
      const address = form.getByLabel('收款电子钱包地址');
      expect(await address.locator('option').allTextContents()).toEqual(['我的EB eb_wallet_0001']);
      expect(await address.inputValue()).toBe(String(ebPay.id));
      expect(await axeViolations(page), 'e-wallet way').toEqual([]);
      await form.getByRole('button', { name: '立即提现' }).click();

      const panel = page.getByRole('region', { name: '提现订单' });
      await panel.waitFor();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toEqual({ amount: 150, addressId: ebPay.id, withdrawPassword: md5Hex('135790') });
      expect(await panel.locator('.withdraw-steps [aria-current="step"]').textContent()).toBe('等待出款');
      const locked = await expectBalances(page);
      expect([locked.centerWalletBalance, locked.lockedWalletBalance]).toEqual([355, 150]);
      const billNo = (await panel.locator('.withdraw-order-facts dd').first().textContent())!;

      // The operator matches and pays; the page's refresh shows the draw to be confirmed.
      await operator.call(opsWithdrawalMatch, { billNo });
      await operator.call(opsWithdrawalPay, { billNo });
      await panel.getByRole('button', { name: '刷新订单状态' }).click();
      await panel.getByText('有 1 笔订单待您确认收款').waitFor();
      expect(await panel.locator('.withdraw-steps [aria-current="step"]').textContent()).toBe('等待您确认');
      expect(await axeViolations(page), 'e-wallet draw to be confirmed').toEqual([]);
      await panel.getByRole('button', { name: '确认收款' }).click();
      await panel.getByText('提现完成').waitFor();
      const done = await expectBalances(page);
      expect([done.centerWalletBalance, done.lockedWalletBalance]).toEqual([355, 0]);
      expect(watch.cspViolations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
