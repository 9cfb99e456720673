import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, depositPay, loginPayload, newIdempotencyKey, payChannels, walletBalance, webLogin } from '@lobby/sdk';
import { installLeakWatch, type LeakWatch } from './support/leak-watch.js';
import { watchPage, type PageWatch } from './support/browser.js';
import { browserSuite } from './support/suite.js';

/**
 * Issue 4 in a real browser: the partner page embeds the three widgets by script tag under
 * the strict example CSP; the coin purchase moves the demo member's money on the ledger.
 */
describe('widgets on the partner page', () => {
  const { server, browser } = browserSuite();
  let token: string;
  const api = () => createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });

  beforeAll(async () => {
    const login = await createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null }).call(webLogin, loginPayload('demo', 'demo1234'));
    token = login.token;
  });

  async function openPartnerPage(withToken = true): Promise<{ page: Page; watch: PageWatch }> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const watch = await watchPage(page);
    await page.addInitScript(() => {
      const seen: { name: string; detail: unknown }[] = [];
      (window as unknown as { __events: typeof seen }).__events = seen;
      for (const name of ['lobby-buy-gold', 'lobby-refresh', 'lobby-finish', 'lobby-error', 'lobby-close', 'lobby-navigate']) {
        document.addEventListener(name, (event) => seen.push({ name, detail: (event as CustomEvent).detail }));
      }
    });
    await page.goto(`${server.url}/examples/partner-page/${withToken ? `#token=${token}` : ''}`);
    await page.waitForFunction(() => ['lobby-coin-purchase', 'lobby-float-window', 'lobby-order-ball'].every((name) => customElements.get(name)));
    return { page, watch };
  }

  const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: { name: string; detail: unknown }[] }).__events);

  it('serves the page under the strict CSP, with no violation and no console error', async () => {
    const response = await fetch(`${server.url}/examples/partner-page/`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'");
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    const { page, watch } = await openPartnerPage();
    await page.locator('lobby-float-window').locator('img').waitFor();
    await page.locator('lobby-coin-purchase').locator('button.trigger').click();
    await page.locator('lobby-coin-purchase').locator('dialog.modal[open]').waitFor();
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(watch.cspViolations).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it('leaves <html>, <body> and the scroll position alone across open and close', async () => {
    const { page } = await openPartnerPage();
    await page.evaluate(() => {
      window.scrollTo(0, 400);
      const records: string[] = [];
      const observer = new MutationObserver((list) => list.forEach((record) => records.push(`${(record.target as Element).tagName} ${record.attributeName}`)));
      observer.observe(document.documentElement, { attributes: true });
      observer.observe(document.body, { attributes: true });
      (window as unknown as { __records: string[] }).__records = records;
    });
    const before = await page.evaluate(() => ({ html: document.documentElement.outerHTML.split('>')[0], body: document.body.getAttributeNames(), y: scrollY }));
    // The page's own button, pressed from the keyboard (a pointer click would scroll it into view).
    await page.evaluate(() => document.getElementById('open-coins')!.focus({ preventScroll: true }));
    await page.keyboard.press('Enter');
    await page.locator('lobby-coin-purchase').locator('dialog.modal[open]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('lobby-coin-purchase').locator('dialog.modal:not([open])').waitFor({ state: 'attached' });
    const after = await page.evaluate(() => ({ html: document.documentElement.outerHTML.split('>')[0], body: document.body.getAttributeNames(), y: scrollY }));
    expect(after).toEqual(before);
    expect(before.y).toBe(400);
    expect(await page.evaluate(() => (window as unknown as { __records: string[] }).__records)).toEqual([]);
    await page.close();
  });

  it('buys coins through the three checks, moving the demo member money once for a double click', async () => {
    const start = await api().call(walletBalance, {});
    const { page, watch } = await openPartnerPage();
    const buyRequests: string[] = [];
    const permissionChecks: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/anchor/v1/buy_coin')) buyRequests.push(request.headers()['x-idempotency-key'] ?? '');
      if (request.url().endsWith('/anchor/v1/check_buy_coin_permission')) permissionChecks.push(request.url());
    });
    const widget = page.locator('lobby-coin-purchase');
    await widget.locator('button.trigger').click();
    const dialog = widget.locator('dialog.modal[open]');
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.getBoundingClientRect().width)).toBe(550);
    await expect.poll(() => dialog.locator('button.buy').isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: '¥58', exact: true }).click();
    expect(await dialog.locator('.coins').textContent()).toContain('580');
    await dialog.locator('button.buy').click();
    const confirm = widget.locator('dialog.confirm[open]');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('58');
    await confirm.locator('button.primary').dblclick();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => events(page).then((list) => list.map((event) => event.name))).toEqual(['lobby-buy-gold', 'lobby-refresh', 'lobby-finish']);
    const [buyGold] = await events(page);
    expect(buyGold!.detail).toMatchObject({ gold_count: 580, recharge_amount: 58 });
    expect(buyRequests).toHaveLength(1);
    expect(buyRequests[0]).toMatch(/\S{16,}/);
    expect(permissionChecks).toHaveLength(3);
    const end = await api().call(walletBalance, {});
    expect(Math.round((start.centerWalletBalance - end.centerWalletBalance) * 100)).toBe(5800);
    expect(end.coinWalletBalance - start.coinWalletBalance).toBe(580);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it('applies the coin amount rules in the input', async () => {
    const { page } = await openPartnerPage();
    const widget = page.locator('lobby-coin-purchase');
    await widget.locator('button.trigger').click();
    const dialog = widget.locator('dialog.modal[open]');
    await dialog.waitFor();
    const input = dialog.locator('input[name=amount]');
    expect(await input.inputValue()).toBe('1');
    expect(await dialog.locator('[aria-pressed=true]').textContent()).toBe('¥1');
    await input.fill('');
    expect(await dialog.locator('.coins').textContent()).toMatch(/1 yuan = 10 coins/);
    expect(await dialog.locator('button.buy').isDisabled()).toBe(true);
    expect(await dialog.locator('[aria-pressed=true]').count()).toBe(0);
    await input.pressSequentially('6000001');
    expect(await input.inputValue()).toBe('500000');
    expect(await dialog.locator('.limit').textContent()).toBe('Amount up to 500000');
    expect(await dialog.locator('.bubble').isVisible()).toBe(true);
    expect(await dialog.locator('button.buy').isDisabled()).toBe(true);
    await input.fill('0');
    expect(await input.inputValue()).toBe('1');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('refuses a visitor with the error event, and keeps the float window closed for the session', async () => {
    const { page } = await openPartnerPage(false);
    await page.locator('lobby-coin-purchase').locator('button.trigger').click();
    await expect.poll(() => events(page).then((list) => list.map((event) => event.name))).toContain('lobby-error');
    const float = page.locator('lobby-float-window');
    await float.locator('img').waitFor();
    await float.locator('button.close').click();
    await float.locator('.window').waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForFunction(() => customElements.get('lobby-float-window'));
    await page.waitForTimeout(500);
    expect(await float.locator('.window').count()).toBe(0);
    const fresh = await browser.newPage();
    await fresh.goto(`${server.url}/examples/partner-page/`);
    await fresh.locator('lobby-float-window').locator('img').waitFor();
    await fresh.close();
    await page.close();
  });

  it('mounts and removes each widget 200 times leaving no timers, listeners or requests', async () => {
    const { page } = await openPartnerPage();
    await page.waitForTimeout(500);
    // The page's own widgets go first: their polls and carousel re-arm timers while the loop
    // runs (more of them on a slow machine), which would be counted as the loop's.
    await page.evaluate(() => document.querySelectorAll('lobby-coin-purchase, lobby-float-window, lobby-order-ball').forEach((element) => element.remove()));
    await page.waitForTimeout(300);
    await page.evaluate(installLeakWatch);
    const leaks = await page.evaluate(async () => {
      const { counts, setTimeout: st } = (window as unknown as { __lobbyLeaks: LeakWatch }).__lobbyLeaks;
      const before = counts();
      for (const name of ['lobby-coin-purchase', 'lobby-float-window', 'lobby-order-ball']) {
        for (let i = 0; i < 200; i += 1) {
          const element = document.createElement(name);
          document.body.append(element);
          await new Promise((resolve) => st(resolve, 0));
          if (i % 2) element.remove();
          else (element as unknown as { destroy(): void }).destroy();
        }
      }
      await new Promise((resolve) => st(resolve, 300));
      return { before, after: counts() };
    });
    expect(leaks.after).toEqual(leaks.before);
    await page.close();
  });

  it('shows the pending deposit on the ball, with an accessible name, and opens it by click and keyboard', async () => {
    const channels = (await api().call(payChannels, {})).list;
    const channel = channels.find((item) => item.pay_type_id !== '912' && item.pay_type_id !== '112') ?? channels[0]!;
    const order = await api().call(depositPay, { payTypeId: channel.pay_type_id, amount: Number(channel.deposit_min_amount) + 1 }, { idempotencyKey: newIdempotencyKey() });
    const { page, watch } = await openPartnerPage();
    const ball = page.locator('lobby-order-ball[kind=deposit]').locator('button.ball');
    await ball.waitFor();
    const name = await ball.getAttribute('aria-label');
    expect(name).toMatch(order.orderState === 101 ? /Deposit order: Pay now, \d\d:\d\d left/ : /Deposit order: Pending/);
    expect(await ball.evaluate((element) => element.getBoundingClientRect().width)).toBe(102);
    const canvas = ball.locator('canvas');
    expect(await canvas.evaluate((element: HTMLCanvasElement) => element.width)).toBe(Math.round(102 * (await page.evaluate(() => devicePixelRatio))));
    await ball.click();
    await expect.poll(() => events(page).then((list) => list.filter((event) => event.name === 'lobby-navigate').length)).toBe(1);
    await ball.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => events(page).then((list) => list.filter((event) => event.name === 'lobby-navigate').map((event) => event.detail))).toEqual([
      expect.objectContaining({ route: `/app/myCenter/deposit?billNo=${order.billNo}`, kind: 'deposit', billNo: order.billNo }),
      expect.objectContaining({ route: `/app/myCenter/deposit?billNo=${order.billNo}` }),
    ]);
    const before = await ball.boundingBox();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await ball.boundingBox())!.x).toBe(0);
    expect(before!.x).toBeGreaterThan(0);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});
