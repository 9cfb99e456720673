import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConnector, createClient, depositPay, loginPayload, newIdempotencyKey, payChannels, webLogin } from '@lobby/sdk';
import { launchChromium, watchPage, type PageWatch } from './support/browser.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

/**
 * Issue 17, widgets in hostile pages: a host page that requires Trusted Types, blocks the
 * seeded (data:) images with `img-src 'self'`, has its own `regeneratorRuntime`, and
 * unsets every widget element's styles from its own stylesheet.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self' ws: wss:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "require-trusted-types-for 'script'",
  'trusted-types lobby',
].join('; ');

const ELEMENTS = ['lobby-order-ball', 'lobby-float-window', 'lobby-coin-purchase', 'lobby-app-download', 'lobby-chat-box'] as const;

/** What a hostile host writes about the widget elements and its own page. */
const HOSTILE_CSS = `
${ELEMENTS.join(', ')} { all: unset !important; }
html { font: italic small-caps 30px/3 serif; color: #f0f; direction: rtl; letter-spacing: 4px; word-spacing: 12px;
  text-transform: uppercase; text-indent: 40px; text-align: right; text-shadow: 2px 2px red; white-space: pre;
  cursor: crosshair; color-scheme: dark; word-break: break-all; font-size-adjust: 0.3; tab-size: 20; }
`;

/** The host's own globals: the widgets must leave them as they are. */
const HOST_SCRIPT = `window.regeneratorRuntime = { host: true };`;

interface PageOptions {
  widgets?: boolean;
  hostileCss?: boolean;
  hostGlobals?: boolean;
}

interface Opened {
  page: Page;
  watch: PageWatch;
  connectorCalls: string[];
  mqttRequests: string[];
}

describe('widgets on a hostile host page', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let token: string;
  const pages: Opened[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    // The pages are fulfilled by the test (as in chat.e2e.test.ts), so Local Network
    // Access checks would block the chat box's WebSocket to 127.0.0.1.
    browser = await launchChromium(['--disable-features=LocalNetworkAccessChecks']);
    context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const api = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token || null });
    token = (await api.call(webLogin, loginPayload('demo', 'demo1234'))).token;
    // A pending deposit, so the deposit ball shows.
    const channel = (await api.call(payChannels, {})).list.find((item) => item.pay_type_id !== '912' && item.pay_type_id !== '112')!;
    await api.call(depositPay, { payTypeId: channel.pay_type_id, amount: Number(channel.deposit_min_amount) + 1 }, { idempotencyKey: newIdempotencyKey() });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  function pageHtml({ widgets = true, hostileCss = false, hostGlobals = false }: PageOptions): string {
    const scripts = ['lobby', ...ELEMENTS].map((name) => `<script src="/widgets/${name}.js" async></script>`).join('');
    const elements = [
      `<lobby-coin-purchase token="${token}"></lobby-coin-purchase>`,
      `<lobby-app-download windows-url="/downloads/lobby.exe" mac-url="/downloads/lobby.dmg" android-url="/downloads/lobby.apk" mobile="true"></lobby-app-download>`,
      `<lobby-chat-box room-id="1" token="${token}"></lobby-chat-box>`,
      `<lobby-float-window></lobby-float-window>`,
      `<lobby-order-ball kind="deposit" route="/host" token="${token}"></lobby-order-ball>`,
    ].join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hostile host</title><link rel="icon" href="data:,">${hostileCss ? '<link rel="stylesheet" href="/hostile/host.css">' : ''}${hostGlobals ? '<script src="/hostile/host.js"></script>' : ''}${widgets ? scripts : ''}</head><body><p>A host page.</p>${widgets ? elements : ''}</body></html>`;
  }

  async function openPage(options: PageOptions): Promise<Opened> {
    const page = await context.newPage();
    const watch = await watchPage(page);
    const opened: Opened = { page, watch, connectorCalls: [], mqttRequests: [] };
    page.on('request', (request) => {
      if (request.url().endsWith(chatConnector.path)) opened.connectorCalls.push(request.url());
      if (request.url().includes('lobby-chat-mqtt.js')) opened.mqttRequests.push(request.url());
    });
    await page.route(`${server.url}/hostile/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/hostile/host.css') return route.fulfill({ contentType: 'text/css', body: HOSTILE_CSS });
      if (path === '/hostile/host.js') return route.fulfill({ contentType: 'text/javascript', body: HOST_SCRIPT });
      return route.fulfill({ contentType: 'text/html', headers: { 'content-security-policy': CSP }, body: pageHtml(options) });
    });
    await page.goto(`${server.url}/hostile/page.html`);
    if (options.widgets !== false) await page.waitForFunction((names) => names.every((name) => customElements.get(name)), [...ELEMENTS]);
    pages.push(opened);
    return opened;
  }

  const waitLive = (page: Page) => page.locator('lobby-chat-box .status[data-status="online"]').waitFor({ timeout: 20_000 });

  it("goes live under require-trusted-types-for 'script' with one MQTT file and one broker login", async () => {
    const { page, watch, connectorCalls, mqttRequests } = await openPage({});
    await waitLive(page);
    expect(mqttRequests).toHaveLength(1);
    expect(connectorCalls).toHaveLength(1);
    expect(watch.cspViolations.filter((violation) => violation.includes('trusted-types'))).toEqual([]);
    await page.close();
  });

  it('adds only `lobby` to window, and leaves the host its own regeneratorRuntime', async () => {
    const bare = await openPage({ widgets: false });
    const before = await bare.page.evaluate(() => Object.keys(window));
    await bare.page.close();
    const full = await openPage({});
    await waitLive(full.page);
    const after = await full.page.evaluate(() => Object.keys(window));
    expect(after.filter((key) => !before.includes(key))).toEqual(['lobby']);
    await full.page.close();

    const host = await openPage({ hostGlobals: true });
    const marker = await host.page.evaluate(() => (window as unknown as { regeneratorRuntime: unknown }).regeneratorRuntime);
    await waitLive(host.page);
    expect(marker).toEqual({ host: true });
    expect(await host.page.evaluate(() => (window as unknown as { regeneratorRuntime: { host?: boolean } }).regeneratorRuntime.host)).toBe(true);
    await host.page.close();
  });

  it('saw no console error and no CSP violation but the blocked images', () => {
    for (const { watch } of pages) {
      expect(watch.consoleErrors.filter((error) => !/img-src|Refused to load the image/.test(error))).toEqual([]);
      expect(watch.cspViolations.filter((violation) => !violation.startsWith('img-src'))).toEqual([]);
    }
  });
});
