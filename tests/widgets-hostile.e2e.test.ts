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

  /** Where each widget is measured: its main boxes and texts (the coin purchase modal open). */
  const MEASURED: Record<(typeof ELEMENTS)[number], string[]> = {
    'lobby-coin-purchase': ['button.trigger', 'dialog.modal', 'dialog.modal h2', 'dialog.modal .quick button', 'dialog.modal input[name=amount]', 'dialog.modal button.buy'],
    'lobby-float-window': ['.window', '.slide', '.picture-fallback', 'button.close'],
    'lobby-order-ball': ['button.ball'],
    'lobby-app-download': ['.clients', '.client a', '.client .label'],
    'lobby-chat-box': ['.box', '.head', '.status', '.composer', '.composer input', '.count', '.composer button'],
  };

  /** Opens a page with every widget ready and the coin purchase modal open; answers each measured box's size and text style. */
  async function measureWidgets(hostileCss: boolean) {
    const opened = await openPage({ hostileCss });
    const { page } = opened;
    await waitLive(page);
    await page.locator('lobby-order-ball button.ball').waitFor();
    await page.locator('lobby-float-window .picture-fallback').waitFor();
    await page.evaluate(() => (document.querySelector('lobby-coin-purchase') as unknown as { show(): Promise<boolean> }).show());
    await page.locator('lobby-coin-purchase dialog.modal[open]').waitFor();
    await expect.poll(() => page.locator('lobby-coin-purchase button.buy').isEnabled()).toBe(true);
    const measures = await page.evaluate((measured) => {
      const out: Record<string, unknown> = {};
      for (const [element, selectors] of Object.entries(measured)) {
        for (const selector of selectors) {
          const node = document.querySelector(element)!.shadowRoot!.querySelector(selector);
          if (!node) {
            out[`${element} ${selector}`] = 'missing';
            continue;
          }
          const style = getComputedStyle(node);
          const box = node.getBoundingClientRect();
          out[`${element} ${selector}`] = {
            width: box.width, height: box.height,
            font: [style.fontFamily, style.fontSize, style.fontStyle, style.fontVariant, style.fontWeight, style.lineHeight].join(' | '),
            text: [style.color, style.letterSpacing, style.wordSpacing, style.textTransform, style.textIndent, style.textAlign, style.textShadow, style.whiteSpace, style.wordBreak].join(' | '),
            layout: [style.direction, style.boxSizing, style.colorScheme, style.cursor].join(' | '),
          };
        }
      }
      return out;
    }, MEASURED);
    return { opened, measures };
  }

  it('looks and measures the same with and without a host stylesheet that unsets every widget element', async () => {
    const clean = await measureWidgets(false);
    const hostile = await measureWidgets(true);
    // The host rule applies to the elements (the page's own text is serif, 30 px).
    expect(await hostile.opened.page.evaluate(() => getComputedStyle(document.querySelector('lobby-coin-purchase')!).fontFamily)).toBe('serif');
    await hostile.opened.page.screenshot({ path: '/tmp/lobby-coin-purchase-hostile.png' });
    expect(hostile.measures).toEqual(clean.measures);
    const modal = hostile.measures['lobby-coin-purchase dialog.modal'] as { width: number };
    expect(modal.width).toBe(550);
    const title = hostile.measures['lobby-coin-purchase dialog.modal h2'] as { font: string };
    expect(title.font).toMatch(/^system-ui/);
    await clean.opened.page.close();
    await hostile.opened.page.close();
  });

  it("shows a neutral box with the promotion's name where the page blocks the seeded image, never a broken image", async () => {
    const { page, watch } = await openPage({});
    const float = page.locator('lobby-float-window');
    await float.locator('.picture-fallback').waitFor();
    expect(await float.locator('.picture-fallback').textContent()).toBe('Promotion 1');
    expect(await float.locator('img').count()).toBe(0);
    expect(await float.locator('button.slide').getAttribute('aria-label')).toMatch(/^Open promotion 1/);
    expect(watch.cspViolations.some((violation) => violation.startsWith('img-src data'))).toBe(true);
    await page.close();
  });

  it('saw no console error and no CSP violation but the blocked images', () => {
    for (const { watch } of pages) {
      expect(watch.consoleErrors.filter((error) => !/img-src|Refused to load the image/.test(error))).toEqual([]);
      expect(watch.cspViolations.filter((violation) => !violation.startsWith('img-src'))).toEqual([]);
    }
  });
});
