import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

/** axe-core on home, login, register and one page of each route group, on both brands. */
describe('accessibility of the host site', () => {
  const { server, browser } = browserSuite({ chromiumArgs: ['--host-resolver-rules=MAP aurora.localhost 127.0.0.1'] });

  const pages = ['/app/home', '/cs', '/robot-check/image/0/0', '/blackList', '/app/vip', '/app/help/1/1', '/app/sport', '/app/activity', '/app/news', '/sponsor/lobby/sponsor-fc'];

  it.each(['127.0.0.1', 'aurora.localhost'])('finds no violation on home, the login form and one page of each route group on %s', async (host) => {
    const { context, page } = await openWatchedPage(browser);
    try {
      for (const path of pages) {
        await openPage(page, server.url.replace('127.0.0.1', host) + path, true);
        expect(await axeViolations(page, { withoutWidgets: true }), path).toEqual([]);
      }
    } finally {
      await context.close();
    }
  }, 120_000);

  it('finds no violation in the lobby widgets home mounts, as a visitor sees them', async () => {
    // Lighthouse found the chat box's visitor prompt below WCAG AA contrast on home; the
    // frame tests above leave the widgets out, so this one runs axe with them loaded.
    const { context, page } = await openWatchedPage(browser, {}, { widgets: true });
    try {
      await openPage(page, `${server.url}/app/home`, true);
      await page.locator('.home-widgets').scrollIntoViewIfNeeded();
      await page.locator('lobby-chat-box .prompt button').waitFor();
      await page.locator('lobby-app-download .client').first().waitFor();
      // A visitor gets no order ball (no order); the float window loads when idle.
      await page.waitForFunction(() => customElements.get('lobby-float-window') !== undefined);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('finds no violation in the register and forgotten-password dialogs', async () => {
    const { context, page } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/home`, true);
      await page.getByRole('button', { name: '注册' }).click();
      await page.getByRole('dialog', { name: '注册' }).waitFor();
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '忘记密码' }).click();
      await page.getByRole('dialog', { name: '忘记密码' }).waitFor();
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
