import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PageWatch } from './support/browser.js';
import { repoRoot } from './support/server.js';
import { openPage, openWatchedPage, setSite } from './support/site.js';
import { browserSuite } from './support/suite.js';
import { createClient, loginPayload, webLogin } from '@lobby/sdk';
import { memberCentrePaths, specPaths } from '../packages/site/src/spec-paths.js';

/** The placeholder's note (packages/site/src/i18n/messages.ts, notBuilt): no route may show it. */
const NOT_BUILT = '此页面的功能尚未完成';

/** Every route of section 2 and the member-centre pages the site adds (the welfare centre among them). */
const walkedPaths = [...specPaths, ...memberCentrePaths];

/** Pages walked side by side: a page mostly waits on its calls, so three lanes share two cores well. */
const WALK_LANES = 3;

/**
 * Walks `walkedPaths` in WALK_LANES watched pages (each its own context), a path in one lane
 * only; `prepare` readies a lane's page and answers its visit; `check` judges each lane's watch.
 */
async function walkInLanes(browser: Browser, prepare: (page: Page) => Promise<(path: string) => Promise<void>>, check: (watch: PageWatch) => void): Promise<void> {
  const lanes = await Promise.all(Array.from({ length: WALK_LANES }, () => openWatchedPage(browser)));
  try {
    await Promise.all(lanes.map(async ({ page }, lane) => {
      const visit = await prepare(page);
      for (const path of walkedPaths.filter((_, index) => index % WALK_LANES === lane)) await visit(path);
    }));
    for (const { watch } of lanes) check(watch);
  } finally {
    await Promise.all(lanes.map(({ context }) => context.close()));
  }
}

describe('the host site frame in Chromium', () => {
  const { server, browser } = browserSuite({ chromiumArgs: [`--host-resolver-rules=MAP aurora.localhost 127.0.0.1`] });

  it('renders every route of section 2 and every member-centre page with a title, no console error, no CSP violation and no failed request', async () => {
    await walkInLanes(browser, async (page) => {
      return async (path) => {
        await openPage(page, server.url + path, true);
        expect(await page.title(), path).toMatch(/ - Lobby$|^Lobby$/);
        expect(await page.getByText(NOT_BUILT).count(), `${path} is a placeholder`).toBe(0);
      };
    }, (watch) => expect(watch).toEqual({ consoleErrors: [], cspViolations: [], failedRequests: [] }));
  }, 240_000);

  it('shows a signed-in member real content on every route of section 2 and every member-centre page: no page is a placeholder', async () => {
    const login = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    const { token } = await login.call(webLogin, loginPayload('demo', 'demo1234'));
    await walkInLanes(browser, async (page) => {
      await page.context().addInitScript((session) => localStorage.setItem('lobby.session', JSON.stringify({ token: session })), token);
      return async (path) => {
        await openPage(page, server.url + path);
        await page.locator('main').first().waitFor();
        expect(await page.getByText(NOT_BUILT).count(), `${path} is a placeholder`).toBe(0);
      };
    }, (watch) => expect(watch.cspViolations).toEqual([]));
  }, 240_000);

  it('sends activity pages to /blackList, goes back, and lets a preview through', async () => {
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/raffle?from=mail`);
      expect(new URL(page.url()).pathname).toBe('/blackList');
      expect(await page.evaluate(() => sessionStorage.getItem('lobby.blackListFrom'))).toBe('/app/raffle?from=mail');
      await page.getByRole('button', { name: '返回' }).click();
      // Back on the raffle page: without an id it opens the brand's raffle (the seeded one).
      await page.getByRole('heading', { level: 1, name: '周末大抽奖' }).waitFor();
      expect(page.url()).toBe(`${server.url}/app/raffle?from=mail`);
      await openPage(page, `${server.url}/app/present/5?preview=1`);
      expect(new URL(page.url()).pathname).toBe('/app/present/5');
      await openPage(page, `${server.url}/app/football-shot-demo`);
      expect(new URL(page.url()).pathname).toBe('/app/football-shot-demo');
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('redirects /home, / and unknown paths', async () => {
    const { context, page } = await openWatchedPage(browser);
    try {
      for (const [from, to] of [['/home', '/app/home'], ['/', '/app/home'], ['/app', '/app/home'], ['/nowhere', '/404'], ['/app/vip/extra', '/404']] as const) {
        await openPage(page, server.url + from);
        expect(new URL(page.url()).pathname, from).toBe(to);
      }
    } finally {
      await context.close();
    }
  });

  it('hides the header and footer where the spec says', async () => {
    const { context, page } = await openWatchedPage(browser);
    const cases: [string, boolean, boolean][] = [
      ['/sponsor/lobby/sponsor-fc', false, false],
      ['/sponsorModelTemp/2', false, false],
      ['/app/sponsorModel/1', false, false],
      ['/download-page', false, false],
      ['/app/appDownloadPage', true, false],
      ['/app/anchor-game', true, false],
      ['/app/inlineVenueCommon/3/venue', true, false],
      ['/app/venuesSport/1', true, false],
      ['/app/eGaming/1', true, false],
      ['/app/home', true, true],
      ['/app/vip', true, true],
    ];
    try {
      for (const [path, header, footer] of cases) {
        await openPage(page, server.url + path);
        expect([await page.locator('header.site-header').count(), await page.locator('footer.site-footer').count()], path).toEqual([Number(header), Number(footer)]);
      }
    } finally {
      await context.close();
    }
  });

  it('takes title and icon from the base config, keeps the last route and scrolls to top', async () => {
    const { context, page } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/vip`);
      await expect.poll(() => page.title()).toBe('VIP - Lobby');
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml/);
      await openPage(page, `${server.url}/app/home`);
      await page.locator('.category-card.live').click();
      await page.getByRole('heading', { name: '真人视讯' }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('lobby.lastRoute'))).toBe('/app/home');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('renders nothing for a mobile user agent', async () => {
    const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const { context, page } = await openWatchedPage(browser, { userAgent });
    try {
      await page.goto(`${server.url}/app/home`);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#root').innerHTML()).toBe('');
    } finally {
      await context.close();
    }
  });

  it('sends visitors to /maintenance inside the maintenance window only', async () => {
    const { context, page } = await openWatchedPage(browser);
    try {
      await setSite(server.url, 4, { maintenance: { start: Date.now() - 60_000, end: Date.now() + 600_000 } });
      await page.goto(`${server.url}/app/vip`);
      await page.waitForURL(`${server.url}/maintenance`);
      await page.getByText(/系统维护中/).waitFor();
      await setSite(server.url, 4, { maintenance: { start: Date.now() + 600_000, end: Date.now() + 900_000 } });
      await openPage(page, `${server.url}/app/vip`);
      expect(new URL(page.url()).pathname).toBe('/app/vip');
    } finally {
      await setSite(server.url, 4, { maintenance: null });
      await context.close();
    }
  });

  it('shows the home page of the brand: banners, notices, cards, sponsor, widget mount points, side navigation', async () => {
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/home`);
      await page.locator('.banner-image').waitFor();
      expect(await page.locator('.banner-dots button').count()).toBe(3);
      expect(await page.locator('.category-card.sports .card-venues').textContent()).toBe('乐博体育');
      await page.getByText('彩票场馆每周二').waitFor();
      expect(await page.locator('.category-card').evaluateAll((cards) => cards.map((card) => card.classList[1]))).toEqual(['sports', 'live', 'lottery', 'fish', 'electronic']);
      for (const tag of ['lobby-float-window', 'lobby-order-ball', 'lobby-app-download', 'lobby-chat-box']) {
        // The mounts are lazy chunks (home's first paint comes first): wait for each.
        await page.locator(tag).first().waitFor({ state: 'attached' });
        expect(await page.locator(tag).count(), tag).toBe(1);
        expect(await page.locator(tag).getAttribute('site-id'), tag).toBe('4');
      }
      // The side navigation loads on brands that show it (a lazy chunk): wait for it.
      await page.locator('.side-nav a').first().waitFor();
      expect(await page.locator('.side-nav a').allTextContents()).toEqual(['体育', '真人', '优惠', '客服']);
      await page.locator('.sponsor-card').click();
      await page.getByRole('heading', { name: '赞助 FC' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/sponsor/lobby/sponsor-fc');
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('mounts the lobby widgets on home and loads the definitions of those that are built', async () => {
    const folders = ['float-window', 'order-ball', 'app-download', 'chat-box'];
    const built = folders.filter((folder) => existsSync(join(repoRoot, 'packages/widgets/src', folder, 'entry.ts')));
    const { context, page } = await openWatchedPage(browser, {}, { widgets: true });
    try {
      await openPage(page, `${server.url}/app/home`);
      // A visitor has no order: the order ball's file loads once someone signs in.
      for (const folder of built.filter((name) => name !== 'order-ball')) {
        // The download block and chat box load as their mounts near the viewport (below home's sport block): scroll there as a visitor would.
        await page.locator(`lobby-${folder}`).first().scrollIntoViewIfNeeded();
        await page.waitForFunction((tag) => customElements.get(tag) !== undefined, `lobby-${folder}`, { timeout: 15_000 });
      }
      for (const folder of folders.filter((name) => !built.includes(name))) {
        expect(await page.locator(`lobby-${folder}`).getAttribute('data-pending'), folder).toBe('not built');
      }
      if (built.includes('order-ball')) {
        expect(await page.evaluate(() => customElements.get('lobby-order-ball') === undefined && !document.querySelector('script[src="/widgets/lobby-order-ball.js"]'))).toBe(true);
        const form = page.getByRole('form', { name: '登录' });
        await form.getByPlaceholder('用户名').fill('demo');
        await form.getByPlaceholder('密码').fill('demo1234');
        await form.getByRole('button', { name: '登录' }).click();
        await page.waitForFunction(() => customElements.get('lobby-order-ball') !== undefined, undefined, { timeout: 15_000 });
        expect(await page.locator('lobby-order-ball').count()).toBe(2);
      }
    } finally {
      await context.close();
    }
  });

  it('loads the download block and chat box only when their mount nears the viewport, the float window when idle, no order ball for a visitor', async () => {
    // A short window: home's widget row starts well below the fold plus the 200 px margin.
    const { context, page, widgetRequests } = await openWatchedPage(browser, { viewport: { width: 1280, height: 480 } });
    try {
      await openPage(page, `${server.url}/app/home`, true);
      const row = page.locator('.home-widgets');
      expect(await row.evaluate((element) => element.getBoundingClientRect().top - innerHeight)).toBeGreaterThan(200);
      await expect.poll(() => widgetRequests.slice().sort(), { timeout: 10_000 }).toEqual(['/widgets/lobby-float-window.js']);
      await page.waitForTimeout(1000);
      expect(widgetRequests).not.toContain('/widgets/lobby-chat-box.js');
      expect(widgetRequests).not.toContain('/widgets/lobby-app-download.js');
      await row.scrollIntoViewIfNeeded();
      await expect.poll(() => widgetRequests.slice().sort(), { timeout: 10_000 }).toEqual([
        '/widgets/lobby-app-download.js',
        '/widgets/lobby-chat-box.js',
        '/widgets/lobby-float-window.js',
      ]);
    } finally {
      await context.close();
    }
  });

  it('keeps the marquee still under prefers-reduced-motion', async () => {
    const { context, page } = await openWatchedPage(browser, { reducedMotion: 'reduce' });
    try {
      await openPage(page, `${server.url}/app/home`);
      await page.locator('.marquee-track').waitFor();
      expect(await page.locator('.marquee-track').evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
    } finally {
      await context.close();
    }
  });

  it('serves the second brand by host name: title, colours, skin, padding, no side navigation, world-cup entrance in zh-CN only', async () => {
    const { context, page, watch } = await openWatchedPage(browser);
    const aurora = server.url.replace('127.0.0.1', 'aurora.localhost');
    try {
      await openPage(page, `${aurora}/app/home`);
      await page.locator('.banner-image').waitFor();
      await expect.poll(() => page.title()).toBe('首页 - Aurora');
      const html = page.locator('html');
      expect(await html.getAttribute('data-brand')).toBe('aurora');
      expect(await html.getAttribute('data-skin')).toBe('spring_skin');
      expect(await html.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--lobby-primary').trim())).toBe('#0b7a75');
      expect(await page.locator('.banner-dots button').count()).toBe(2);
      expect(await page.locator('.category-card.sports .card-venues').textContent()).toBe('极光体育');
      expect(await page.locator('.side-nav').count()).toBe(0);
      expect(await page.locator('main.with-top-padding').count()).toBe(0);
      await page.locator('.world-cup-entrance').waitFor();
      await page.locator('.category-card.lottery').click();
      await page.locator('main.with-top-padding').waitFor();
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByRole('heading', { name: 'Lottery' }).waitFor();
      expect(await page.locator('.world-cup-entrance').count()).toBe(0);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('switches the festival skin when the brand config changes', async () => {
    const { context, page } = await openWatchedPage(browser);
    const aurora = server.url.replace('127.0.0.1', 'aurora.localhost');
    try {
      await setSite(server.url, 8, { skin: 'world_cup_skin', skinId: 6 });
      await openPage(page, `${aurora}/app/home`);
      await expect.poll(() => page.locator('html').getAttribute('data-skin')).toBe('world_cup_skin');
      expect(await page.locator('.brand').evaluate((element) => getComputedStyle(element, '::after').animationName)).toBe('lobby-spin');
      await openPage(page, `${server.url}/app/home`);
      await expect.poll(() => page.locator('html').getAttribute('data-skin')).toBe('normal');
      expect(await page.locator('.world-cup-entrance').count()).toBe(0);
    } finally {
      await setSite(server.url, 8, { skin: 'spring_skin', skinId: 5 });
      await context.close();
    }
  });

  it('switches the language, stores it and keeps it after a reload', async () => {
    const { context, page } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/vip`);
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('lobby.language'))).toMatch(/en/);
      await page.reload();
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      await page.getByRole('button', { name: '中文' }).click();
      await page.getByRole('button', { name: '登录' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('lists customer service on /cs and leads /cschat with the chat entry where the brand has one', async () => {
    const { context, page } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/cs`);
      await page.getByRole('link', { name: 'https://t.me/lobby_support_demo' }).waitFor();
      await page.getByText('首选客服渠道：online').waitFor();
      await openPage(page, `${server.url.replace('127.0.0.1', 'aurora.localhost')}/cschat`);
      await page.getByText('首选客服渠道：chat').waitFor();
    } finally {
      await context.close();
    }
  });

  it('says so when the server is unreachable, and offers a retry on a page that failed to load', async () => {
    const { context, page } = await openWatchedPage(browser);
    try {
      await page.route('**/site/v1/base_config**', (route) => route.abort('connectionrefused'));
      await page.goto(`${server.url}/app/vip`);
      await page.getByText('无法连接服务器').waitFor();
      await page.unroute('**/site/v1/base_config**');
      await page.getByRole('button', { name: '重试' }).click();
      await expect.poll(() => page.title()).toBe('VIP - Lobby');
      await page.route('**/assets/help-*.js', (route) => route.abort('failed'));
      await page.getByRole('link', { name: 'Lobby' }).first().click();
      await page.evaluate(() => history.pushState(null, '', '/app/help/1/1'));
      await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')));
      await page.getByText('页面加载失败').waitFor();
      await page.getByRole('button', { name: '重试' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
