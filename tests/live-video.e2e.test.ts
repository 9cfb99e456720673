import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { VIDEO_HOSTS_STORAGE_KEY } from '@lobby/sdk';
import type { PageWatch } from './support/browser.js';
import { openWatchedPage, sandboxPost } from './support/site.js';
import { browserSuite } from './support/suite.js';

/** What the page's video element shows: its time, whether it has frames, and where its stream comes from. */
const videoState = (page: Page) => page.locator('video.live-player-video').evaluate((video: HTMLVideoElement) => ({
  currentTime: video.currentTime,
  readyState: video.readyState,
  paused: video.paused,
  width: video.videoWidth,
}));

/** Waits until the video has frames and its time moves on by at least `seconds`. */
async function playsOn(page: Page, seconds: number): Promise<void> {
  await expect.poll(async () => (await videoState(page)).readyState, { timeout: 40_000 }).toBeGreaterThanOrEqual(2);
  const start = (await videoState(page)).currentTime;
  await expect.poll(async () => (await videoState(page)).currentTime - start, { timeout: 40_000 }).toBeGreaterThanOrEqual(seconds);
}

describe('live video in Chromium', () => {
  const { server, browser } = browserSuite();
  let context: BrowserContext | undefined;
  afterAll(async () => {
    await context?.close();
  });

  it('plays a room\'s stream, says it is delayed, and moves to the second host when the first fails', async () => {
    await sandboxPost(server.url, '/sandbox/video/reset', {});
    const opened = await openWatchedPage(browser);
    context = opened.context;
    const { page, watch }: { page: Page; watch: PageWatch } = opened;
    const streamHosts: string[] = [];
    page.on('request', (request) => {
      const match = /\/sandbox\/video\/([ab])\/live\//.exec(request.url());
      if (match) streamHosts.push(match[1]!);
    });
    await page.goto(`${server.url}/app/anchor-game?room=pitch-1`);
    await expect.poll(() => page.getByText('直播画面约有 8 秒延迟。').count(), { timeout: 20_000 }).toBe(1);
    await playsOn(page, 2);
    expect((await videoState(page)).width).toBe(426);
    expect(new Set(streamHosts)).toEqual(new Set(['a']));

    await sandboxPost(server.url, '/sandbox/video/fault', { host: 'a', down: true });
    await expect.poll(() => streamHosts.includes('b'), { timeout: 40_000 }).toBe(true);
    await playsOn(page, 2);
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), VIDEO_HOSTS_STORAGE_KEY))!) as { domains: string[]; current: number };
    expect(stored.domains[stored.current]).toBe('/sandbox/video/b');
    expect(watch.cspViolations).toEqual([]);
    await sandboxPost(server.url, '/sandbox/video/reset', {});
  }, 180_000);

  it('refreshes a stale stored host list from the host\'s domains call before it plays', async () => {
    await sandboxPost(server.url, '/sandbox/video/reset', {});
    const opened = await openWatchedPage(browser);
    const stale = { domains: ['/sandbox/video/retired', '/sandbox/video/b'], current: 1, errors: [0, 0] };
    await opened.context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [VIDEO_HOSTS_STORAGE_KEY, JSON.stringify(stale)]);
    const { page } = opened;
    const asked: string[] = [];
    page.on('request', (request) => {
      const match = /\/sandbox\/video\/([a-z]+)\/(api\/domains|live\/)/.exec(request.url());
      if (match) asked.push(`${match[1]} ${match[2]}`);
    });
    try {
      await page.goto(`${server.url}/app/anchor-game?room=pitch-1`);
      await playsOn(page, 1);
      // The host in use (b) named both hosts: the list is the host's now, still on b; the retired host was never asked.
      const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), VIDEO_HOSTS_STORAGE_KEY))!) as { domains: string[]; current: number };
      expect(stored).toMatchObject({ domains: ['/sandbox/video/a', '/sandbox/video/b'], current: 1 });
      expect(asked[0]).toBe('b api/domains');
      expect(asked.filter((line) => line.startsWith('retired'))).toEqual([]);
      expect(new Set(asked.filter((line) => line.endsWith('live/')))).toEqual(new Set(['b live/']));
    } finally {
      await opened.context.close();
    }
  }, 90_000);
});
