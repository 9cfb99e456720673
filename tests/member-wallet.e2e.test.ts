import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  CODE, bindBankCard, changeMoneyConfig, createClient, formatWireMoney, fromMinor, loginPassword, memberBankList, registerV4, rmbToUsdt, virtualCurrencyInsert, yuebaoToYeb, messageForCode, newIdempotencyKey, totalFundsMinor, toMinor, t, venueTransferIn, virtualCurrencyList,
  walletBalance, walletTypeGet, webLogin, loginPayload, type ApiClient, type WalletBalance,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { runOps } from './support/ops-cli.js';
import { openPage, openWatchedPage, venueFault, venueMaintenance } from './support/site.js';
import { browserSuite } from './support/suite.js';

const zh = (key: Parameters<typeof t>[0], params?: Parameters<typeof t>[1]) => t(key, params, 'zh-CN');
const TOO_FREQUENT = zh('operationTooFrequent');

/** An amount as the pages (in zh-CN) show it: the sdk's formatWireMoney, e.g. 50,000.00. */
function shown(amount: number, decimals: 0 | 2 | 5 | 6): string {
  return formatWireMoney(amount, decimals, 'zh-CN');
}

/** A 16-digit card number starting with `body` (15 digits) and its Luhn check digit. */
function luhnCard(body: string): string {
  const sum = [...body].reverse().reduce((total, char, index) => {
    const digit = Number(char) * (index % 2 === 0 ? 2 : 1);
    return total + (digit > 9 ? digit - 9 : digit);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The member wallet pages in Chromium against the built server: balances, transfers, recycling, throttles, banks and addresses. */
describe('member wallet pages', () => {
  const { server, browser } = browserSuite();
  const members = new Map<string, { api: ApiClient; token: string }>();
  let lastRecycleAtMs = 0;

  beforeAll(async () => {
    for (const name of ['demo', 'demo-admin']) {
      const login = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
      const { token } = await login.call(webLogin, loginPayload(name, 'demo1234'));
      members.set(name, { token, api: createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token }) });
    }
  });

  /** Registers a new member (no money, no cards) and logs it in for memberPage; answers its name. */
  async function newMember(prefix: string): Promise<string> {
    const name = `${prefix}${Date.now() % 1_000_000}`;
    const anonymous = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    await anonymous.call(registerV4, { name, password: loginPassword('demo1234') });
    const { token } = await anonymous.call(webLogin, loginPayload(name, 'demo1234'));
    members.set(name, { token, api: createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token }) });
    return name;
  }

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

  it('transfers to a venue and back with one request per click, refuses bad amounts, shows a real venue refusal, pending transfers settled by the server and a venue in maintenance, the money conserved on screen', async () => {
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

      // The venue refuses (sandbox door): the catalogue and server messages, nothing moved.
      const conserved = async (wallet: WalletBalance) => {
        const venuesMinor = wallet.venueList.reduce((sum, item) => sum + toMinor(item.money, 2), 0);
        expect(toMinor(wallet.centerWalletBalance, 2) + venuesMinor).toBe(toMinor(before.centerWalletBalance, 2) + before.venueList.reduce((sum, item) => sum + toMinor(item.money, 2), 0));
        await expect.poll(() => walletOnPage(page, 'centerWalletBalance')).toBe(shown(wallet.centerWalletBalance, 2));
        for (const item of wallet.venueList.filter((entry) => !entry.maintenance)) {
          expect(await page.locator(`[data-venue-money="${item.channelCode}"]`).textContent(), item.channelCode).toBe(shown(item.money, 2));
        }
      };
      await venueFault(server.url, venue.channelCode, 'fail');
      const refusedAnswer = page.waitForResponse((response) => response.url().endsWith('/game/v1/transfer_in'));
      await amount.fill('10');
      await transferIn.click();
      expect(((await (await refusedAnswer).json()) as { code: number }).code).toBe(CODE.venueTransferFailed);
      await popup.getByRole('alert').filter({ hasText: messageForCode(CODE.venueTransferFailed, 'zh-CN')! }).waitFor();
      await popup.getByText('(venue refused the transfer (sandbox fault))').waitFor();
      await popup.getByRole('button', { name: '关闭' }).click();
      const afterRefusal = await api.call(walletBalance, {});
      expect(afterRefusal.centerWalletBalance).toBe(before.centerWalletBalance);
      await conserved(afterRefusal);

      // The venue's answer is lost (it took the money) on one venue; on another the request is
      // lost and, resent with the same transfer id, refused: both pending on the page, then the
      // server's reconciliation (30 s sweep) completes the first and returns the second by
      // itself; the page then shows the money conserved.
      const other = before.venueList.find((item) => !item.maintenance && item.channelCode !== venue.channelCode)!;
      const otherRow = page.locator(`tr[data-venue="${other.channelCode}"]`);
      await venueFault(server.url, venue.channelCode, 'timeout');
      await venueFault(server.url, other.channelCode, 'timeoutBefore');
      await venueFault(server.url, other.channelCode, 'fail');
      await amount.fill('10');
      await transferIn.click();
      await popup.getByRole('alert').filter({ hasText: '场馆尚未答复' }).waitFor();
      await popup.getByText('The venue has not answered yet; the transfer completes or returns by itself').waitFor();
      await popup.getByRole('button', { name: '关闭' }).click();
      await otherRow.getByLabel(`${other.zhName} 转账金额`).fill('5');
      await otherRow.getByRole('button', { name: `转入 ${other.zhName}` }).click();
      await popup.getByText('The venue has not answered yet; the transfer completes or returns by itself').waitFor();
      await popup.getByRole('button', { name: '关闭' }).click();
      const pending = await api.call(walletBalance, {});
      expect(toMinor(pending.centerWalletBalance, 2)).toBe(toMinor(before.centerWalletBalance, 2) - 15_00);
      await expect.poll(() => walletOnPage(page, 'centerWalletBalance')).toBe(shown(pending.centerWalletBalance, 2));
      await expect.poll(async () => {
        const wallet = await api.call(walletBalance, {});
        return [wallet.centerWalletBalance, wallet.venueList.find((item) => item.channelCode === venue.channelCode)!.money, wallet.venueList.find((item) => item.channelCode === other.channelCode)!.money];
      }, { timeout: 45_000, interval: 1_000 }).toEqual([fromMinor(toMinor(before.centerWalletBalance, 2) - 10_00, 2), 10, 0]);
      await openPage(page, `${server.url}/app/myCenter/transfer`);
      await conserved(await api.call(walletBalance, {}));
      await amount.fill('10');
      await row.getByRole('button', { name: `从 ${name} 转出` }).click();
      await popup.getByText('转账成功').waitFor();
      await popup.getByRole('button', { name: '关闭' }).click();
      const settled = await api.call(walletBalance, {});
      expect(settled.centerWalletBalance).toBe(before.centerWalletBalance);
      await conserved(settled);

      // The venue goes into maintenance (sandbox door): walletBalance marks it, the page shows
      // 'Maintaining' and offers no transfer.
      await venueMaintenance(server.url, venue.channelCode, true);
      try {
        expect((await api.call(walletBalance, {})).venueList.find((item) => item.channelCode === venue.channelCode)!.maintenance).toBe(true);
        await openPage(page, `${server.url}/app/myCenter/transfer`);
        await row.getByRole('rowheader', { name: `${name} ${zh('maintaining')}` }).waitFor();
        expect(await row.getByRole('button', { name: `转入 ${name} ${zh('maintaining')}` }).isDisabled()).toBe(true);
        expect(await row.locator('input').count()).toBe(0);
        await row.getByText('维护中，暂不可转账').waitFor();
      } finally {
        await venueMaintenance(server.url, venue.channelCode, false);
      }
    } finally {
      await context.close();
    }
  }, 150_000);

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

  it('counts conversions left from the server and disables both conversions when none is left; a yuebao closed by the operator disables its moves', async () => {
    const { context, page, api } = await memberPage('demo');
    try {
      const { remainCount } = await api.call(changeMoneyConfig, {});
      expect(remainCount).toBeGreaterThan(1);
      for (let i = 1; i < remainCount; i += 1) await api.call(rmbToUsdt, { rmbAmount: 7.25 }, { idempotencyKey: newIdempotencyKey() });
      await openPage(page, `${server.url}/app/myCenter/myWallet`);
      await page.getByText('今日剩余兑换次数 1').waitFor();
      const conversionForm = (label: string) => page.locator('form.amount-form').filter({ has: page.getByRole('textbox', { name: label }) });
      const toUsdt = page.getByRole('textbox', { name: '人民币兑换为 USDT（元）' });
      await toUsdt.fill('7.25');
      await toUsdt.press('Enter');
      await page.getByRole('main').getByRole('status').filter({ hasText: '兑换成功：7.25 元 / 1.000000 USDT' }).waitFor();
      await page.getByText('今日兑换次数已用完').waitFor();
      expect((await api.call(changeMoneyConfig, {})).remainCount).toBe(0);
      for (const label of ['人民币兑换为 USDT（元）', 'USDT 兑换为人民币（USDT）']) {
        expect(await conversionForm(label).getByRole('button', { name: '兑换' }).isDisabled(), label).toBe(true);
      }
      const sent: string[] = [];
      page.on('request', (request) => sent.push(new URL(request.url()).pathname));
      await toUsdt.fill('7.25');
      await toUsdt.press('Enter');
      await page.getByRole('textbox', { name: 'USDT 兑换为人民币（USDT）' }).fill('1');
      await page.getByRole('textbox', { name: 'USDT 兑换为人民币（USDT）' }).press('Enter');
      await expect(api.call(rmbToUsdt, { rmbAmount: 7.25 }, { idempotencyKey: newIdempotencyKey() })).rejects.toMatchObject({ code: CODE.conversionLimit });
      const wallet = await api.call(walletBalance, {});
      await expectWalletShown(page, wallet);

      // The back office closes yuebao on this brand (operator CLI over the operator API).
      const closed = await runOps(server.url, 'yuebao', 'close');
      expect(closed.code, closed.stderr).toBe(0);
      try {
        await openPage(page, `${server.url}/app/myCenter/myWallet`);
        const yuebao = page.getByRole('region', { name: '余额宝' });
        await yuebao.getByText('未开放').waitFor();
        for (const label of ['转入余额宝（元）', '转出到中心钱包（元）']) {
          const form = page.locator('form.amount-form').filter({ has: page.getByRole('textbox', { name: label }) });
          expect(await form.getByRole('button', { name: '确认' }).isDisabled(), label).toBe(true);
          await form.getByRole('textbox', { name: label }).fill('1');
          await form.getByRole('textbox', { name: label }).press('Enter');
        }
        await expect(api.call(yuebaoToYeb, { money: 1 }, { idempotencyKey: newIdempotencyKey() })).rejects.toMatchObject({ code: CODE.yuebaoClosed });
        expect(sent.filter((path) => path.startsWith('/yeb/v1/to_') || path.includes('usdt_to_rmb') || path.includes('rmb_to_usdt'))).toEqual([]);
        expect(await api.call(walletBalance, {})).toEqual(wallet);
        await expectWalletShown(page, wallet);
      } finally {
        const opened = await runOps(server.url, 'yuebao', 'open');
        expect(opened.code, opened.stderr).toBe(0);
      }
      await openPage(page, `${server.url}/app/myCenter/myWallet`);
      await page.getByRole('region', { name: '余额宝' }).getByText('已开放').waitFor();
      const toYebForm = page.locator('form.amount-form').filter({ has: page.getByRole('textbox', { name: '转入余额宝（元）' }) });
      expect(await toYebForm.getByRole('button', { name: '确认' }).isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('refuses a sixth bank card and an eleventh address from the page with the server messages, the lists unchanged', async () => {
    const name = await newMember('lim');
    const { context, page, api } = await memberPage(name);
    try {
      for (let i = 1; i <= 4; i += 1) {
        await api.call(bindBankCard, { type: 0, bankName: `Bank ${i}`, cardNo: luhnCard(`62220200000000${i}`), realName: 'Li Si' });
      }
      await openPage(page, `${server.url}/app/myCenter/banks`);
      const bind = page.getByRole('form', { name: '绑定银行卡' });
      const bindThrough = async (cardNo: string) => {
        await bind.getByLabel('银行卡号').fill(cardNo);
        await bind.getByLabel('银行名称').fill('Page Bank');
        await bind.getByLabel('持卡人姓名').fill('Li Si');
        await bind.getByRole('button', { name: '绑定银行卡' }).click();
      };
      await bindThrough(luhnCard('622202000000005'));
      await page.getByRole('main').getByRole('status').filter({ hasText: '银行卡已绑定' }).waitFor();
      expect((await api.call(memberBankList, {})).list).toHaveLength(5);
      const cardAnswer = page.waitForResponse((response) => response.url().endsWith('/finance/v1/bind_bank_card'));
      await bindThrough(luhnCard('622202000000006'));
      expect(((await (await cardAnswer).json()) as { code: number }).code).toBe(CODE.bankCardLimit);
      await page.getByRole('main').getByRole('alert').filter({ hasText: messageForCode(CODE.bankCardLimit, 'zh-CN')! }).waitFor();
      expect((await api.call(memberBankList, {})).list).toHaveLength(5);
      await expect.poll(() => page.getByRole('listitem').filter({ hasText: /\*\*\*\* \d{4}/ }).count()).toBe(5);

      for (const address of ['0x4c852D862c9e91cEae713D9e0E6BB7a5D1e05424', '0xbeF27Adc0141F633b2fC10F3d353da5D2711fFAd', '0xbF94A4D49d73756efA579548E086A43EF5c0fE6e', '0xEff314ba81B45b0a9490F6CC4AD72c82C12fA51F', '0xdFdcdD40EAD44fFFE5661483a3caCDB2a4933c5F', '0xF94fcB908402ED0af79f44852bdC67022010aebE', '0x8E95E025189Ab5127406975E1668389c59e93839', '0x4e2E1490C16B5AE53a36eE56670a487a4f356519', '0x13520Ec939750c8a7723AeACedB6562D1f58df86']) {
        await api.call(virtualCurrencyInsert, { protocol: 1, address });
      }
      await openPage(page, `${server.url}/app/myCenter/banks`);
      const add = page.getByRole('form', { name: '添加地址' });
      const trc20 = 'TUjnZSZijPSATyAauBN2Un889UuZsqKF8r';
      await add.getByLabel('协议').selectOption('TRC20');
      await add.getByLabel('地址').fill(trc20);
      await add.getByRole('button', { name: '添加地址' }).click();
      await page.getByRole('main').getByRole('status').filter({ hasText: '地址已添加' }).waitFor();
      expect((await api.call(virtualCurrencyList, {})).list).toHaveLength(10);
      await add.getByLabel('地址').fill('TZ3maeAyqAfC8XQjfnzEzh3vdWpLdAEN2B');
      const addressAnswer = page.waitForResponse((response) => response.url().endsWith('/finance/v1/virtual_currency/insert'));
      await add.getByRole('button', { name: '添加地址' }).click();
      expect(((await (await addressAnswer).json()) as { code: number }).code).toBe(CODE.virtualAddressLimit);
      await page.getByRole('main').getByRole('alert').filter({ hasText: messageForCode(CODE.virtualAddressLimit, 'zh-CN')! }).waitFor();
      const eWallet = page.getByRole('form', { name: '添加电子钱包' });
      await eWallet.getByLabel('电子钱包账号').fill('ebpay_user_11');
      const eWalletAnswer = page.waitForResponse((response) => response.url().endsWith('/finance/v1/e_wallet/add'));
      await eWallet.getByRole('button', { name: '添加电子钱包' }).click();
      expect(((await (await eWalletAnswer).json()) as { code: number }).code).toBe(CODE.virtualAddressLimit);
      await page.getByRole('main').getByRole('alert').filter({ hasText: messageForCode(CODE.virtualAddressLimit, 'zh-CN')! }).waitFor();
      const list = (await api.call(virtualCurrencyList, {})).list;
      expect(list).toHaveLength(10);
      expect(list.map((item) => item.address)).not.toContain('ebpay_user_11');
      expect(await page.getByText('ebpay_user_11').count()).toBe(0);
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
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      await confirm.getByRole('button', { name: '确认删除' }).click();
      await page.getByRole('main').getByRole('status').filter({ hasText: '已删除' }).waitFor();
      await page.getByText('尚未绑定银行卡').waitFor();
      expect((await api.call(memberBankList, {})).list).toEqual([]);

      const trc20 = 'TUjnZSZijPSATyAauBN2Un889UuZsqKF8r';
      const add = page.getByRole('form', { name: '添加地址' });
      await add.getByRole('button', { name: '添加地址' }).click();
      await add.getByRole('alert').filter({ hasText: '请输入地址' }).waitFor();
      await add.getByLabel('地址').fill('0x1fbf7c7e53eA4523733A69e35b55c90743A0461d');
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
        expect(await axeViolations(page, { withoutWidgets: true }), path).toEqual([]);
      }
      await openPage(page, `${server.url}/app/myCenter/transfer`, true);
      await page.getByRole('button', { name: '一键回收' }).click();
      await page.getByRole('dialog', { name: '确认回收以下场馆的余额' }).waitFor();
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
