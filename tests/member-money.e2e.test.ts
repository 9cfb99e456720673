import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  rmbToUsdt,
  toMinor,
  opsWithdrawalExpire,
  webLogin,
  bindBankCard,
  captchaImage,
  createClient,
  depositPay,
  loginPayload,
  md5Hex,
  messageForCode,
  opsSandboxPayment,
  opsWithdrawalMatch,
  opsWithdrawalPay,
  registerMember,
  walletBalance,
  withdrawPasswordSet,
  type ApiClient,
  type WalletBalance,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient, shownYuan } from './support/member-pages.js';
import { openPage, openWatchedPage, sandboxAnswer } from './support/site.js';
import { browserSuite } from './support/suite.js';

const shown = shownYuan;

/**
 * Issue 8 in real Chromium on the built server: a fresh member's money journey through the
 * deposit and withdrawals pages, the sandbox payment provider and the operator API driving
 * the other side, the order balls following each state, and every balance on screen
 * checked against the ledger (walletBalance) at every step.
 */
describe('a member’s money journey on the deposit and withdrawals pages', () => {
  const { server, browser } = browserSuite();
  let member: ApiClient;
  let operator: ApiClient;
  let name: string;
  const password = 'money-pass-1';

  beforeAll(async () => {
    ({ name, client: member } = await freshMember(server.url, 'money', password));
    operator = operatorClient(server.url);
  }, 90_000);

  let ledger = (): Promise<WalletBalance> => member.call(walletBalance, {});

  const logIn = (page: Page, who: { name: string; password: string; welcome?: string } = { name, password }) => logInOnHome(page, server.url, who);

  async function expectBalances(page: Page) {
    const wallet = await ledger();
    await expect.poll(() => page.locator('[data-balance="centre"]').textContent()).toBe(shown(wallet.centerWalletBalance));
    if (await page.locator('[data-balance="locked"]').count()) {
      await expect.poll(() => page.locator('[data-balance="locked"]').textContent()).toBe(shown(wallet.lockedWalletBalance));
    }
    return wallet;
  }

  /** The ball of a kind as home shows it after a fresh load (the ball fetches the order when it starts). */
  async function ballOnHome(page: Page, kind: 'deposit' | 'withdrawal'): Promise<Locator> {
    await openPage(page, `${server.url}/app/home`);
    const ball = page.locator(`lobby-order-ball[kind=${kind}]`).locator('button.ball');
    return ball;
  }

  const depositForm = (page: Page) => page.getByRole('form', { name: '立即存款' });
  const alert = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

  async function submitDeposit(page: Page, amount: string) {
    const form = depositForm(page);
    await form.getByLabel('存款金额（元）').fill(amount);
    await form.getByLabel('存款人姓名').fill('张三');
    await form.getByRole('button', { name: '立即存款' }).click();
  }

  async function cancelOrder(page: Page): Promise<string> {
    await page.getByRole('button', { name: '取消订单' }).click();
    const group = page.getByRole('group', { name: '取消订单' });
    const text = (await group.locator('p').textContent()) ?? '';
    await group.getByRole('button', { name: '确定取消' }).click();
    return text;
  }

  it('deposits by bank transfer, withdraws, confirms, with the balls following and the balances matching the ledger', async () => {
    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } }, { widgets: true });
    try {
      // The leave-pay prompt (brand config status 1) asks before a page load leaves an order pending payment.
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.type());
        void dialog.accept();
      });
      await logIn(page);
      await openPage(page, `${server.url}/app/myCenter/deposit`);
      expect((await expectBalances(page)).centerWalletBalance).toBe(0);
      const form = depositForm(page);
      await form.waitFor();
      expect(await axeViolations(page, { withoutWidgets: true }), 'deposit form').toEqual([]);

      // Channels with range, rate and recommendation; 5 random-tailed quick amounts in range; the odd-tail hint.
      const bank = form.locator('.deposit-channel').filter({ hasText: '银行卡转账' });
      expect(await bank.textContent()).toContain('推荐');
      expect(await bank.textContent()).toContain('单笔 100.00 - 50,000.00 元');
      expect(await bank.textContent()).toContain('优惠 1%');
      expect(await bank.locator('input').isChecked()).toBe(true);
      const quick = (await form.getByRole('group', { name: '快捷金额' }).getByRole('button').allTextContents()).map(Number);
      expect(quick).toHaveLength(5);
      for (const amount of quick) expect(amount >= 100 && amount <= 50_000 && amount % 100 !== 0, String(amount)).toBe(true);
      expect(await form.locator('.deposit-hint').textContent()).toMatch(/建议输入带尾数的金额，如 \d+ 或 \d+/);
      await form.getByRole('group', { name: '快捷金额' }).getByRole('button').first().click();
      expect(await form.getByLabel('存款金额（元）').inputValue()).toBe(String(quick[0]));

      // Validation messages of the amount and the depositor's name, nothing sent.
      const sent: string[] = [];
      page.on('request', (request) => request.url().endsWith('/finance/v1/deposit/pay') && sent.push(request.url()));
      for (const [amount, message] of [
        ['', '请输入存款金额'],
        ['abc', '请输入正确的金额'],
        ['100.001', '金额最多两位小数'],
        ['99.99', '金额需在 100.00 到 50,000.00 元之间'],
        ['50000.01', '金额需在 100.00 到 50,000.00 元之间'],
      ] as const) {
        await form.getByLabel('存款金额（元）').fill(amount);
        await form.getByRole('button', { name: '立即存款' }).click();
        await alert(page, message).waitFor();
      }
      await form.getByLabel('存款金额（元）').fill('150');
      await form.getByRole('button', { name: '立即存款' }).click();
      await alert(page, '请输入存款人姓名').waitFor();
      expect(sent).toEqual([]);

      // 244303: another tab opened an order meanwhile; this tab's deposit is refused and shows that order.
      const other = await context.newPage();
      await openPage(other, `${server.url}/app/myCenter/deposit`);
      await submitDeposit(other, '101.11');
      await other.getByRole('heading', { name: '存款订单' }).waitFor();
      await submitDeposit(page, '150');
      await alert(page, `${messageForCode(244303, 'zh-CN')}（代码 244303）`).waitFor();
      await page.getByRole('heading', { name: '存款订单' }).waitFor();
      expect(await page.locator('.deposit-order-facts').textContent()).toContain('101.11');
      await other.close();

      // Three cancellations a day; the fourth is refused with 244305 and the count.
      expect(await cancelOrder(page)).toContain('今日已取消 0/3 次');
      await page.getByText('订单已关闭').waitFor();
      for (const amount of ['201.23', '301.45']) {
        await page.getByRole('button', { name: '重新存款' }).click();
        await submitDeposit(page, amount);
        await page.getByRole('button', { name: '取消订单' }).waitFor();
        await cancelOrder(page);
        await page.getByText('订单已关闭').waitFor();
      }
      await page.getByRole('button', { name: '重新存款' }).click();
      const requests: string[] = [];
      page.on('request', (request) => request.url().endsWith('/finance/v1/deposit/pay') && requests.push(request.headers()['x-idempotency-key'] ?? ''));
      await depositForm(page).getByLabel('存款金额（元）').fill('1234.56');
      await depositForm(page).getByLabel('存款人姓名').fill('张三');
      await depositForm(page).getByRole('button', { name: '立即存款' }).dblclick();
      await page.getByRole('heading', { name: '存款订单' }).waitFor();
      expect(requests).toHaveLength(1);
      expect(await cancelOrder(page)).toContain('今日已取消 3/3 次');
      await alert(page, `${messageForCode(244305, 'zh-CN')}（代码 244305）`).waitFor();
      await alert(page, '今日已取消 3/3 次').waitFor();

      // Pending your payment: the steps, the countdown to orderTimeOut and the bank details.
      expect(await page.locator('.deposit-steps [aria-current="step"]').textContent()).toBe('等待您付款');
      expect(await page.getByRole('timer').textContent()).toMatch(/^1[45]:\d\d$/);
      expect(await page.locator('.deposit-countdown').textContent()).toContain('请在 15 分钟内完成付款');
      const recipient = page.getByRole('region', { name: '收款信息' });
      expect(await recipient.locator('dt').allTextContents()).toEqual(expect.arrayContaining(['收款人', '收款账号']));
      const billNo = new URL(page.url()).searchParams.get('billNo')!;
      expect(billNo).toMatch(/^D\d{8}\d{14}$/);
      expect(await axeViolations(page, { withoutWidgets: true }), 'deposit order pending payment').toEqual([]);

      expect(dialogs).toEqual([]);
      const depositBall = await ballOnHome(page, 'deposit');
      expect(dialogs).toEqual(['beforeunload']);
      await expect.poll(() => depositBall.getAttribute('aria-label'), { timeout: 15_000 }).toMatch(/^存款订单：去支付/);
      await depositBall.click();
      await page.waitForURL(`${server.url}/app/myCenter/deposit?billNo=${billNo}`);
      await page.getByRole('button', { name: '我已付款' }).click();
      await page.getByText('您已付款，等待确认到账').waitFor();
      expect(await page.locator('.deposit-steps [aria-current="step"]').textContent()).toBe('确认到账');
      await page.getByRole('button', { name: '催单' }).click();
      await page.getByText('已催单，请耐心等待（已催 1 次）').waitFor();
      expect((await ledger()).centerWalletBalance).toBe(0);
      await expectBalances(page);
      await expect.poll(async () => (await ballOnHome(page, 'deposit')).getAttribute('aria-label'), { timeout: 15_000 }).toMatch(/^存款订单：待确认/);

      // The sandbox provider confirms: the money arrives, with the channel's 1% bonus.
      const paid = await operator.call(opsSandboxPayment, { billNo, outcome: 'paid' });
      expect(paid.deliveries.map((delivery) => delivery.result)).toEqual(['applied']);
      await openPage(page, `${server.url}/app/myCenter/deposit?billNo=${billNo}`);
      await page.getByText('存款成功，1,234.56 元已到账').waitFor();
      expect(await page.locator('.deposit-steps li.done').count()).toBe(4);
      expect((await expectBalances(page)).centerWalletBalance).toBe(1246.9);
      expect(await axeViolations(page, { withoutWidgets: true }), 'deposit completed').toEqual([]);
      await openPage(page, `${server.url}/app/home`, true);
      await page.waitForFunction(() => customElements.get('lobby-order-ball') !== undefined);
      await page.waitForTimeout(500);
      expect(await page.locator('lobby-order-ball[kind=deposit]').locator('button.ball').count()).toBe(0);

      // Withdrawals: no password yet, the link to set it; the rules of each field, nothing sent.
      await openPage(page, `${server.url}/app/myCenter/withdrawals`);
      const withdrawForm = page.getByRole('form', { name: '立即提现' });
      await withdrawForm.waitFor();
      await expectBalances(page);
      expect(await withdrawForm.getByRole('link', { name: '去设置取款密码' }).getAttribute('href')).toBe('/app/password');
      await member.call(withdrawPasswordSet, { password: md5Hex('135790') });
      await openPage(page, `${server.url}/app/myCenter/withdrawals`);
      await withdrawForm.waitFor();
      expect(await withdrawForm.getByRole('link', { name: '去设置取款密码' }).count()).toBe(0);
      expect(await withdrawForm.getByRole('radio').evaluateAll((inputs) => inputs.map((input) => [(input as HTMLInputElement).value, (input as HTMLInputElement).disabled]))).toEqual([
        ['ordinary', false],
        ['speed', false],
        ['usdt', false],
        ['accountTransfer', true],
        ['eWallet', false],
      ]);
      expect(await withdrawForm.locator('[data-available="ordinary"]').textContent()).toBe('1,246.90 RMB');
      expect(await axeViolations(page, { withoutWidgets: true }), 'withdrawals form').toEqual([]);
      const withdrawSent: string[] = [];
      page.on('request', (request) => /\/finance\/v1\/withdraw\/(request|usdt)$/.test(request.url()) && withdrawSent.push(request.url()));
      const fill = async (fields: Record<string, string>) => {
        for (const [label, value] of Object.entries(fields)) await withdrawForm.getByLabel(label, { exact: true }).fill(value);
        await withdrawForm.getByRole('button', { name: '立即提现' }).click();
      };
      await fill({ 银行名称: '' });
      await alert(page, '请输入银行名称').waitFor();
      await fill({ 银行名称: 'ICBC', 银行卡号: '123' });
      await alert(page, '请输入 10 到 24 位数字的银行卡号').waitFor();
      await fill({ 银行卡号: '6222 0202 0011 2233', '提现金额 (RMB)': '' });
      await alert(page, '请输入提现金额').waitFor();
      await fill({ '提现金额 (RMB)': '50' });
      await alert(page, '金额需在 100.00 到 500,000.00 之间').waitFor();
      await fill({ '提现金额 (RMB)': '2000' });
      await alert(page, '提现金额不能超过可提现金额').waitFor();
      await fill({ '提现金额 (RMB)': '200' });
      await alert(page, '请输入取款密码').waitFor();
      await withdrawForm.getByRole('radio', { name: /USDT 提现/ }).check();
      await fill({ 收款地址: '0x1fbf7c7e53eA4523733A69e35b55c90743A0461d', '提现金额 (USDT)': '20', 取款密码: '135790' });
      await alert(page, '请输入正确的 TRC20 地址').waitFor();
      await fill({ 收款地址: 'TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ' });
      await alert(page, '提现金额不能超过可提现金额').waitFor();
      expect(withdrawSent).toEqual([]);
      await withdrawForm.getByRole('radio', { name: /普通提现/ }).check();
      await fill({ '提现金额 (RMB)': '200', 银行名称: 'ICBC', 银行卡号: '6222020200112233', 取款密码: '000000' });
      await alert(page, `${messageForCode(221006, 'zh-CN')}（代码 221006）`).waitFor();
      await fill({ 取款密码: '135790' });

      // The order: waiting for withdrawal; 200.00 locked, matching the ledger.
      const panel = page.getByRole('region', { name: '提现订单' });
      await panel.waitFor();
      expect(await panel.locator('.withdraw-steps [aria-current="step"]').textContent()).toBe('等待出款');
      const afterRequest = await expectBalances(page);
      expect([afterRequest.centerWalletBalance, afterRequest.lockedWalletBalance]).toEqual([1046.9, 200]);
      const withdrawBill = (await panel.locator('.withdraw-order-facts dd').first().textContent())!;
      expect(await axeViolations(page, { withoutWidgets: true }), 'withdrawal order').toEqual([]);

      const withdrawalBall = async () => (await ballOnHome(page, 'withdrawal')).getAttribute('aria-label');
      await expect.poll(withdrawalBall, { timeout: 15_000 }).toMatch(/^取款订单：处理中/);
      await operator.call(opsWithdrawalMatch, { billNo: withdrawBill });
      await expect.poll(withdrawalBall, { timeout: 15_000 }).toMatch(/^取款订单：待出款/);
      await operator.call(opsWithdrawalPay, { billNo: withdrawBill });

      // To be confirmed: the prompt on home, Go Now to the withdrawals page, the countdown, confirm.
      await openPage(page, `${server.url}/app/home`);
      const prompt = page.locator('lobby-order-ball[kind=withdrawal]').getByRole('dialog', { name: '订单已匹配' });
      await prompt.waitFor({ timeout: 15_000 });
      expect(await page.locator('lobby-order-ball[kind=withdrawal]').locator('button.ball').getAttribute('aria-label')).toMatch(/^取款订单：1笔待确认/);
      await prompt.getByRole('button', { name: '立即前往' }).click();
      await page.waitForURL(`${server.url}/app/myCenter/withdrawals`);
      await panel.waitFor();
      await panel.getByText('有 1 笔订单待您确认收款').waitFor();
      expect(await panel.locator('.withdraw-steps [aria-current="step"]').textContent()).toBe('等待您确认');
      expect(await panel.getByRole('timer').textContent()).toMatch(/^\d\d:\d\d$/);
      expect(await axeViolations(page, { withoutWidgets: true }), 'withdrawal to be confirmed').toEqual([]);
      await panel.getByRole('button', { name: '确认收款' }).click();
      await panel.getByText('提现完成').waitFor();
      expect(await panel.locator('.withdraw-steps li.done').count()).toBe(4);
      const done = await expectBalances(page);
      expect([done.centerWalletBalance, done.lockedWalletBalance]).toEqual([1046.9, 0]);
      expect(await page.locator('lobby-order-ball[kind=withdrawal]').locator('button.ball').count()).toBe(0);

      expect(watch.cspViolations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('shows "Order information not found" for an unknown bill, and asks a visitor to log in', async () => {
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/myCenter/deposit`);
      await page.getByText('请先登录。个人中心只对已登录的会员开放。').waitFor();
      await logIn(page);
      await openPage(page, `${server.url}/app/myCenter/deposit?billNo=D2026010100000000000000`);
      await page.getByText('未找到订单信息').waitFor();
      await depositForm(page).waitFor();
      expect(watch.cspViolations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('splits a speed withdrawal into draws, appeals one, shows the expired steps, withdraws USDT to an address checked by protocol, and offers big-recharge amounts and the tutorials', async () => {
    let token: string | null = null;
    const demo = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });
    token = (await demo.call(webLogin, loginPayload('demo', 'demo1234'))).token;
    await demo.call(withdrawPasswordSet, { password: md5Hex('246810') });
    ledger = () => demo.call(walletBalance, {});
    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logIn(page, { name: 'demo', password: 'demo1234', welcome: 'Demo' });
      await openPage(page, `${server.url}/app/myCenter/deposit`);
      const form = depositForm(page);
      await form.locator('.deposit-channel').filter({ hasText: '大额充值' }).locator('input').check();
      await form.getByText('大额充值：单笔 5,000.00 元起，专人处理').waitFor();
      const big = await form.getByRole('group', { name: '快捷金额' }).getByRole('button').allTextContents();
      expect(big.map((amount) => amount.slice(0, -2))).toEqual(['500', '800', '1000', '1500', '1999']);
      for (const amount of big) expect(amount.slice(-2)).not.toBe('00');
      await form.locator('.deposit-channel').filter({ hasText: '支付宝' }).locator('input').check();
      expect(await form.getByRole('group', { name: '快捷金额' }).getByRole('button').allTextContents()).toEqual(['100', '200', '500', '1000', '2000']);
      const tutorials = page.getByRole('region', { name: '存款教程' });
      expect(await tutorials.locator('details').evaluateAll((all) => all.map((d) => [d.getAttribute('data-tutorial'), d.querySelectorAll('li').length, (d as HTMLDetailsElement).open]))).toEqual([
        ['alipay', 5, true],
        ['unionPay', 3, false],
        ['wechat', 4, false],
        ['onlineBank', 4, false],
      ]);

      await openPage(page, `${server.url}/app/myCenter/withdrawals`);
      const withdrawForm = page.getByRole('form', { name: '立即提现' });
      await withdrawForm.getByRole('radio', { name: /极速提现/ }).check();
      await withdrawForm.getByText(/极速提现最多拆分为 \d+ 笔，每笔不超过 1,000\.00/).waitFor();
      await withdrawForm.getByLabel('银行名称').fill('ICBC');
      await withdrawForm.getByLabel('银行卡号').fill('6222020200112233');
      await withdrawForm.getByLabel('提现金额 (RMB)').fill('1500');
      await withdrawForm.getByLabel('取款密码').fill('246810');
      await withdrawForm.getByRole('button', { name: '立即提现' }).click();
      const panel = page.getByRole('region', { name: '提现订单' });
      await panel.getByRole('heading', { name: '拆分订单' }).waitFor();
      const bills = await panel.locator('.withdraw-draw').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-bill')!));
      expect(bills.map((bill) => bill.slice(-2))).toEqual(['-1', '-2']);
      expect(await panel.locator('.withdraw-draw').allTextContents()).toEqual([expect.stringContaining('1,000.00 RMB'), expect.stringContaining('500.00 RMB')]);
      let wallet = await expectBalances(page);
      expect([wallet.centerWalletBalance, wallet.lockedWalletBalance]).toEqual([8500, 1500]);

      await operator.call(opsWithdrawalMatch, { billNo: bills[0]! });
      await operator.call(opsWithdrawalPay, { billNo: bills[0]! });
      await panel.getByRole('button', { name: '刷新订单状态' }).click();
      await panel.getByText('有 1 笔订单待您确认收款').waitFor();
      const first = panel.locator(`.withdraw-draw[data-bill="${bills[0]}"]`);
      await first.getByRole('button', { name: '未收到款项，申诉' }).click();
      await first.getByLabel('申诉内容').fill('没有收到这笔款项 <b>x</b>');
      await first.getByRole('button', { name: '提交申诉' }).click();
      await first.getByText('已冻结，客服处理中').waitFor();
      await operator.call(opsWithdrawalExpire, { billNo: bills[1]! });
      await panel.getByRole('button', { name: '刷新订单状态' }).click();
      await panel.locator(`.withdraw-draw[data-bill="${bills[1]}"]`).getByText('已超时，金额已退回').waitFor();
      wallet = await expectBalances(page);
      expect([wallet.centerWalletBalance, wallet.lockedWalletBalance]).toEqual([9000, 1000]);

      await operator.call(opsWithdrawalExpire, { billNo: bills[0]! });
      await panel.getByRole('button', { name: '刷新订单状态' }).click();
      await panel.getByText('订单已超时，金额已退回中心钱包').waitFor();
      expect(await panel.locator('.withdraw-steps').getAttribute('data-steps')).toBe('expired');
      expect(await panel.locator('.withdraw-steps li').allTextContents()).toEqual(['订单已提交', '订单处理中', '订单已超时']);
      expect(await panel.locator('.withdraw-steps [aria-current="step"]').textContent()).toBe('订单已超时');
      wallet = await expectBalances(page);
      expect([wallet.centerWalletBalance, wallet.lockedWalletBalance]).toEqual([10_000, 0]);
      expect(await axeViolations(page, { withoutWidgets: true }), 'expired withdrawal').toEqual([]);
      await panel.getByRole('button', { name: '再次提现' }).click();
      await withdrawForm.waitFor();

      // USDT: converted through the API, then withdrawn through the page to an ERC20 address.
      await demo.call(rmbToUsdt, { rmbAmount: 1000 }, { idempotencyKey: randomUUID() });
      await openPage(page, `${server.url}/app/myCenter/withdrawals`);
      const usdtText = (amount: number) => {
        const micro = toMinor(amount, 6);
        return `${Math.trunc(micro / 1_000_000)}.${String(micro % 1_000_000).padStart(6, '0')}`;
      };
      await expect.poll(async () => page.locator('[data-balance="usdt"]').textContent()).toBe(usdtText((await ledger()).virtualCurrencyWalletBalance));
      await withdrawForm.getByRole('radio', { name: /USDT 提现/ }).check();
      await withdrawForm.getByLabel('协议').selectOption('ERC20');
      await withdrawForm.getByLabel('收款地址').fill('TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ');
      await withdrawForm.getByLabel('提现金额 (USDT)').fill('20');
      await withdrawForm.getByLabel('取款密码').fill('246810');
      await withdrawForm.getByRole('button', { name: '立即提现' }).click();
      await alert(page, '请输入正确的 ERC20 地址').waitFor();
      await withdrawForm.getByLabel('收款地址').fill('0xCDe0945A3AC152f22F9111646b6B0ec41B56cB59');
      await withdrawForm.getByRole('button', { name: '立即提现' }).click();
      await panel.waitFor();
      expect(await panel.locator('.withdraw-order-facts').textContent()).toContain('20.000000 USDT');
      wallet = await ledger();
      expect(wallet.virtualCurrencyLockWalletBalance).toBe(20);
      await expect.poll(() => page.locator('[data-balance="usdt"]').textContent()).toBe(usdtText(wallet.virtualCurrencyWalletBalance));
      expect(watch.cspViolations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('shows the deposit result codes and identity codes of spec section 8 that no real condition of this server produces through the page, with their meaning and the way to the missing step (answers substituted in the browser; tests/member-speed-deposit.e2e.test.ts provokes the others from the real server)', async () => {
    const { context, page } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    let answerCode = 0;
    try {
      await logIn(page);
      // Spec section 8: an open failure shows the server's message; no channel at all says so.
      await page.route('**/finance/v1/deposit/pay_channels', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 500000, msg: '渠道服务维护中', data: null }) }));
      await openPage(page, `${server.url}/app/myCenter/deposit`);
      await alert(page, '存款页面打开失败：渠道服务维护中').waitFor();
      await page.unroute('**/finance/v1/deposit/pay_channels');
      await page.route('**/finance/v1/deposit/pay', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: answerCode, msg: '服务器消息', data: null }) }));
      await page.route('**/finance/v1/withdraw/request', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: answerCode, msg: '服务器消息', data: null }) }));
      await openPage(page, `${server.url}/app/myCenter/deposit`);
      // 244098, 244305, 244300, 244063, 244666, 244388, 244316 and 10425 come from the real server in tests/member-speed-deposit.e2e.test.ts;
      // 244099 never arises, 244080 only for a pay type the page does not list, 245101 is met by the page's own redirect (docs/DECISIONS.md).
      const resultCodes = [244099, 244080];
      const identityCodes = [244358, 244359, 244360, 245101, 244381, 244389, 244382, 244383, 244384, 244385, 244386, 244394, 244395, 244387];
      const toBanks = new Set([244382, 244383, 244385, 244386]);
      for (const code of [...resultCodes, ...identityCodes]) {
        answerCode = code;
        await submitDeposit(page, '150');
        const shownAlert = page.locator(`.deposit-refusal[data-code="${code}"]`);
        await shownAlert.waitFor();
        expect(await shownAlert.locator('p').first().textContent(), String(code)).toBe(`${messageForCode(code, 'zh-CN')}（代码 ${code}）`);
        const link = shownAlert.getByRole('link', { name: '去完善资料' });
        if (identityCodes.includes(code) && code !== 244387) expect(await link.getAttribute('href'), String(code)).toBe(toBanks.has(code) ? '/app/myCenter/banks' : '/app/myCenter/userInfo');
        else expect(await link.count(), String(code)).toBe(0);
      }

      await openPage(page, `${server.url}/app/myCenter/withdrawals`);
      const withdrawForm = page.getByRole('form', { name: '立即提现' });
      await withdrawForm.getByLabel('银行名称').fill('ICBC');
      await withdrawForm.getByLabel('银行卡号').fill('6222020200112233');
      await withdrawForm.getByLabel('提现金额 (RMB)').fill('100');
      await withdrawForm.getByLabel('取款密码').fill('135790');
      for (const code of identityCodes) {
        answerCode = code;
        await withdrawForm.getByRole('button', { name: '立即提现' }).click();
        const shownAlert = page.locator(`.withdraw-refusal[data-code="${code}"]`);
        await shownAlert.waitFor();
        expect(await shownAlert.locator('p').textContent(), String(code)).toBe(`${messageForCode(code, 'zh-CN')}（代码 ${code}）`);
        const link = shownAlert.getByRole('link', { name: '去完善' });
        if (code === 244387) expect(await link.count()).toBe(0);
        else expect(await link.getAttribute('href'), String(code)).toBe(toBanks.has(code) ? '/app/myCenter/banks' : '/app/myCenter/userInfo');
      }
      answerCode = 221005;
      await withdrawForm.getByRole('button', { name: '立即提现' }).click();
      expect(await page.locator('.withdraw-refusal[data-code="221005"]').getByRole('link', { name: '去设置取款密码' }).getAttribute('href')).toBe('/app/password');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('withdraws to a bound card chosen from the list (its id is sent, never a typed number), shows the speed-to-card config, and on aurora sends a member without a bound phone to bind one before depositing', async () => {
    let token: string | null = null;
    const carder = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });
    const carderName = `card${Date.now() % 1_000_000}`;
    token = (await carder.call(registerMember, { name: carderName, password: loginPayload(carderName, password).password })).token;
    const funded = await carder.call(depositPay, { payTypeId: '1', amount: 500, depositorName: '李雷' }, { idempotencyKey: randomUUID() });
    await operator.call(opsSandboxPayment, { billNo: funded.billNo, outcome: 'paid' });
    await carder.call(withdrawPasswordSet, { password: md5Hex('135790') });
    const card = await carder.call(bindBankCard, { type: 0, bankName: '招商银行', cardNo: '4111 1111 1111 1111', realName: '李雷' });
    ledger = () => carder.call(walletBalance, {});
    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logIn(page, { name: carderName, password, welcome: carderName });

      // Fast to card: the member's speed-to-card config beside the form.
      await openPage(page, `${server.url}/app/myCenter/deposit`);
      const form = depositForm(page);
      await form.locator('.deposit-channel').filter({ hasText: '极速到卡' }).locator('input').check();
      const speed = form.locator('[data-speed-config]');
      await speed.waitFor();
      expect(await speed.locator('dd').allTextContents()).toEqual(['存款金额的 0.5%，每日最高 88.00 元', expect.stringMatching(/^\d+ 分钟$/), '5 次']);
      expect(await speed.textContent()).toContain('付款人姓名须与您的真实姓名一致');
      expect(await form.getByRole('button', { name: '立即存款' }).isDisabled()).toBe(false);
      expect(await axeViolations(page, { withoutWidgets: true }), 'speed-to-card config').toEqual([]);

      // Withdrawal to the bound card: chosen from the list; no card number asked; the request carries its id.
      await openPage(page, `${server.url}/app/myCenter/withdrawals`);
      const withdrawForm = page.getByRole('form', { name: '立即提现' });
      await withdrawForm.waitFor();
      expect(await withdrawForm.getByLabel('收款银行卡').inputValue()).toBe(String(card.id));
      expect(await withdrawForm.locator(`[data-bound-card="${card.id}"]`).textContent()).toBe('将提现到 招商银行（李雷）尾号 1111 的已绑定银行卡');
      expect(await withdrawForm.getByLabel('银行卡号').count()).toBe(0);
      await withdrawForm.getByLabel('收款银行卡').selectOption('');
      await withdrawForm.getByLabel('银行卡号').waitFor();
      await withdrawForm.getByLabel('收款银行卡').selectOption(String(card.id));
      expect(await axeViolations(page, { withoutWidgets: true }), 'bound card chosen').toEqual([]);
      const sent: unknown[] = [];
      page.on('request', (request) => request.url().endsWith('/finance/v1/withdraw/request') && sent.push(request.postDataJSON()));
      await withdrawForm.getByLabel('提现金额 (RMB)').fill('150');
      await withdrawForm.getByLabel('取款密码').fill('135790');
      await withdrawForm.getByRole('button', { name: '立即提现' }).click();
      const panel = page.getByRole('region', { name: '提现订单' });
      await panel.waitFor();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ bankCardId: card.id, amount: 150 });
      expect(sent[0]).not.toHaveProperty('bankCard');
      expect(sent[0]).not.toHaveProperty('bankName');
      const wallet = await expectBalances(page);
      expect(wallet.lockedWalletBalance).toBe(150);
      expect(watch.cspViolations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }

    // Aurora asks for a bound phone before deposit: a member without one lands on the user-info page.
    const aurora = server.url.replace('127.0.0.1', 'aurora.localhost');
    let auroraToken: string | null = null;
    const auroraClient = createClient({ baseUrl: server.url, siteId: 8, deviceId: randomUUID(), getToken: () => auroraToken });
    const auroraName = `phone${Date.now() % 1_000_000}`;
    // Aurora asks for an image captcha at registration (fast_register_verify): the sandbox door gives its answer.
    const { captchaId } = await auroraClient.call(captchaImage, {});
    const { answer } = await sandboxAnswer<{ answer: string }>(server.url, `/sandbox/captcha/${captchaId}`);
    auroraToken = (await auroraClient.call(registerMember, { name: auroraName, password: loginPayload(auroraName, password).password, captchaId, captchaCode: answer })).token;
    const second = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openPage(second.page, `${aurora}/app/home`);
      const login = second.page.getByRole('form', { name: '登录' });
      await login.getByPlaceholder('用户名').fill(auroraName);
      await login.getByPlaceholder('密码').fill(password);
      await login.getByRole('button', { name: '登录' }).click();
      await second.page.getByText(`欢迎，${auroraName}`).waitFor();
      await openPage(second.page, `${aurora}/app/myCenter/deposit`);
      await second.page.waitForURL(`${aurora}/app/myCenter/userInfo`);
      expect(await second.page.getByRole('form', { name: '立即存款' }).count()).toBe(0);
      expect(second.watch.cspViolations).toEqual([]);
    } finally {
      await second.context.close();
    }
  }, 180_000);
});
