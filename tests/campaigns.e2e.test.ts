import { describe, expect, it } from 'vitest';
import { campaignCarnivalApply, campaignOverview, newIdempotencyKey, walletBalance, ApiError } from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome } from './support/member-pages.js';
import { openPage, openWatchedPage, sandboxPost } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PASSWORD = 'campaign-pass-1';

/**
 * Football campaigns in Chromium (issue 21; docs/CAMPAIGNS.md): a member guesses a real fixture
 * of the sandbox feed on the seeded world-cup guess, the feed plays it to the end and the page
 * shows the guess settled and paid; on the seeded carnival the two apply steps open the spec's
 * modals (1 then 3), applying again shows modal 2 with 711, and a reload within 5 s shows the
 * refresh guard.
 */
describe('football campaigns in the browser', () => {
  const { server, browser } = browserSuite();

  it('a guess on a fixture is settled when the match ends; the carnival applies in two steps and answers 711 after', async () => {
    const member = await freshMember(server.url, 'fan', PASSWORD);
    const overview = await member.client.call(campaignOverview, {});
    const guess = overview.campaigns.find((card) => card.kind === 'football_guess' && card.mode === 'result' && card.slot === '' && card.title.includes('World cup'))!;
    const carnival = overview.campaigns.find((card) => card.kind === 'carnival')!;
    expect(guess.path).toBe(`/app/world-cup-guess/${guess.activityId}`);
    const made = await sandboxPost<{ fixtureId: string }>(server.url, '/sandbox/sports/fixtures', { sport: 'football', startsInMs: 600_000, homeEn: 'Harbour FC', awayEn: 'Valley FC', homeZh: '海港', awayZh: '山谷' });

    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logInOnHome(page, server.url, { name: member.name, password: PASSWORD });
      await openPage(page, `${server.url}${guess.path}`);
      const row = page.locator(`li[data-fixture-id="${made.fixtureId}"]`);
      await row.waitFor({ timeout: 15_000 });
      expect(await row.textContent()).toContain('海港 对 山谷');
      await row.getByRole('button', { name: '海港 对 山谷：平局' }).click();
      await page.getByRole('status').filter({ hasText: '已竞猜：海港 对 山谷，平局' }).waitFor({ timeout: 10_000 });
      const mine = page.locator(`[data-my-guesses] li[data-fixture-id="${made.fixtureId}"]`);
      await expect.poll(() => mine.getAttribute('data-guess-state'), { timeout: 10_000 }).toBe('open');
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);

      // The feed plays the (quiet) match to full time: 0-0, the draw is right and paid.
      await sandboxPost(server.url, '/sandbox/sports/run', { fixtureId: made.fixtureId, toEnd: true });
      await openPage(page, `${server.url}${guess.path}`);
      await expect.poll(() => mine.getAttribute('data-guess-state'), { timeout: 15_000 }).toBe('won');
      expect(await mine.textContent()).toContain('已派发 8.88 元');
      expect(await mine.textContent()).toContain('Harbour FC v Valley FC 0-0');
      expect((await member.client.call(walletBalance, {})).centerWalletBalance).toBe(8.88);

      // The carnival: step 1 opens modal 1, step 2 pays and opens modal 3.
      await openPage(page, `${server.url}/app/euro-cup/${carnival.activityId}`);
      const loadedAt = Date.now();
      await page.getByRole('heading', { name: '球星投票' }).waitFor({ timeout: 15_000 });
      expect(await page.locator('[data-countdown]').textContent()).toMatch(/\d/);
      await page.locator('[data-carnival-apply]').click();
      const first = page.locator('[data-carnival-modal="1"]');
      await first.waitFor({ timeout: 10_000 });
      expect(await first.textContent()).toContain('18.00');
      await first.getByRole('button', { name: '确认报名' }).click();
      await page.locator('[data-carnival-modal="3"]').waitFor({ timeout: 10_000 });
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
      await page.locator('[data-applied]').waitFor({ timeout: 10_000 });
      expect((await member.client.call(walletBalance, {})).centerWalletBalance).toBe(26.88);

      // Applying again: code 711, modal 2 with the catalogue's text; the server answers 711 on step 2 too.
      await page.locator('[data-carnival-apply]').click();
      const refused = page.locator('[data-carnival-modal="2"]');
      await refused.waitFor({ timeout: 10_000 });
      expect(await refused.getAttribute('data-code')).toBe('711');
      expect(await refused.textContent()).toContain('您已报名，请勿重复申请');
      const again = await member.client.call(campaignCarnivalApply, { activityId: carnival.activityId, termsVersion: 1 }, { idempotencyKey: newIdempotencyKey() }).catch((error: unknown) => error);
      expect(again instanceof ApiError ? again.code : again).toBe(711);
      expect((await member.client.call(walletBalance, {})).centerWalletBalance).toBe(26.88);

      // More than 5000 ms after the first load a reload is fine (and stored); a second one right after shows the refresh guard.
      await page.waitForTimeout(Math.max(0, loadedAt + 5_500 - Date.now()));
      await page.reload();
      await page.getByRole('heading', { name: '球星投票' }).waitFor({ timeout: 15_000 });
      expect(await page.locator('[data-refresh-guard]').count()).toBe(0);
      await page.reload();
      await page.locator('[data-refresh-guard]').waitFor({ timeout: 10_000 });
      expect(await page.locator('[data-refresh-guard]').textContent()).toBe('请勿频繁刷新页面');
      expect(watch.cspViolations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a member takes a football shot whose dive was committed first, verifies it in the page, and a goal pays; a visitor practises in the demo', async () => {
    const member = await freshMember(server.url, 'kicker', PASSWORD);
    const shot = (await member.client.call(campaignOverview, {})).campaigns.find((card) => card.kind === 'football_shot')!;
    expect(shot.path).toBe(`/app/football-shot/${shot.activityId}`);
    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logInOnHome(page, server.url, { name: member.name, password: PASSWORD });
      await openPage(page, `${server.url}${shot.path}`);
      const left = page.locator('[data-shots-left]');
      await left.waitFor({ timeout: 15_000 });
      const before = Number(await left.getAttribute('data-shots-left'));
      expect(before).toBeGreaterThan(0);
      const game = page.locator('[data-shot-game]');
      await game.getByRole('button', { name: '准备射门' }).click();
      const hash = page.locator('.shot-hash');
      await hash.waitFor({ timeout: 10_000 });
      expect(await hash.textContent()).toMatch(/哈希：[0-9a-f]{64}$/);
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      await game.getByRole('group', { name: '球门' }).getByRole('button', { name: '射向左侧' }).click();
      const outcome = page.locator('[data-shot-result]');
      await outcome.waitFor({ timeout: 10_000 });
      const goal = (await outcome.getAttribute('data-shot-result')) === 'goal';
      expect(await outcome.textContent()).toContain('您的射门：左侧');
      await outcome.getByRole('button', { name: '验证公平性' }).click();
      await outcome.getByText('一致：种子哈希与扑救方向均可重新计算').waitFor({ timeout: 10_000 });
      await expect.poll(() => left.getAttribute('data-shots-left')).toBe(String(before - 1));
      expect(await page.getByRole('heading', { name: '我的射门' }).count()).toBe(1);
      // A goal pays the seeded prize into the centre wallet; a save pays nothing.
      const balance = (await member.client.call(walletBalance, {})).centerWalletBalance;
      if (goal) expect(await outcome.textContent()).toMatch(/奖金 [\d.]+ 元已进入中心钱包/);
      expect(balance > 0).toBe(goal);

      // The demo needs no login and moves no money.
      const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const demo = await visitor.newPage();
        await openPage(demo, `${server.url}/app/football-shot-demo`);
        await demo.getByRole('button', { name: '准备射门' }).click();
        await demo.getByRole('group', { name: '球门' }).getByRole('button', { name: '射向右侧' }).click();
        const practice = demo.locator('[data-shot-result]');
        await practice.waitFor({ timeout: 10_000 });
        await practice.getByRole('button', { name: '验证公平性' }).click();
        await practice.getByText('一致：种子哈希与扑救方向均可重新计算').waitFor({ timeout: 10_000 });
        expect(await practice.textContent()).not.toContain('奖金');
      } finally {
        await visitor.close();
      }
      expect(watch.cspViolations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
