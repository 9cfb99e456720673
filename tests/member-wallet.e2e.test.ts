import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  CODE, createClient, memberBankList, messageForCode, newIdempotencyKey, totalFundsMinor, toMinor, t, venueTransferIn, virtualCurrencyList,
  walletBalance, walletTypeGet, webLogin, loginPayload, type ApiClient, type WalletBalance,
} from '@lobby/sdk';
import { launchChromium } from './support/browser.js';
import { startBuiltServer, type RunningServer } from './support/server.js';
import { openPage, openWatchedPage } from './support/site.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const zh = (key: Parameters<typeof t>[0], params?: Parameters<typeof t>[1]) => t(key, params, 'zh-CN');
const TOO_FREQUENT = zh('operationTooFrequent');

/** An amount as the pages show it: exactly `decimals` decimals, from the wire number's text. */
function shown(amount: number, decimals: 0 | 2 | 5 | 6): string {
  const minor = String(toMinor(amount, decimals)).padStart(decimals + 1, '0');
  return decimals === 0 ? minor : `${minor.slice(0, -decimals)}.${minor.slice(-decimals)}`;
}

async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const widgets = ['lobby-float-window', 'lobby-order-ball', 'lobby-app-download', 'lobby-chat-box'].map((tag) => [tag]);
    return (await axe.run({ include: [['html']], exclude: widgets })).violations;
  });
  return found.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/** The member wallet pages in Chromium against the built server: balances, transfers, recycling, throttles, banks and addresses. */
describe('member wallet pages', () => {
  let server: RunningServer;
  let browser: Browser;
  const members = new Map<string, { api: ApiClient; token: string }>();
  let lastRecycleAtMs = 0;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    for (const name of ['demo', 'demo-admin']) {
      const login = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
      const { token } = await login.call(webLogin, loginPayload(name, 'demo1234'));
      members.set(name, { token, api: createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token }) });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A watched page already logged in as `name` (the session token put where the site keeps it). */
  async function memberPage(name: string): Promise<{ context: BrowserContext; page: Page; api: ApiClient; consoleErrors: () => string[] }> {
    const { api, token } = members.get(name)!;
    const { context, page, watch } = await openWatchedPage(browser);
    await context.addInitScript((session) => localStorage.setItem('lobby.session', session), JSON.stringify({ token }));
    return { context, page, api, consoleErrors: () => watch.consoleErrors };
  }

  async function walletOnPage(page: Page, field: string): Promise<string> {
    return (await page.locator(`[data-wallet="${field}"]`).first().textContent())!.trim();
  }

  async function expectWalletShown(page: Page, wallet: WalletBalance) {
    await expect.poll(() => walletOnPage(page, 'centerWalletBalance')).toBe(shown(wallet.centerWalletBalance, 2));
    expect(await walletOnPage(page, 'memberTotalBalance')).toBe(shown(wallet.memberTotalBalance, 2));
    expect(await walletOnPage(page, 'lockedWalletBalance')).toBe(shown(wallet.lockedWalletBalance, 2));
    expect(await walletOnPage(page, 'virtualCurrencyWalletBalance')).toBe(shown(wallet.virtualCurrencyWalletBalance, 6));
    expect(await walletOnPage(page, 'virtualCurrencyLockWalletBalance')).toBe(shown(wallet.virtualCurrencyLockWalletBalance, 6));
    expect(await walletOnPage(page, 'coinWalletBalance')).toBe(shown(wallet.coinWalletBalance, 0));
    expect(await walletOnPage(page, 'yebWalletBalance')).toBe(shown(wallet.yebWalletBalance, 2));
    const totalMinor = totalFundsMinor(wallet);
    expect(totalMinor).toBe(toMinor(wallet.totalFunds, 2));
    expect(await walletOnPage(page, 'totalFunds')).toBe(shown(wallet.totalFunds, 2));
  }

  it('shows the member, total funds and every wallet equal to walletBalance, and the wallet-feature links', async () => {
    const { context, page, api, consoleErrors } = await memberPage('demo');
    try {
      await openPage(page, `${server.url}/app/myCenter`);
      await page.getByText('Demo', { exact: true }).first().waitFor();
      await page.getByText('等级 VIP3').waitFor();
      await expectWalletShown(page, await api.call(walletBalance, {}));
      const links = page.getByRole('navigation', { name: '钱包功能' }).getByRole('link');
      expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual([
        '/app/myCenter/deposit', '/app/myCenter/transfer', '/app/myCenter/withdrawals', '/app/myCenter/banks',
      ]);
      expect(consoleErrors()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('transfers to a venue and back with one request per click, refuses bad amounts, shows maintenance and the server message of a refused transfer', async () => {
    const { context, page, api } = await memberPage('demo');
    try {
      const before = await api.call(walletBalance, {});
      const venue = before.venueList.find((item) => !item.maintenance)!;
      const name = venue.zhName;
      await openPage(page, `${server.url}/app/myCenter/transfer`);
      const row = page.locator(`tr[data-venue="${venue.channelCode}"]`);
      const amount = row.getByLabel(`${name} 转账金额`);
      const transferIn = row.getByRole('button', { name: `转入 ${name}` });
      for (const [typed, message] of [
        ['', '请输入金额'], ['abc', '请输入数字金额'], ['1.234', '金额最多2位小数'], ['0', '金额必须大于 0'],
        ['20000', `金额不能超过可用余额 ${shown(before.centerWalletBalance, 2)}`],
      ] as const) {
        await amount.fill(typed);
        await transferIn.click();
        await row.getByRole('alert').filter({ hasText: message }).waitFor();
      }

      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/game/v1/transfer_in')) sent.push(request.headers()['x-idempotency-key'] ?? '');
      });
      await amount.fill('100.5');
      await transferIn.dblclick();
      const popup = page.getByRole('dialog', { name: '转账结果' });
      await popup.getByText('转账成功').waitFor();
      expect(sent).toHaveLength(1);
      await popup.getByRole('button', { name: '关闭' }).click();
      const moved = await api.call(walletBalance, {});
      expect(toMinor(moved.centerWalletBalance, 2)).toBe(toMinor(before.centerWalletBalance, 2) - 100_50);
      await expect.poll(() => walletOnPage(page, 'centerWalletBalance')).toBe(shown(moved.centerWalletBalance, 2));
      await expect.poll(() => row.locator(`[data-venue-money="${venue.channelCode}"]`).textContent()).toBe('100.50');

      await amount.fill('100.51');
      await row.getByRole('button', { name: `从 ${name} 转出` }).click();
      await row.getByRole('alert').filter({ hasText: '金额不能超过可用余额 100.50' }).waitFor();
      await amount.fill('100.50');
      await row.getByRole('button', { name: `从 ${name} 转出` }).click();
      await popup.getByText('转账成功').waitFor();
      await popup.getByRole('button', { name: '关闭' }).click();
      const back = await api.call(walletBalance, {});
      expect(back.centerWalletBalance).toBe(before.centerWalletBalance);
      await expect.poll(() => walletOnPage(page, 'centerWalletBalance')).toBe(shown(before.centerWalletBalance, 2));

      // The sandbox venue doors (POST /sandbox/venues/fault and /maintenance) do not read a JSON
      // body (the server keeps JSON bodies as raw text), so the venue's refusal is answered
      // here and the maintenance flag is set on the real server's answer on its way to the page.
      const refusal = { code: CODE.venueTransferFailed, msg: 'The venue transfer failed; the money is back in your wallet (venue refused)', data: null };
      await page.route('**/game/v1/transfer_in', (route) => route.fulfill({ json: refusal }));
      await amount.fill('10');
      await transferIn.click();
      await popup.getByRole('alert').filter({ hasText: messageForCode(CODE.venueTransferFailed, 'zh-CN')! }).waitFor();
      await popup.getByText('(venue refused)').waitFor();
      await popup.getByRole('button', { name: '关闭' }).click();
      await page.unroute('**/game/v1/transfer_in');

      await page.route('**/finance/v1/wallet_balance', async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { data: WalletBalance };
        body.data.venueList = body.data.venueList.map((item) => (item.channelCode === venue.channelCode ? { ...item, maintenance: true } : item));
        await route.fulfill({ response: answer, json: body });
      });
      await openPage(page, `${server.url}/app/myCenter/transfer`);
      await row.getByRole('rowheader', { name: `${name} ${zh('maintaining')}` }).waitFor();
      expect(await row.getByRole('button', { name: `转入 ${name} ${zh('maintaining')}` }).isDisabled()).toBe(true);
      expect(await row.locator('input').count()).toBe(0);
      await row.getByText('维护中，暂不可转账').waitFor();
    } finally {
      await context.close();
    }
  });

  it('recycles by itself when the auto transfer status becomes 1', async () => {
    const { context, page, api } = await memberPage('demo');
    try {
      const start = await api.call(walletBalance, {});
      const venue = start.venueList.find((item) => !item.maintenance)!;
      await api.call(venueTransferIn, { api_name: venue.channelCode, transferIntoVal: 20 }, { idempotencyKey: newIdempotencyKey() });
      await openPage(page, `${server.url}/app/myCenter`);
      const autoSwitch = page.getByRole('checkbox', { name: /免转钱包/ });
      await expect.poll(() => autoSwitch.isEnabled()).toBe(true);
      expect(await autoSwitch.isChecked()).toBe(false);
      await autoSwitch.check();
      await page.getByRole('main').getByRole('status').filter({ hasText: zh('recoverySuccessful') }).waitFor();
      lastRecycleAtMs = Date.now();
      const after = await api.call(walletBalance, {});
      expect(after.centerWalletBalance).toBe(start.centerWalletBalance);
      await expect.poll(() => walletOnPage(page, 'centerWalletBalance')).toBe(shown(start.centerWalletBalance, 2));
      await autoSwitch.uncheck();
    } finally {
      await context.close();
    }
  });

  it("recycles after the confirm list ('Recovery successful!'), then refuses recycling and refresh within 10 s, in the browser and from the server", async () => {
    const { context, page, api } = await memberPage('demo');
    try {
      // The server throttles recycling per member for 10 s; the previous test recycled.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastRecycleAtMs + 10_500 - Date.now())));
      const start = await api.call(walletBalance, {});
      const [first, second] = start.venueList.filter((item) => !item.maintenance);
      await api.call(venueTransferIn, { api_name: first!.channelCode, transferIntoVal: 12.34 }, { idempotencyKey: newIdempotencyKey() });
      await api.call(venueTransferIn, { api_name: second!.channelCode, transferIntoVal: 56.78 }, { idempotencyKey: newIdempotencyKey() });
      await openPage(page, `${server.url}/app/myCenter`);
      await expectWalletShown(page, await api.call(walletBalance, {}));

      await page.getByRole('button', { name: '一键回收' }).click();
      const confirm = page.getByRole('dialog', { name: '确认回收以下场馆的余额' });
      await confirm.getByRole('cell', { name: '12.34' }).waitFor();
      expect(await confirm.getByRole('row').count()).toBe(3);
      await confirm.getByRole('cell', { name: first!.zhName }).waitFor();
      await confirm.getByRole('cell', { name: second!.zhName }).waitFor();
      await confirm.getByRole('button', { name: '确认回收' }).click();
      await page.getByRole('main').getByRole('status').filter({ hasText: zh('recoverySuccessful') }).waitFor();
      const recycled = await api.call(walletBalance, {});
      expect(recycled.centerWalletBalance).toBe(start.centerWalletBalance);
      expect(recycled.venueList.every((item) => item.money === 0)).toBe(true);
      await expectWalletShown(page, recycled);

      const calls: string[] = [];
      page.on('request', (request) => calls.push(new URL(request.url()).pathname));
      await page.getByRole('button', { name: '一键回收' }).click();
      await page.getByRole('main').getByRole('alert').filter({ hasText: TOO_FREQUENT }).waitFor();
      expect(calls.filter((path) => path.startsWith('/yeb/'))).toEqual([]);

      await page.getByRole('button', { name: '刷新余额' }).click();
      await page.getByRole('main').getByRole('status').filter({ hasText: zh('amountRefreshed') }).waitFor();
      await page.getByRole('button', { name: '刷新余额' }).click();
      await page.getByRole('main').getByRole('alert').filter({ hasText: TOO_FREQUENT }).waitFor();
      expect(calls.filter((path) => path === '/game/v1/balance_refresh')).toHaveLength(1);

      // A new page has no browser throttle yet: the server's operationTooFrequent refuses the refresh.
      await openPage(page, `${server.url}/app/myCenter`);
      const refused = page.waitForResponse((response) => response.url().endsWith('/game/v1/balance_refresh'));
      await page.getByRole('button', { name: '刷新余额' }).click();
      expect(((await (await refused).json()) as { code: number }).code).toBe(CODE.operationTooFrequent);
      await page.getByRole('main').getByRole('alert').filter({ hasText: messageForCode(CODE.operationTooFrequent, 'zh-CN')! }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('sets the wallet type, converts RMB to USDT and back and moves money into yuebao and back, refusing bad amounts', async () => {
    const { context, page, api } = await memberPage('demo');
    try {
      const start = await api.call(walletBalance, {});
      await openPage(page, `${server.url}/app/myCenter/myWallet`);
      await expectWalletShown(page, start);
      await page.getByRole('radio', { name: 'USDT' }).check();
      await page.getByRole('main').getByRole('status').filter({ hasText: '钱包类型已保存' }).waitFor();
      expect((await api.call(walletTypeGet, {})).walletType).toBe(2);
      await page.getByRole('radio', { name: 'CNY（人民币）' }).check();
      await expect.poll(async () => (await api.call(walletTypeGet, {})).walletType).toBe(1);

      const toUsdt = page.getByRole('textbox', { name: '人民币兑换为 USDT（元）' });
      await toUsdt.fill('7.255');
      await toUsdt.press('Enter');
      await page.getByRole('main').getByRole('alert').filter({ hasText: '金额最多2位小数' }).waitFor();
      await toUsdt.fill('7.25');
      await page.getByText('约得 1.000000 USDT').waitFor();
      await toUsdt.press('Enter');
      await page.getByRole('main').getByRole('status').filter({ hasText: '兑换成功：7.25 元 / 1.000000 USDT' }).waitFor();
      const converted = await api.call(walletBalance, {});
      expect(converted.virtualCurrencyWalletBalance).toBe(start.virtualCurrencyWalletBalance + 1);
      await expectWalletShown(page, converted);
      const toRmb = page.getByRole('textbox', { name: 'USDT 兑换为人民币（USDT）' });
      await toRmb.fill('1.0000001');
      await toRmb.press('Enter');
      await page.getByRole('main').getByRole('alert').filter({ hasText: '金额最多6位小数' }).waitFor();
      await toRmb.fill('1.000001');
      await toRmb.press('Enter');
      await page.getByRole('main').getByRole('alert').filter({ hasText: '金额不能超过可用余额 1.000000' }).waitFor();
      await toRmb.fill('1');
      await page.getByText('约得 7.15 元').waitFor();
      await toRmb.press('Enter');
      await page.getByRole('main').getByRole('status').filter({ hasText: '兑换成功：7.15 元 / 1.000000 USDT' }).waitFor();
      const back = await api.call(walletBalance, {});
      expect(toMinor(back.centerWalletBalance, 2)).toBe(toMinor(start.centerWalletBalance, 2) - 10);
      await expectWalletShown(page, back);

      const toYeb = page.getByRole('textbox', { name: '转入余额宝（元）' });
      await toYeb.fill('100');
      await toYeb.press('Enter');
      await expect.poll(async () => (await api.call(walletBalance, {})).yebWalletBalance).toBe(100);
      await expect.poll(() => walletOnPage(page, 'yebWalletBalance')).toBe('100.00');
      await expect.poll(() => page.locator('[data-yuebao="availableAmount"]').textContent()).toBe('100.00');
      const toCentre = page.getByRole('textbox', { name: '转出到中心钱包（元）' });
      await toCentre.fill('100.01');
      await toCentre.press('Enter');
      await page.getByRole('main').getByRole('alert').filter({ hasText: '金额不能超过可用余额 100.00' }).waitFor();
      await toCentre.fill('40');
      await toCentre.press('Enter');
      await expect.poll(() => walletOnPage(page, 'yebWalletBalance')).toBe('60.00');
      expect((await api.call(walletBalance, {})).yebWalletBalance).toBe(60);
    } finally {
      await context.close();
    }
  });

  it('binds and deletes a bank card, an address and an e-wallet, each bad input and server refusal shown with its message', async () => {
    const { context, page, api } = await memberPage('demo-admin');
    try {
      await openPage(page, `${server.url}/app/myCenter/banks`);
      const bind = page.getByRole('form', { name: '绑定银行卡' });
      await bind.getByRole('button', { name: '绑定银行卡' }).click();
      await bind.getByRole('alert').filter({ hasText: '请输入银行卡号' }).waitFor();
      await bind.getByLabel('银行卡号').fill('4111 1111 1111 1112');
      await bind.getByRole('button', { name: '绑定银行卡' }).click();
      await bind.getByRole('alert').filter({ hasText: '银行卡号应为16到19位数字且校验位正确' }).waitFor();
      await bind.getByLabel('银行卡号').fill('4111 1111 1111 1111');
      await bind.getByRole('button', { name: '绑定银行卡' }).click();
      await bind.getByRole('alert').filter({ hasText: '请输入银行名称' }).waitFor();
      await bind.getByLabel('银行名称').fill('<b>Test Bank</b>');
      await bind.getByRole('button', { name: '绑定银行卡' }).click();
      await bind.getByRole('alert').filter({ hasText: '请输入持卡人姓名' }).waitFor();
      await bind.getByLabel('持卡人姓名').fill('Zhang San');
      await bind.getByRole('radio', { name: '信用卡' }).check();
      await bind.getByRole('button', { name: '绑定银行卡' }).click();
      await page.getByRole('main').getByRole('status').filter({ hasText: '银行卡已绑定' }).waitFor();
      const card = page.getByRole('listitem').filter({ hasText: '<b>Test Bank</b> **** 1111' });
      await card.getByText('信用卡').waitFor();
      expect((await api.call(memberBankList, {})).list).toMatchObject([{ type: 1, cardNo: '**** 1111' }]);
      await bind.getByLabel('银行卡号').fill('4111111111111111');
      await bind.getByRole('button', { name: '绑定银行卡' }).click();
      await page.getByRole('main').getByRole('alert').filter({ hasText: messageForCode(CODE.bankCardDuplicate, 'zh-CN')! }).waitFor();
      await card.getByRole('button', { name: '删除 <b>Test Bank</b> **** 1111' }).click();
      const confirm = page.getByRole('dialog', { name: '确认删除' });
      await confirm.getByText('确定删除银行卡 <b>Test Bank</b> **** 1111 吗？').waitFor();
      expect(await violations(page)).toEqual([]);
      await confirm.getByRole('button', { name: '确认删除' }).click();
      await page.getByRole('main').getByRole('status').filter({ hasText: '已删除' }).waitFor();
      await page.getByText('尚未绑定银行卡').waitFor();
      expect((await api.call(memberBankList, {})).list).toEqual([]);

      const trc20 = `T${'Ab3'.repeat(11)}`;
      const add = page.getByRole('form', { name: '添加地址' });
      await add.getByRole('button', { name: '添加地址' }).click();
      await add.getByRole('alert').filter({ hasText: '请输入地址' }).waitFor();
      await add.getByLabel('地址').fill(`0x${'a'.repeat(40)}`);
      await add.getByRole('button', { name: '添加地址' }).click();
      await add.getByRole('alert').filter({ hasText: zh('usdtAddressInvalid', { protocol: 'TRC20' }) }).waitFor();
      await add.getByLabel('协议').selectOption('ERC20');
      await add.getByLabel('地址').fill(trc20);
      await add.getByRole('button', { name: '添加地址' }).click();
      await add.getByRole('alert').filter({ hasText: zh('usdtAddressInvalid', { protocol: 'ERC20' }) }).waitFor();
      await add.getByLabel('协议').selectOption('TRC20');
      await add.getByLabel('地址').fill(trc20);
      await add.getByRole('button', { name: '添加地址' }).click();
      await page.getByRole('main').getByRole('status').filter({ hasText: '地址已添加' }).waitFor();
      await add.getByLabel('地址').fill(trc20);
      await add.getByRole('button', { name: '添加地址' }).click();
      await page.getByRole('main').getByRole('alert').filter({ hasText: messageForCode(CODE.virtualAddressDuplicate, 'zh-CN')! }).waitFor();
      await page.getByRole('button', { name: `删除 TRC20 ${trc20}` }).click();
      await page.getByRole('dialog', { name: '确认删除' }).getByRole('button', { name: '确认删除' }).click();
      await page.getByText('尚未添加虚拟币地址').waitFor();

      const eWallet = page.getByRole('form', { name: '添加电子钱包' });
      await eWallet.getByLabel('电子钱包账号').fill('abc');
      await eWallet.getByRole('button', { name: '添加电子钱包' }).click();
      await eWallet.getByRole('alert').filter({ hasText: '账号应为6到64位字母、数字或 _ . @ -' }).waitFor();
      await eWallet.getByLabel('协议').selectOption('KOIPAY');
      await eWallet.getByLabel('电子钱包账号').fill('koi_user@1');
      await eWallet.getByRole('button', { name: '添加电子钱包' }).click();
      await page.getByRole('listitem').filter({ hasText: 'KOIPAY koi_user@1' }).waitFor();
      expect((await api.call(virtualCurrencyList, {})).list).toMatchObject([{ protocol: 4, address: 'koi_user@1' }]);
      await page.getByRole('button', { name: '删除 KOIPAY koi_user@1' }).click();
      await page.getByRole('dialog', { name: '确认删除' }).getByRole('button', { name: '确认删除' }).click();
      await page.getByText('尚未添加电子钱包地址').waitFor();
      expect((await api.call(virtualCurrencyList, {})).list).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('finds no accessibility violation on the four wallet pages and the recycle confirm list', async () => {
    const { context, page } = await memberPage('demo');
    try {
      for (const path of ['/app/myCenter', '/app/myCenter/myWallet', '/app/myCenter/transfer', '/app/myCenter/banks']) {
        await openPage(page, `${server.url}${path}`, true);
        await page.locator('[data-wallet], .banks-panel').first().waitFor();
        expect(await violations(page), path).toEqual([]);
      }
      await openPage(page, `${server.url}/app/myCenter/transfer`, true);
      await page.getByRole('button', { name: '一键回收' }).click();
      await page.getByRole('dialog', { name: '确认回收以下场馆的余额' }).waitFor();
      expect(await violations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
