import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { buyCoin, createClient, loginPayload, newIdempotencyKey, webLogin } from '@lobby/sdk';
import { logInOnHome } from './support/member-pages.js';
import { openWatchedPage, sandboxPost } from './support/site.js';
import { browserSuite } from './support/suite.js';

/** The coins the room shows the member (data-coins of the balance line). */
const shownCoins = async (page: Page) => Number(await page.locator('.coin-balance').getAttribute('data-coins'));

describe('the anchor room in Chromium', () => {
  const { server, browser } = browserSuite();
  let context: BrowserContext | undefined;
  afterAll(async () => {
    await context?.close();
  });

  it('plays the room, shows the pushed score, sends a gift that the gift rank shows', { timeout: 180_000 }, async () => {
    await sandboxPost(server.url, '/sandbox/video/reset', {});
    const { fixtureId } = await sandboxPost<{ fixtureId: string }>(server.url, '/sandbox/sports/fixtures', {
      sport: 'football', homeEn: 'Anchor Home', homeZh: '主播主队', awayEn: 'Anchor Away', awayZh: '主播客队', startsInMs: 0,
    });
    await sandboxPost(server.url, '/sandbox/video/cover', { roomId: 'pitch-1', fixtureId });
    const opened = await openWatchedPage(browser, { viewport: { width: 1280, height: 1200 } }, { widgets: true });
    context = opened.context;
    const { page, watch } = opened;
    await logInOnHome(page, server.url, { name: 'demo', password: 'demo1234' });

    await page.goto(`${server.url}/app/anchor-game`);
    await page.locator('[data-list="top"] [data-room="pitch-1"]').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: '进入 小林 Lin 的直播间' }).first().click();
    await page.waitForURL(/room=pitch-1/);
    expect(await page.locator('footer').count()).toBe(0);

    // The stream plays and the score of the covered match moves by the push, not by polling.
    const video = page.locator('video.live-player-video');
    await video.scrollIntoViewIfNeeded();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const started = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(started + 1);
    const score = page.locator(`.match-score[data-fixture="${fixtureId}"] [data-score]`);
    await expect.poll(() => score.textContent(), { timeout: 15_000 }).toBe('0 : 0');
    await sandboxPost(server.url, '/sandbox/sports/goal', { fixtureId, side: 'home' });
    await expect.poll(() => score.textContent(), { timeout: 15_000 }).toBe('1 : 0');

    // The room's chat box and coin purchase widgets are the real files, mounted as on a partner page.
    await expect.poll(() => page.evaluate(() => [Boolean(customElements.get('lobby-chat-box')), Boolean(customElements.get('lobby-coin-purchase'))]), { timeout: 15_000 }).toEqual([true, true]);
    expect(await page.locator('lobby-chat-box').evaluate((element) => element.shadowRoot !== null)).toBe(true);
    // Coins bought through the API, then a gift.
    await expect.poll(() => shownCoins(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(0);
    let token: string | null = null;
    const api = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });
    token = (await api.call(webLogin, loginPayload('demo', 'demo1234'))).token;
    await api.call(buyCoin, { money: 18 }, { idempotencyKey: newIdempotencyKey() });
    await page.reload();
    await expect.poll(() => shownCoins(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(180);
    const before = await shownCoins(page);
    await page.getByRole('button', { name: '送出 Heart' }).click();
    await expect.poll(() => shownCoins(page), { timeout: 15_000 }).toBe(before - 52);
    await expect(page.getByRole('status').filter({ hasText: '已送出 Heart ×1' }).count()).resolves.toBe(1);
    const rank = page.getByRole('region', { name: '礼物榜' });
    await expect.poll(() => rank.locator('li[data-rank="1"] .rank-name').textContent(), { timeout: 15_000 }).toBe('de***');
    expect(Number(await rank.locator('li[data-rank="1"] .rank-coins').getAttribute('data-coins'))).toBeGreaterThanOrEqual(52);

    expect(watch.cspViolations).toEqual([]);
  });
});
