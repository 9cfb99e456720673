import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ApiError, CODE, bindPhone, campaignCarnivalApply, campaignGuessInfo, campaignOverview, createClient, depositPay, discountApply, newIdempotencyKey,
  opsSandboxPayment, sendPhoneCode, walletBalance, type ApiClient,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient, shownYuan } from './support/member-pages.js';
import { openPage, openWatchedPage, sandboxAnswer, sandboxPost } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PASSWORD = 'campaign-pass-1';

/** The member's centre wallet, yuan, as walletBalance answers it. */
const centreOf = async (client: ApiClient) => (await client.call(walletBalance, {})).centerWalletBalance;

/** The wallet page's centre balance, once it equals what walletBalance answers (the page reads the same call). */
async function walletPageShows(page: Page, baseUrl: string, client: ApiClient): Promise<string> {
  const expected = shownYuan(await centreOf(client));
  await openPage(page, `${baseUrl}/app/myCenter/myWallet`);
  await expect.poll(() => page.locator('[data-wallet="centerWalletBalance"]').first().textContent(), { timeout: 15_000 }).toBe(expected);
  return expected;
}

/**
 * Football campaigns in Chromium (issue 21; docs/CAMPAIGNS.md): a member guesses a real fixture
 * of the sandbox feed on the seeded world-cup guess, the feed plays it to the end and the page
 * shows the guess settled and paid; on the seeded carnival the two apply steps open the spec's
 * modals (1 then 3), applying again shows modal 2 with 711, and a reload within 5 s shows the
 * refresh guard; a football shot and its demo; a visitor on the landing (the campaigns and the
 * next matches as campaignOverview answers them) following a campaign to its page; a member
 * surviving a won round and going out on a draw, and a champions-league guess, both settled by
 * the feed and paid into the centre wallet; the registration gift and the every-member carnival
 * (discount slot pages) refusing a member by name until the rule is met, then paying.
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

  it('a visitor finds the campaigns and the next matches on the landing as campaignOverview answers them, and follows a campaign to its page', async () => {
    const visitorClient = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    // A match of our own, kicking off soon, so the landing has one whatever the feed's schedule holds.
    await sandboxPost(server.url, '/sandbox/sports/fixtures', { sport: 'football', startsInMs: 120_000, homeEn: 'Lighthouse FC', awayEn: 'Quay FC', homeZh: '灯塔', awayZh: '码头' });
    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      const cards = page.locator('ul.campaign-cards > li');
      const matches = page.locator('ul.campaign-fixtures > li');
      const shownMatches = () => matches.evaluateAll((items) => items.map((item) => [item.querySelector('.campaign-match')?.textContent ?? '', item.querySelector('time')?.getAttribute('datetime') ?? '']));
      // The page and the call are read a moment apart: a match kicking off in between moves the list, so read both again then.
      let overview = await visitorClient.call(campaignOverview, {});
      const answered = (answer: typeof overview) => answer.fixtures.map((fixture) => [`${fixture.homeZh} 对 ${fixture.awayZh}`, new Date(fixture.startsAt).toISOString()]);
      let shown: string[][] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await openPage(page, `${server.url}/worldCupLanding`);
        await cards.first().waitFor({ timeout: 15_000 });
        shown = await shownMatches();
        overview = await visitorClient.call(campaignOverview, {});
        if (JSON.stringify(shown) === JSON.stringify(answered(overview))) break;
      }
      expect(shown).toEqual(answered(overview));
      expect(shown.map(([match]) => match)).toContain('灯塔 对 码头');
      expect(shown.length).toBeLessThanOrEqual(8);

      // Every campaign of the brand with a link to its page (the slot pages by slot, the survivor by id), then the demo.
      const listed = await cards.evaluateAll((items) => items.map((item) => [item.querySelector('strong')?.textContent ?? '', item.querySelector('a')?.getAttribute('href') ?? '']));
      expect(listed).toEqual([...overview.campaigns.map((card) => [card.title, card.path]), ['先试玩', '/app/football-shot-demo']]);
      expect(overview.campaigns.map((card) => card.kind).sort()).toEqual(['carnival', 'discount', 'discount', 'football_guess', 'football_guess', 'football_guess', 'football_guess', 'football_guess', 'football_shot']);
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);

      // Following the surviving card: its page, in the same tab, open to read for a visitor.
      const surviving = overview.campaigns.find((card) => card.mode === 'survivor')!;
      await cards.filter({ hasText: surviving.title }).getByRole('link', { name: '进入' }).click();
      await page.getByRole('heading', { level: 1, name: surviving.title }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe(`/app/surviving/${surviving.activityId}`);
      await page.getByText('登录后即可参与').waitFor({ timeout: 10_000 });
      expect(await page.locator('[data-guess-mode]').getAttribute('data-guess-mode')).toBe('survivor');
      expect(await page.locator('[data-pick]').count()).toBe(0);
      expect(watch.cspViolations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('a member wins a survivor round and is out after a draw, and a champions-league guess pays; the feed settles both into the centre wallet', async () => {
    const member = await freshMember(server.url, 'survivor', PASSWORD);
    const { campaigns } = await member.client.call(campaignOverview, {});
    const surviving = campaigns.find((card) => card.kind === 'football_guess' && card.mode === 'survivor')!;
    const champions = campaigns.find((card) => card.slot === 'champions-league')!;
    expect(surviving.path).toBe(`/app/surviving/${surviving.activityId}`);
    expect(champions.path).toBe('/app/champions-league');
    const fixture = (homeEn: string, homeZh: string, awayEn: string, awayZh: string) =>
      sandboxPost<{ fixtureId: string }>(server.url, '/sandbox/sports/fixtures', { sport: 'football', startsInMs: 600_000, homeEn, awayEn, homeZh, awayZh });
    const won = (await fixture('North FC', '北城', 'South FC', '南城')).fixtureId;
    const drawn = (await fixture('East FC', '东城', 'West FC', '西城')).fixtureId;

    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logInOnHome(page, server.url, { name: member.name, password: PASSWORD });
      await openPage(page, `${server.url}${surviving.path}`);
      const row = (fixtureId: string) => page.locator(`ul.campaign-fixtures li[data-fixture-id="${fixtureId}"]`);
      const mine = (fixtureId: string) => page.locator(`[data-my-guesses] li[data-fixture-id="${fixtureId}"]`);
      await row(won).waitFor({ timeout: 15_000 });
      // A survivor picks a winner: home or away, no draw.
      expect(await row(won).locator('[data-pick]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-pick')))).toEqual(['home', 'away']);
      await row(won).getByRole('button', { name: '北城 对 南城：主胜' }).click();
      await page.getByRole('status').filter({ hasText: '已竞猜：北城 对 南城，主胜' }).waitFor({ timeout: 10_000 });
      await row(drawn).getByRole('button', { name: '东城 对 西城：客胜' }).click();
      await page.getByRole('status').filter({ hasText: '已竞猜：东城 对 西城，客胜' }).waitFor({ timeout: 10_000 });
      await expect.poll(() => page.locator('[data-guesses-left]').getAttribute('data-guesses-left')).toBe('28');

      // The champions-league slot page runs the brand's champions-league guess: a home win on the same match.
      await openPage(page, `${server.url}/app/champions-league`);
      await page.getByRole('heading', { level: 1, name: champions.title }).waitFor({ timeout: 15_000 });
      await row(won).getByRole('button', { name: '北城 对 南城：主胜' }).click();
      await page.getByRole('status').filter({ hasText: '已竞猜：北城 对 南城，主胜' }).waitFor({ timeout: 10_000 });
      await expect.poll(() => mine(won).getAttribute('data-guess-state')).toBe('open');
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);

      // The feed plays North-South to a 1-0 home win, East-West to a 0-0 draw.
      const running = await sandboxPost<{ fixture: { status: string } }>(server.url, '/sandbox/sports/run', { fixtureId: won, minutes: 80 });
      expect(running.fixture.status).toBe('live');
      await sandboxPost(server.url, '/sandbox/sports/goal', { fixtureId: won, side: 'home' });
      await sandboxPost(server.url, '/sandbox/sports/run', { fixtureId: won, toEnd: true });
      await sandboxPost(server.url, '/sandbox/sports/run', { fixtureId: drawn, toEnd: true });

      await openPage(page, `${server.url}/app/champions-league`);
      await expect.poll(() => mine(won).getAttribute('data-guess-state'), { timeout: 15_000 }).toBe('won');
      expect(await mine(won).textContent()).toContain('North FC v South FC 1-0');
      expect(await mine(won).textContent()).toContain('已派发 6.66 元');

      await openPage(page, `${server.url}${surviving.path}`);
      await expect.poll(() => mine(drawn).getAttribute('data-guess-state'), { timeout: 15_000 }).toBe('lost');
      expect(await mine(won).getAttribute('data-guess-state')).toBe('won');
      expect(await mine(won).textContent()).toContain('已派发 10.00 元');
      expect(await mine(drawn).textContent()).toContain('East FC v West FC 0-0');
      // Out for good: the page says so and offers no more picks; the server agrees.
      await page.getByRole('status').filter({ hasText: '您已出局，无法继续竞猜' }).waitFor({ timeout: 10_000 });
      expect(await page.locator('[data-pick]').count()).toBe(0);
      const info = await member.client.call(campaignGuessInfo, { activityId: surviving.activityId });
      expect(info.eliminated).toBe(true);
      expect(info.myGuesses.map((guess) => [guess.fixtureId, guess.state, guess.rewardMinor]).sort()).toEqual([[drawn, 'lost', 0], [won, 'won', 10_00]].sort());
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);

      // 10.00 + 6.66 in the centre wallet.
      expect(await centreOf(member.client)).toBe(16.66);
      expect(watch.cspViolations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the registration gift and the every-member carnival refuse a member by name until their rule is met, then pay into the centre wallet', async () => {
    const member = await freshMember(server.url, 'newbie', PASSWORD);
    const { campaigns } = await member.client.call(campaignOverview, {});
    const gift = campaigns.find((card) => card.slot === 'registrantion')!;
    const carnival = campaigns.find((card) => card.slot === 'fullMemberActivity')!;
    expect([gift.path, carnival.path]).toEqual(['/app/registrantion', '/app/fullMemberActivity']);
    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    const apply = page.getByRole('button', { name: '立即申请' });
    const entryLine = page.locator('.entry-line');
    try {
      await logInOnHome(page, server.url, { name: member.name, password: PASSWORD });

      // Registered today, but no phone bound: the gift names the missing phone and waits; the server refuses and pays nothing.
      await openPage(page, `${server.url}/app/registrantion`);
      await page.getByRole('heading', { level: 1, name: gift.title }).waitFor({ timeout: 15_000 });
      await entryLine.waitFor({ timeout: 15_000 });
      expect(await entryLine.textContent()).toBe('您暂不符合活动参与条件: needs a bound phone');
      expect(await apply.isDisabled()).toBe(true);
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      const refused = await member.client.call(discountApply, { id: gift.activityId, termsVersion: 1 }, { idempotencyKey: newIdempotencyKey() }).catch((error: unknown) => error);
      expect(refused instanceof ApiError ? refused.code : refused).toBe(CODE.activityNotEligible);

      // No deposits yet: the carnival names the 100 yuan it needs.
      await openPage(page, `${server.url}/app/fullMemberActivity`);
      await page.getByRole('heading', { level: 1, name: carnival.title }).waitFor({ timeout: 15_000 });
      await entryLine.waitFor({ timeout: 15_000 });
      expect(await entryLine.textContent()).toBe('您暂不符合活动参与条件: needs deposits of 100.00 since the activity started (so far 0.00)');
      expect(await apply.isDisabled()).toBe(true);
      expect(await centreOf(member.client)).toBe(0);

      // The member binds a phone with the sandbox code and deposits 100 yuan through the sandbox provider.
      const phone = `1395${String(Date.now() % 10_000_000).padStart(7, '0')}`;
      await member.client.call(sendPhoneCode, { phone, areaCode: '+86', type: 4 });
      const { code } = await sandboxAnswer<{ code: string }>(server.url, `/sandbox/sms/${encodeURIComponent(`+86${phone}`)}`);
      await member.client.call(bindPhone, { areaCode: '+86', phone, code });
      const order = await member.client.call(depositPay, { payTypeId: '1', amount: 100, depositorName: '李雷' }, { idempotencyKey: randomUUID() });
      await operatorClient(server.url).call(opsSandboxPayment, { billNo: order.billNo, outcome: 'paid' });
      const deposited = await centreOf(member.client);
      expect(deposited).toBeGreaterThanOrEqual(100);

      await openPage(page, `${server.url}/app/registrantion`);
      await expect.poll(() => apply.isEnabled(), { timeout: 15_000 }).toBe(true);
      await apply.click();
      await page.locator('.activity-done').filter({ hasText: '5.00' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: '已申请' }).waitFor({ timeout: 15_000 });
      expect(await centreOf(member.client)).toBeCloseTo(deposited + 5, 2);

      await openPage(page, `${server.url}/app/fullMemberActivity`);
      await expect.poll(() => apply.isEnabled(), { timeout: 15_000 }).toBe(true);
      await apply.click();
      await page.locator('.activity-done').filter({ hasText: '8.00' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: '已申请' }).waitFor({ timeout: 15_000 });
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      expect(await centreOf(member.client)).toBeCloseTo(deposited + 13, 2);
      expect(await walletPageShows(page, server.url, member.client)).toBe(shownYuan(deposited + 13));
      expect(watch.cspViolations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
