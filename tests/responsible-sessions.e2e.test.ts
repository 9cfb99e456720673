import { describe, expect, it } from 'vitest';
import { ApiError, gameList, playSessionNow } from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome } from './support/member-pages.js';
import { openPage, openWatchedPage, sandboxPost } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PASSWORD = 'reality-pass-1';
const MINUTE_MS = 60_000;

/**
 * Reality checks in Chromium (issue 22, item 3; docs/RESPONSIBLE-PLAY.md): a member sets a
 * 15-minute reality check on its page, launches a studio game from a venue lobby, and when
 * 16 minutes have passed on the server's clock (and the page's) the prompt appears inside
 * the running game with the elapsed time and net result; stop logs the member out.
 */
describe('reality checks in the browser', () => {
  const { server, browser } = browserSuite();

  it('a member sees a reality check inside a running game and stops from it: logged out everywhere', async () => {
    const member = await freshMember(server.url, 'rcheck', PASSWORD);
    const { games } = await member.client.call(gameList, { venueCode: 'LBSLOTS', sort: 'name', page: 1, pageSize: 60 });
    const game = games.find((item) => !item.maintenance);
    if (!game) throw new Error('no slot game to launch');

    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await page.clock.install();
      await logInOnHome(page, server.url, { name: member.name, password: PASSWORD });

      // The member chooses a 15-minute reality check on its page.
      await openPage(page, `${server.url}/app/myCenter/realityCheck`);
      await page.getByRole('heading', { name: '现实提醒', level: 1 }).waitFor();
      await page.getByLabel('提醒间隔').selectOption('15');
      await page.getByRole('button', { name: '保存' }).click();
      await page.getByTestId('reality-saved').waitFor();
      await expect.poll(() => page.getByTestId('next-prompt').textContent()).not.toBe('无');
      expect(await axeViolations(page)).toEqual([]);
      // The 12-month history, from the reality-check page: a table of 12 months and the totals.
      await page.getByRole('link', { name: '查看12个月游戏历史' }).click();
      await page.getByRole('table', { name: '最近12个月的游戏历史' }).waitFor();
      expect(await page.locator('[data-testid="play-history"] tbody tr').count()).toBe(12);
      expect(await axeViolations(page)).toEqual([]);

      // A studio game launched from its venue lobby; the session time shows in the game bar.
      await openPage(page, `${server.url}/app/egame/LBSLOTS`);
      await page.getByRole('searchbox', { name: '搜索游戏' }).fill(game.nameZh);
      await page.getByRole('button', { name: '搜索', exact: true }).click();
      await page.getByRole('link', { name: `开始游戏 ${game.nameZh}` }).click();
      const frame = page.frameLocator('iframe.game-frame-view');
      await frame.getByTestId('game-balance').waitFor();
      await page.getByTestId('session-clock').filter({ hasText: /0:0\d:\d\d/ }).waitFor();
      await expect(frame.getByTestId('game-reality-check').count()).resolves.toBe(0);

      // 16 minutes pass on the server and in the page: the next read finds the check due.
      await sandboxPost(server.url, '/sandbox/clock', { advanceMs: 16 * MINUTE_MS });
      await page.clock.fastForward(16 * MINUTE_MS);
      const prompt = frame.getByTestId('game-reality-check');
      await prompt.waitFor({ timeout: 20_000 });
      await expect(frame.getByRole('dialog', { name: '现实提醒' }).isVisible()).resolves.toBe(true);
      const text = await frame.getByTestId('game-reality-text').textContent();
      expect(text).toMatch(/已游戏 0:1[67]:\d\d/);
      expect(text).toMatch(/输赢 0\.00 元/);
      expect(await page.getByTestId('reality-check').count()).toBe(0); // the site's own dialog stays closed while the game shows it
      await page.getByTestId('session-clock').filter({ hasText: /0:1[67]:\d\d/ }).waitFor();

      // Stop: recorded, every login ends, the game closes and the page is a visitor's.
      await frame.getByRole('button', { name: '停止并退出' }).click();
      await page.waitForURL((url) => url.pathname === '/app/home');
      await page.getByRole('form', { name: '登录' }).waitFor();
      expect(await page.locator('iframe.game-frame-view').count()).toBe(0);
      const after = await member.client.call(playSessionNow, {}).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(after).toBeInstanceOf(ApiError);
      expect(watch.consoleErrors.filter((line) => !/401|Unauthorized|timestamp/i.test(line))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
