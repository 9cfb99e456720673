import { describe, expect, it } from 'vitest';
import { opsNewsArticleCreate, opsNewsArticlePublish } from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { operatorClient } from './support/member-pages.js';
import { openPage, openWatchedPage, sandboxPost } from './support/site.js';
import { browserSuite } from './support/suite.js';

/** An article an attacker with desk access might write: scripts, handlers, styles, foreign images and links. */
const HOSTILE_BODY = [
  '<p>Derby report <strong>inert</strong><script>window.__pwned = "script"</script></p>',
  '<img src="x" onerror="window.__pwned = \'onerror\'"><img src="https://tracker.example/pixel.gif" alt="tracker">',
  '<p style="position:fixed;inset:0" onmouseover="window.__pwned = \'hover\'">hover me</p>',
  '<a href="javascript:window.__pwned = \'link\'">click me</a><iframe src="https://evil.example/"></iframe>',
  '<svg onload="window.__pwned = \'svg\'"><circle r="4"/></svg><style>body { display: none }</style>',
].join('');

/** The content pages in Chromium: a live match moving on the schedule, a news article, a lottery result. */
describe('content pages in the browser', () => {
  const { server, browser } = browserSuite();

  it('the schedule shows a live match whose score and minute move without a reload, and its match page', async () => {
    const { fixtureId } = await sandboxPost<{ fixtureId: string }>(server.url, '/sandbox/sports/fixtures', {
      sport: 'football', homeEn: 'H5 Rovers', homeZh: 'H5流浪者', awayEn: 'H5 United', awayZh: 'H5联', startsInMs: 0,
    });
    const { context, page, watch } = await openWatchedPage(browser);
    await openPage(page, `${server.url}/app/schedule?sport=football`);
    const row = page.locator(`li.fixture-line[data-fixture="${fixtureId}"]`);
    await expect.poll(() => row.getByTestId('fixture-score').textContent(), { timeout: 15_000 }).toBe('0 : 0');
    await page.getByRole('status').filter({ hasText: '比分实时更新中' }).waitFor({ timeout: 15_000 });
    const before = await row.getByTestId('fixture-minute').textContent();

    await sandboxPost(server.url, '/sandbox/sports/goal', { fixtureId, side: 'home' });
    await sandboxPost(server.url, '/sandbox/sports/run', { fixtureId, minutes: 20 });
    await expect.poll(() => row.getByTestId('fixture-score').textContent(), { timeout: 15_000 }).toBe('1 : 0');
    await expect.poll(() => row.getByTestId('fixture-minute').textContent(), { timeout: 15_000 }).not.toBe(before);
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('link').click();
    await page.getByTestId('match-score').waitFor();
    expect(await page.getByTestId('match-score').textContent()).toBe('1 : 0');
    await expect.poll(() => page.locator('.match-events li').count()).toBe(1);
    expect(await page.locator('.match-events li').first().textContent()).toContain('H5流浪者 进球');
    expect(await page.getByRole('link', { name: '去投注' }).getAttribute('href')).toBe(`/app/venuesSport/1/LBSPORT?match=${encodeURIComponent(fixtureId)}`);
    await sandboxPost(server.url, '/sandbox/sports/goal', { fixtureId, side: 'away' });
    await expect.poll(() => page.getByTestId('match-score').textContent(), { timeout: 15_000 }).toBe('1 : 1');
    await expect.poll(() => page.locator('.match-events li').count(), { timeout: 15_000 }).toBe(2);
    expect(watch.cspViolations).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('renders a published article from its sanitised HTML: the hostile parts are inert and break no CSP rule', async () => {
    const ops = operatorClient(server.url);
    const article = await ops.call(opsNewsArticleCreate, {
      siteId: 4, language: 'zh-CN', title: '恶意文章测试', summary: '正文带脚本', coverUrl: '', author: '测试编辑', bodyHtml: HOSTILE_BODY,
    });
    await ops.call(opsNewsArticlePublish, { id: article.id });
    const { context, page, watch } = await openWatchedPage(browser);
    await openPage(page, `${server.url}/app/news`);
    await page.getByRole('link', { name: '恶意文章测试' }).click();
    await page.getByRole('heading', { name: '恶意文章测试' }).waitFor();
    const body = page.locator('.article-body');
    expect(await body.textContent()).toContain('Derby report inert');
    await body.getByText('hover me').hover();
    await body.getByText('click me').click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(await body.locator('script, iframe, svg, style, img, [style], [onerror], [onmouseover]').count()).toBe(0);
    expect(await page.locator('body').isVisible()).toBe(true);
    expect(watch.cspViolations).toEqual([]);
    expect(watch.failedRequests.filter((request) => request.includes('example'))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: '返回新闻列表' }).click();
    await page.getByRole('link', { name: '专家' }).click();
    await page.getByRole('heading', { name: '老周' }).waitFor();
    expect(await page.locator('.expert-card').first().textContent()).toContain('胜率 50.00%');
    await context.close();
  });

  it('opens a lottery draw from the results with its provably fair data', async () => {
    const { context, page, watch } = await openWatchedPage(browser);
    await openPage(page, `${server.url}/app/competeLottery`);
    const first = page.locator('.draw-table tbody tr').first();
    await first.waitFor({ timeout: 70_000 });
    const drawNo = await first.getAttribute('data-draw');
    await first.getByRole('link').click();
    await page.getByRole('heading', { name: `乐博彩票 · 第 ${drawNo} 期` }).waitFor();
    expect(await page.locator('.fair-data').textContent()).toContain(`draw-LBLOTTO`);
    expect(await page.locator('.fair-data code').first().textContent()).toMatch(/^[0-9a-f]{64}$/);
    expect(await axeViolations(page)).toEqual([]);
    expect(watch.cspViolations).toEqual([]);
    await context.close();
  });
});
