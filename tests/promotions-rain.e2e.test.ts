import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  depositPay, newIdempotencyKey, opsActivityCreate, opsActivityPublish, opsSandboxPayment, raceBoard, redPacketRainInfo, walletBalance, type ApiClient,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient, shownYuan } from './support/member-pages.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PASSWORD = 'rain-pass-1';
const MINUTE_MS = 60_000;

/** An activity the operator writes and publishes on the demo brand through the desk. */
async function published(ops: ApiClient, input: { kind: string; title: string; config: Record<string, unknown>; startsAt: number; endsAt: number; budgetMinor: number; termsText: string }) {
  const draft = await ops.call(
    opsActivityCreate,
    { siteId: 4, category: 'daily', ...input, startsAt: new Date(input.startsAt).toISOString(), endsAt: new Date(input.endsAt).toISOString() },
    { idempotencyKey: newIdempotencyKey() },
  );
  return ops.call(opsActivityPublish, { id: draft.id });
}

const centreOf = async (client: ApiClient) => (await client.call(walletBalance, {})).centerWalletBalance;

/**
 * Red-packet rain, a race and a breakout in Chromium (issue 20; docs/RED-PACKET-RAIN.md): the
 * operator publishes a rain opening within seconds, a deposit race closing within a minute and
 * a deposit breakout; a visitor is sent to /blackList unless previewing; the member waits for
 * the rain on its page (mm:ss countdown), grabs packets up to the limit, takes a breakout step,
 * wins the race when it closes, and sees every amount in the centre balance.
 */
describe('red-packet rain, race and breakout in the browser', () => {
  const { server, browser } = browserSuite();

  it('a member waits for the rain, grabs packets, passes a breakout step and wins the race, and the balance shows it', async () => {
    const ops = operatorClient(server.url);
    const now = Date.now();
    const race = await published(ops, {
      kind: 'race', title: '浏览器测试存款竞赛', termsText: '存款最多者得奖。', budgetMinor: 200_00, startsAt: now, endsAt: now + 50_000,
      config: { metric: 'deposit', prizesMinor: [88_00, 38_00], minScoreMinor: 100_00, boardSize: 10, wallet: 'centre' },
    });
    const breakout = await published(ops, {
      kind: 'breakout', title: '浏览器测试闯关', termsText: '每存款 1 元得 1 积分。', budgetMinor: 200_00, startsAt: now - MINUTE_MS, endsAt: now + 24 * 60 * MINUTE_MS,
      config: {
        metric: 'deposit', minorPerPoint: 100, pointsName: '闯关积分', webMainPicture: '', prizePoolId: 'e2e', wallet: 'centre',
        barriers: [{ title: '第一关', steps: [{ points: 100, prizeMinor: 8_00 }, { points: 100_000, prizeMinor: 99_00 }] }],
      },
    });

    // A deposit the sandbox provider confirms: it scores in the race and earns breakout points.
    const member = await freshMember(server.url, 'rainer', PASSWORD);
    const order = await member.client.call(depositPay, { payTypeId: '1', amount: 500, depositorName: '李雷' }, { idempotencyKey: randomUUID() });
    await ops.call(opsSandboxPayment, { billNo: order.billNo, outcome: 'paid' });
    const start = await centreOf(member.client);

    // A visitor is intercepted to /blackList; a preview link shows the page.
    const visitor = await openWatchedPage(browser);
    await openPage(visitor.page, `${server.url}/app/race-page/${race.id}`);
    await visitor.page.waitForURL(/\/blackList/);
    await openPage(visitor.page, `${server.url}/app/race-page/${race.id}?preview=1`);
    await visitor.page.getByRole('heading', { name: '浏览器测试存款竞赛' }).waitFor();
    await visitor.page.locator('tr[data-rank="1"]').waitFor();
    // Breakout is not among the spec's intercepted pages: a visitor sees it, without points.
    await openPage(visitor.page, `${server.url}/app/breakout/${breakout.id}`);
    await visitor.page.getByText('登录后即可闯关').waitFor();
    await visitor.context.close();

    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logInOnHome(page, server.url, { name: member.name, password: PASSWORD });
      // The rain opens 10 seconds from now.
      const rain = await published(ops, {
        kind: 'red_packet_rain', title: '浏览器测试红包雨', termsText: '每场每人最多抢 2 个红包。', budgetMinor: 1_000_00, startsAt: Date.now() + 10_000, endsAt: Date.now() + 60 * MINUTE_MS,
        config: { everyMinutes: 5, durationSeconds: 45, sessionBudgetMinor: 20_00, packetsPerSession: 10, minPacketMinor: 1_00, grabsPerMember: 2, wallet: 'centre' },
      });
      await openPage(page, `${server.url}/app/redPackRain/${rain.id}`);
      const field = page.locator('.rain-field');
      await expect.poll(() => field.getAttribute('data-rain-status'), { timeout: 15_000 }).toBe('0');
      expect(await field.locator('h2').textContent()).toBe('即将开始');
      expect(await page.locator('.rain-clock').textContent()).toMatch(/^00:(0[0-9]|10)$/);
      const grab = page.getByRole('button', { name: '抢红包' });
      expect(await grab.isDisabled()).toBe(true);
      expect(await grab.getAttribute('data-terms-version')).toBe('1');
      expect(await page.locator('.rain-hash').textContent()).toMatch(/[0-9a-f]{64}/);
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);

      // The countdown reaches zero and the page turns to rain by itself.
      await expect.poll(() => field.getAttribute('data-rain-status'), { timeout: 25_000 }).toBe('1');
      expect(await field.locator('h2').textContent()).toBe('红包雨进行中');
      await expect.poll(() => grab.isDisabled()).toBe(false);
      await grab.click();
      await page.locator('.rain-grabbed').filter({ hasText: '抢到' }).waitFor({ timeout: 15_000 });
      await expect.poll(() => page.locator('[data-my-grabs] li').count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => grab.isDisabled()).toBe(false);
      await grab.click();
      await expect.poll(() => page.locator('[data-my-grabs] li').count(), { timeout: 15_000 }).toBe(2);
      await page.getByText('本场已抢 2 / 2 个').waitFor();
      expect(await grab.isDisabled()).toBe(true);
      const amounts = await page.locator('[data-my-grabs] li').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-amount-minor'))));
      const grabbedMinor = amounts.reduce((sum, amount) => sum + amount, 0);
      expect(grabbedMinor).toBeGreaterThanOrEqual(2_00);
      const info = await member.client.call(redPacketRainInfo, { activityId: rain.id });
      expect(info.myGrabs.map((entry) => entry.amountMinor).sort()).toEqual([...amounts].sort());
      expect(info.current!.packetsLeft).toBe(8);
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      await page.screenshot({ path: '/tmp/promotions-rain.png', fullPage: true });

      // The breakout: 500 points from the deposit pass step 1, not step 2.
      await openPage(page, `${server.url}/app/breakout/${breakout.id}`);
      const barrier = page.locator('[data-barrier="0"]');
      await expect.poll(() => barrier.locator('[data-points]').getAttribute('data-points'), { timeout: 15_000 }).toBe('500');
      expect(await barrier.getAttribute('data-barrier-status')).toBe('1');
      expect(await barrier.locator('.activity-status').textContent()).toBe('进行中');
      expect(await barrier.locator('[data-step="1"] button').isDisabled()).toBe(true);
      await barrier.locator('[data-step="0"]').getByRole('button', { name: '领取' }).click();
      await page.getByRole('status').filter({ hasText: '领取成功：8.00 元' }).waitFor({ timeout: 15_000 });
      await barrier.locator('[data-step="0"]').getByRole('button', { name: '已领取' }).waitFor();
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);

      // The race: ranked first while it runs; once it closes the board is final and the prize paid.
      await openPage(page, `${server.url}/app/race-page/${race.id}`);
      await expect.poll(() => page.locator('[data-my-rank]').getAttribute('data-my-rank'), { timeout: 15_000 }).toBe('1');
      expect(await page.locator('tr[data-rank="1"]').textContent()).toContain('500.00');
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      const closesInMs = Date.parse(race.endsAt) - Date.now();
      if (closesInMs > 0) await page.waitForTimeout(closesInMs + 500);
      await openPage(page, `${server.url}/app/race-page/${race.id}`);
      await expect.poll(() => page.locator('[data-settled]').getAttribute('data-settled'), { timeout: 15_000 }).toBe('true');
      expect(await page.locator('[data-my-rank]').textContent()).toContain('奖金 88.00 元（已派发）');
      const final = await member.client.call(raceBoard, { activityId: race.id });
      expect(final.me).toMatchObject({ rank: 1, prizeMinor: 88_00, paid: true });

      // Every amount is in the centre wallet, and the wallet page shows it.
      const expectedMinor = Math.round(start * 100) + grabbedMinor + 8_00 + 88_00;
      expect(Math.round((await centreOf(member.client)) * 100)).toBe(expectedMinor);
      await openPage(page, `${server.url}/app/myCenter`);
      await expect.poll(() => page.locator('[data-wallet="centerWalletBalance"]').first().textContent(), { timeout: 15_000 }).toBe(shownYuan(expectedMinor / 100));
      expect(watch.cspViolations).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 150_000);
});
