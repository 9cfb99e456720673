import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { installLeakWatch, type LeakWatch } from './support/leak-watch.js';
import { watchPage } from './support/browser.js';
import { browserSuite } from './support/suite.js';

const widgetNames = ['lobby-coin-purchase', 'lobby-float-window', 'lobby-order-ball'];

/**
 * Issue 4's React host (examples/react-host/): the three widgets rendered by a React 19 app
 * under <StrictMode>, with props and `onlobby-*` handlers, served under the strict partner CSP.
 */
describe('widgets inside the React host', () => {
  const { server, browser } = browserSuite();

  async function openHost(page: Page, file = '') {
    await page.goto(`${server.url}/examples/react-host/${file}`);
    await page.waitForFunction((names) => names.every((name) => customElements.get(name)), widgetNames);
    await page.locator('#widgets').waitFor();
  }

  it('renders the widgets inside React with no CSP violation and no console error', async () => {
    const response = await fetch(`${server.url}/examples/react-host/`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'; style-src 'self'");
    expect(await response.text()).not.toContain('%LOBBY_CONFIG%');
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const watch = await watchPage(page);
    await openHost(page);
    await page.locator('#widgets lobby-coin-purchase').locator('button.trigger').waitFor();
    await page.locator('lobby-float-window').locator('img').first().waitFor();
    // React 19 passed the props on: attributes the element reads.
    expect(await page.locator('lobby-order-ball[kind=withdrawal]').getAttribute('route')).toBe('/react-host');
    expect(await page.locator('lobby-coin-purchase').evaluate((element) => element.closest('#root') !== null)).toBe(true);
    await page.waitForTimeout(300);
    expect(watch.cspViolations).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it("delivers a widget's lobby-* event to the React onlobby-* handler", async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await openHost(page);
    // A visitor (no token) is refused by the permission check: lobby-error, rendered by React.
    await page.locator('lobby-coin-purchase').locator('button.trigger').click();
    await expect.poll(() => page.locator('#events li').allTextContents()).toEqual([expect.stringMatching(/^lobby-error \{.*"type":"login"/)]);
    await page.close();
  });

  it("mounts and unmounts the widgets 200 times under StrictMode (React's development build) leaving nothing running", async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const watch = await watchPage(page);
    // dev.html runs the same app on React's development build: only there does <StrictMode>
    // run effects and ref callbacks twice (the production build skips its checks).
    await openHost(page, 'dev.html');
    const build = await page.locator('#toggle').evaluate((node) => {
      const key = Object.keys(node).find((name) => name.startsWith('__reactFiber$'));
      const fiber = (node as unknown as Record<string, { mode: number; _debugOwner?: unknown }>)[key!]!;
      // Development fibers carry _debugOwner; StrictLegacyMode and StrictEffectsMode are mode bits 8 and 16.
      return { development: '_debugOwner' in fiber, strict: (fiber.mode & 0b11000) === 0b11000 };
    });
    expect(build).toEqual({ development: true, strict: true });
    await page.waitForTimeout(500);
    await page.locator('#toggle').click(); // start from no widgets: what the loop must return to
    await page.locator('#widgets').waitFor({ state: 'detached' });
    await page.evaluate(installLeakWatch);
    const leaks = await page.evaluate(async () => {
      const { counts, setTimeout: st } = (window as unknown as { __lobbyLeaks: LeakWatch }).__lobbyLeaks;
      const before = counts();
      const toggle = document.getElementById('toggle')!;
      let mounts = 0;
      let busiest = 0; // what the mounted widgets had running: proves the counters see them
      for (let i = 0; i < 400; i += 1) {
        toggle.click(); // mount, then unmount: React commits each before the next task
        await new Promise((resolve) => st(resolve, 0));
        if (document.querySelector('#widgets lobby-float-window')) mounts += 1;
        const now = counts();
        busiest = Math.max(busiest, now.timers + now.intervals + now.listeners + now.frames + now.requests);
      }
      await new Promise((resolve) => st(resolve, 300));
      return { before, after: counts(), mounts, busiest, left: document.querySelectorAll('[id=widgets] *').length };
    });
    expect(leaks.mounts).toBe(200);
    expect(leaks.busiest).toBeGreaterThan(0);
    expect(leaks.left).toBe(0);
    expect(leaks.after).toEqual(leaks.before);
    // React's development warnings go to console.error: none, and no CSP violation.
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.cspViolations).toEqual([]);
    await page.close();
  });
});
