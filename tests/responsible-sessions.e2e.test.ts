import { describe, expect, it, vi } from 'vitest';
import { ApiError, gameList, playSessionNow, realityCheckSet, type CallResponse } from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome } from './support/member-pages.js';
import { openPage, openWatchedPage, sandboxAnswer, sandboxPost } from './support/site.js';
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

      // The member chooses a 15-minute reality check on its page, before the page's read of
      // the session has landed: the read arriving afterwards does not undo the choice.
      let releaseRead = () => {};
      const readHeld = new Promise<void>((resolve) => (releaseRead = resolve));
      await page.route('**/member/v1/responsible/session*', async (route) => {
        await readHeld;
        await route.continue();
      });
      await openPage(page, `${server.url}/app/myCenter/realityCheck`);
      await page.getByRole('heading', { name: '现实提醒', level: 1 }).waitFor();
      await page.getByLabel('提醒间隔').selectOption('15');
      releaseRead();
      await page.getByTestId('session-now').waitFor();
      await page.unroute('**/member/v1/responsible/session*');
      await expect(page.getByLabel('提醒间隔').inputValue()).resolves.toBe('15');
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

  it('a game that never says ready, or never shows the check, leaves it to the site\'s own dialog', async () => {
    // The server's clock is ahead (the test before moved it): this test's calls and page sign on it.
    const { aheadMs } = await sandboxAnswer<{ aheadMs: number }>(server.url, '/sandbox/clock');
    const machineNow = Date.now.bind(Date);
    const onServerClock = vi.spyOn(Date, 'now').mockImplementation(() => machineNow() + aheadMs);
    let member: Awaited<ReturnType<typeof freshMember>>;
    let game: CallResponse<typeof gameList>['games'][number] | undefined;
    try {
      member = await freshMember(server.url, 'rsilent', PASSWORD);
      await member.client.call(realityCheckSet, { intervalMinutes: 15 });
      game = (await member.client.call(gameList, { venueCode: 'LBSLOTS', sort: 'name', page: 1, pageSize: 60 })).games.find((item) => !item.maintenance);
    } finally {
      onServerClock.mockRestore();
    }
    if (!game) throw new Error('no slot game to launch');

    const { context, page } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await page.clock.install({ time: Date.now() + aheadMs });
      // First the game's page is an error page that never says lobby.game.ready (a failed load).
      const readyScript = { on: false };
      await page.route('**/studio/play/**', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><title>game</title><p data-testid="stand-in-game">A game</p>${
            readyScript.on ? '<script>parent.postMessage({ type: "lobby.game.ready", gameCode: "x" }, location.origin)</script>' : ''
          }</html>`,
        }),
      );
      await logInOnHome(page, server.url, { name: member.name, password: PASSWORD });
      await page.goto(`${server.url}/loading?venue=LBSLOTS&game=${encodeURIComponent(game.gameCode)}&from=%2Fapp%2Fegame%2FLBSLOTS`);
      const frame = page.frameLocator('iframe.game-frame-view');
      await frame.getByTestId('stand-in-game').waitFor();
      expect(await page.getByTestId('reality-check').count()).toBe(0);

      await sandboxPost(server.url, '/sandbox/clock', { advanceMs: 16 * MINUTE_MS });
      await page.clock.fastForward(16 * MINUTE_MS);
      const dialog = page.getByTestId('reality-check');
      await dialog.waitFor({ timeout: 20_000 });
      await expect(page.getByRole('dialog', { name: '现实提醒' }).isVisible()).resolves.toBe(true);
      await page.getByTestId('reality-continue').click();
      await dialog.waitFor({ state: 'detached' });

      // Then a game that says ready but never shows the check it is sent (nor answers it):
      // the frame takes the check, and gives it back to the site's dialog a few seconds later.
      readyScript.on = true;
      await page.locator('iframe.game-frame-view').evaluate((element: HTMLIFrameElement) => element.contentWindow?.location.reload());
      await frame.getByTestId('stand-in-game').waitFor();
      await sandboxPost(server.url, '/sandbox/clock', { advanceMs: 16 * MINUTE_MS });
      await page.clock.fastForward(16 * MINUTE_MS);
      await dialog.waitFor({ timeout: 20_000 });
      await page.getByTestId('reality-continue').click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  }, 120_000);
});
