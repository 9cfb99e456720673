import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSendMessage, createClient, depositPay, loginPayload, newIdempotencyKey, payChannels, walletBalance, webLogin } from '@lobby/sdk';
import { watchPage, type PageWatch } from './support/browser.js';
import { runOps } from './support/ops-cli.js';
import { repoRoot } from './support/server.js';
import { browserSuite } from './support/suite.js';

/**
 * Issue 17, cross-origin embedding: the partner page (examples/partner-page) served from a
 * second origin, http://127.0.0.1:<its own port>, loads the widgets from the lobby server
 * at http://localhost:<port> under the example's strict CSP with Trusted Types required,
 * and every widget works there; the same page from an origin not on the list cannot read
 * a single answer until an operator adds it.
 */
const EXAMPLE = join(repoRoot, 'examples/partner-page');
const ELEMENTS = ['lobby-order-ball', 'lobby-float-window', 'lobby-coin-purchase', 'lobby-app-download', 'lobby-chat-box'] as const;
const EVENTS = ['lobby-buy-gold', 'lobby-refresh', 'lobby-finish', 'lobby-error', 'lobby-navigate', 'lobby-download', 'lobby-message'];

/** A tiny static server for the partner page's copy: its own origin, the lobby's origin in its CSP. */
async function partnerPageServer(): Promise<{ server: Server; origin: string; setLobby(origin: string): void }> {
  let lobby = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/partner.js' || path === '/partner.css') {
      response.writeHead(200, { 'content-type': path.endsWith('.js') ? 'text/javascript' : 'text/css' });
      return response.end(readFileSync(join(EXAMPLE, path)));
    }
    if (path !== '/') return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': partnerCsp(lobby) });
    response.end(partnerHtml(lobby));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, setLobby: (origin) => (lobby = origin) };
}

/** The example's policy (http/security-headers.ts EXAMPLE_CONTENT_SECURITY_POLICY) with the lobby's origin added, and Trusted Types required. */
function partnerCsp(lobby: string): string {
  const ws = lobby.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    `script-src 'self' ${lobby}`,
    "style-src 'self'",
    `img-src 'self' data: ${lobby}`,
    `connect-src 'self' ${lobby} ${ws}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "require-trusted-types-for 'script'",
    'trusted-types lobby',
  ].join('; ');
}

/** The example page as a partner would copy it: widget files from the lobby's origin, the config in the meta, all five widgets. */
function partnerHtml(lobby: string): string {
  const config = JSON.stringify({ apiBase: lobby, siteId: 4 }).replace(/"/g, '&quot;');
  return readFileSync(join(EXAMPLE, 'index.html'), 'utf8')
    .replace('%LOBBY_CONFIG%', config)
    .replaceAll('src="/widgets/', `src="${lobby}/widgets/`)
    .replace(
      '</head>',
      `  <script src="${lobby}/widgets/lobby-app-download.js" async></script>\n    <script src="${lobby}/widgets/lobby-chat-box.js" async></script>\n  </head>`,
    )
    .replace(
      '<section class="card">',
      `<section class="card"><h2>Live chat</h2><lobby-chat-box room-id="1" lang="en"></lobby-chat-box></section>
      <section class="card"><h2>The app</h2><lobby-app-download windows-url="https://downloads.partner.example/lobby.exe" mac-url="https://downloads.partner.example/lobby.dmg" android-url="https://downloads.partner.example/lobby.apk"></lobby-app-download></section>
      <section class="card">`,
    );
}

describe('the partner page on a second origin', () => {
  let allowed: Awaited<ReturnType<typeof partnerPageServer>>;
  let stranger: Awaited<ReturnType<typeof partnerPageServer>>;
  // The partner origins must be known before the lobby server starts (LOBBY_PARTNER_ORIGINS).
  const pageServers = Promise.all([partnerPageServer(), partnerPageServer()]);
  const env: Record<string, string> = {};
  beforeAll(async () => {
    [allowed, stranger] = await pageServers;
    env.LOBBY_PARTNER_ORIGINS = allowed.origin;
  });
  const { server, browser } = browserSuite({ env });
  let lobby: string;
  let token: string;
  const api = () => createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });

  beforeAll(async () => {
    lobby = `http://localhost:${new URL(server.url).port}`;
    allowed.setLobby(lobby);
    stranger.setLobby(lobby);
    token = (await createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null }).call(webLogin, loginPayload('demo', 'demo1234'))).token;
    // A pending deposit, so the deposit ball shows.
    const channel = (await api().call(payChannels, {})).list.find((item) => item.pay_type_id !== '912' && item.pay_type_id !== '112')!;
    await api().call(depositPay, { payTypeId: channel.pay_type_id, amount: Number(channel.deposit_min_amount) + 1 }, { idempotencyKey: newIdempotencyKey() });
  });
  afterAll(async () => {
    await Promise.all([allowed, stranger].map(({ server: page }) => new Promise((resolve) => page.close(resolve))));
  });

  interface Opened {
    page: Page;
    watch: PageWatch;
    apiRequests: string[];
  }

  async function openPartnerPage(origin: string, withToken: boolean): Promise<Opened> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const watch = await watchPage(page);
    await page.addInitScript((names) => {
      // Neither record is enumerable: the page's own keys are what the check below counts.
      Object.defineProperty(window, '__keysBefore', { value: Object.keys(window) });
      const seen: { name: string; detail: unknown }[] = [];
      Object.defineProperty(window, '__events', { value: seen });
      for (const name of names) document.addEventListener(name, (event) => seen.push({ name, detail: (event as CustomEvent).detail }));
    }, EVENTS);
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(lobby) && !request.url().includes('/widgets/')) apiRequests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(`${origin}/${withToken ? `#token=${token}` : ''}`);
    await page.waitForFunction((names) => names.every((name) => customElements.get(name)), [...ELEMENTS]);
    return { page, watch, apiRequests };
  }

  const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: { name: string; detail: unknown }[] }).__events);
  const eventNames = (page: Page) => events(page).then((list) => list.map((event) => event.name));
  const newGlobals = (page: Page) =>
    page.evaluate(() => {
      const before = (window as unknown as { __keysBefore: string[] }).__keysBefore;
      return Object.keys(window).filter((key) => !before.includes(key));
    });
  /** Whether a WebSocket to the lobby's broker opens from the page (the upgrade's Origin is the page's). */
  const brokerSocketOpens = (page: Page) =>
    page.evaluate(
      (url) =>
        new Promise<boolean>((resolve) => {
          const socket = new WebSocket(url, 'mqtt');
          socket.onopen = () => {
            socket.close();
            resolve(true);
          };
          socket.onerror = () => resolve(false);
        }),
      `${lobby.replace(/^http/, 'ws')}/mqtt`,
    );

  it('uses every widget with a logged-in member: float window, order ball, coin purchase, app download, chat going live', async () => {
    const start = await api().call(walletBalance, {});
    const { page, watch, apiRequests } = await openPartnerPage(allowed.origin, true);

    // The float window, from the lobby's answer.
    const float = page.locator('lobby-float-window');
    await float.locator('img').first().waitFor();

    // The order ball of the pending deposit, opened by click.
    const ball = page.locator('lobby-order-ball[kind=deposit]').locator('button.ball');
    await ball.waitFor();
    await ball.click();
    await expect.poll(() => eventNames(page)).toContain('lobby-navigate');

    // The chat box goes live over the lobby's WebSocket, and receives a message.
    const chat = page.locator('lobby-chat-box');
    await chat.scrollIntoViewIfNeeded();
    await chat.locator('.status[data-status="online"]').waitFor({ timeout: 20_000 });
    const fromPage = `from the partner page ${randomUUID().slice(0, 8)}`;
    await chat.locator('.composer input').fill(fromPage);
    await chat.locator('.composer button').click();
    await chat.locator('.entry .content', { hasText: fromPage }).waitFor();
    let adminToken: string | null = null;
    const admin = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => adminToken });
    adminToken = (await admin.call(webLogin, loginPayload('demo-admin', 'demo1234'))).token;
    const fromOutside = `from another member ${randomUUID().slice(0, 8)}`;
    await admin.call(chatSendMessage, { roomId: 1, content: fromOutside });
    await chat.locator('.entry .content', { hasText: fromOutside }).waitFor({ timeout: 10_000 });
    await chat.screenshot({ path: '/tmp/partner-origin-chat.png' });

    // The app download block: its QR code on hover, a download the page cancels.
    const download = page.locator('lobby-app-download');
    await download.locator('.app').hover();
    expect(await download.locator('svg.qr').isVisible()).toBe(true);
    await page.evaluate(() => document.addEventListener('lobby-download', (event) => event.preventDefault()));
    await download.locator('a[data-platform="mac"]').click();
    await expect.poll(() => events(page).then((list) => list.filter((event) => event.name === 'lobby-download').map((event) => event.detail))).toEqual([
      { platform: 'mac', url: 'https://downloads.partner.example/lobby.dmg' },
    ]);

    // The coin purchase moves the member's money once.
    const coins = page.locator('lobby-coin-purchase');
    await coins.scrollIntoViewIfNeeded();
    await coins.locator('button.trigger').click();
    const dialog = coins.locator('dialog.modal[open]');
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('button.buy').isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: '¥58', exact: true }).click();
    await page.screenshot({ path: '/tmp/partner-origin.png' });
    await dialog.locator('button.buy').click();
    const confirm = coins.locator('dialog.confirm[open]');
    await confirm.waitFor();
    await confirm.locator('button.primary').click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => eventNames(page).then((names) => names.filter((name) => name.startsWith('lobby-buy') || name === 'lobby-finish'))).toEqual(['lobby-buy-gold', 'lobby-finish']);
    const end = await api().call(walletBalance, {});
    expect(Math.round((start.centerWalletBalance - end.centerWalletBalance) * 100)).toBe(5800);
    expect(end.coinWalletBalance - start.coinWalletBalance).toBe(580);

    // The calls went to the lobby's origin (their preflights, which Chromium keeps from the page's requests, passed: the signed headers are not CORS-safelisted).
    expect(apiRequests).toEqual(expect.arrayContaining(['POST /anchor/v1/buy_coin', 'POST /site/v1/float_windows', 'POST /finance/v1/deposit/order_status', 'POST /chat/v1/connector', 'POST /chat/v1/send_message']));
    expect(await brokerSocketOpens(page)).toBe(true);
    expect(await newGlobals(page)).toEqual(['lobby']);
    expect(watch.cspViolations).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.failedRequests).toEqual([]);
    expect(await eventNames(page)).not.toContain('lobby-error');
    await page.close();
  });

  it('works for a visitor too: the float window and the chat box going live anonymously', async () => {
    const { page, watch } = await openPartnerPage(allowed.origin, false);
    await page.locator('lobby-float-window').locator('img').first().waitFor();
    const chat = page.locator('lobby-chat-box');
    await chat.scrollIntoViewIfNeeded();
    await chat.locator('.status[data-status="online"]').waitFor({ timeout: 20_000 });
    expect(await newGlobals(page)).toEqual(['lobby']);
    expect([...watch.cspViolations, ...watch.consoleErrors, ...watch.failedRequests]).toEqual([]);
    await page.close();
  });

  it('from an origin not on the list reads no answer: the widgets show their error state, until an operator adds the origin', async () => {
    const { page, watch } = await openPartnerPage(stranger.origin, true);
    await page.locator('lobby-chat-box').scrollIntoViewIfNeeded();
    await page.locator('lobby-coin-purchase button.trigger').click();
    await expect.poll(() => events(page).then((list) => list.filter((event) => event.name === 'lobby-error').map((event) => (event.detail as { type: string }).type).sort())).toEqual(['coin-permission', 'load']);
    expect(await page.locator('lobby-float-window img').count()).toBe(0);
    expect(await page.locator('lobby-order-ball button.ball').count()).toBe(0);
    expect(await page.locator('lobby-chat-box .status').getAttribute('data-status')).not.toBe('online');
    expect(watch.failedRequests.filter((request) => request.startsWith('POST ') && request.includes(lobby)).length).toBeGreaterThan(0);
    expect(watch.consoleErrors.some((error) => /blocked by CORS policy/.test(error))).toBe(true);
    expect(await brokerSocketOpens(page)).toBe(false);
    expect(watch.cspViolations).toEqual([]);
    await page.screenshot({ path: '/tmp/partner-origin-refused.png' });
    await page.close();

    const added = await runOps(server.url, 'partner-origins', 'add', stranger.origin, '--site', '4');
    expect(added.code, added.stderr).toBe(0);
    const again = await openPartnerPage(stranger.origin, true);
    await again.page.locator('lobby-float-window').locator('img').first().waitFor();
    await again.page.locator('lobby-order-ball[kind=deposit] button.ball').waitFor();
    expect(await brokerSocketOpens(again.page)).toBe(true);
    expect([...again.watch.cspViolations, ...again.watch.consoleErrors, ...again.watch.failedRequests]).toEqual([]);
    await again.page.close();

    // Removed, the answers lose their allowance at once, though the browser still holds the preflight's.
    const removed = await runOps(server.url, 'partner-origins', 'remove', stranger.origin, '--site', '4');
    expect(removed.code, removed.stderr).toBe(0);
    const after = await openPartnerPage(stranger.origin, true);
    await expect.poll(() => after.watch.consoleErrors.some((error) => /blocked by CORS policy/.test(error))).toBe(true);
    expect(await after.page.locator('lobby-float-window img').count()).toBe(0);
    await after.page.close();
  });
});
