import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { depositPay, opsActivityCreate, opsActivityPublish, opsActivityUpdate, opsSandboxPayment, walletBalance } from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient } from './support/member-pages.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;
/** The UTC instant a Beijing day `offset` days from today begins. */
const beijingDayStart = (offset: number) => new Date((Math.floor((Date.now() + BEIJING_MS) / DAY_MS) + offset) * DAY_MS - BEIJING_MS);
/** The Beijing day `offset` days from today, YYYY-MM-DD. */
const beijingDay = (offset: number) => new Date(beijingDayStart(offset).getTime() + BEIJING_MS).toISOString().slice(0, 10);

/**
 * Daily sign-in and new-member tasks in Chromium (issue 20; docs/SIGN-IN-AND-TASKS.md): the
 * operator creates and publishes each activity, a member takes part on its page, the money
 * arrives in the centre wallet and refusals show as text. The built server has no movable
 * clock, so the sign-in began two Beijing days ago: the member signs today and signs
 * yesterday afterwards (signs over several days are the database tests' part).
 */
describe('sign-in and new-member tasks in the browser', () => {
  const { server, browser } = browserSuite();
  const password = 'sign-pass-1';

  it('signs today, signs a missed day afterwards and receives the cumulative reward; a changed terms version is refused as text; a visitor goes to /blackList', async () => {
    const ops = operatorClient(server.url);
    const draft = await ops.call(opsActivityCreate, {
      siteId: 4, kind: 'sign_in', title: '签到浏览器测试', category: 'daily', termsText: '每天签到。',
      startsAt: beijingDayStart(-2).toISOString(), endsAt: beijingDayStart(30).toISOString(), budgetMinor: 1_000_00,
      config: { cycleDays: 7, dayRewardsMinor: [1_00, 2_00, 3_00, 1_00, 1_00, 1_00, 1_00], cumulative: [{ days: 2, rewardMinor: 5_00 }], retroactive: { perCycle: 1, depositMinor: 0 } },
    }, { idempotencyKey: randomUUID() });
    const activity = await ops.call(opsActivityPublish, { id: draft.id });
    const { name, client } = await freshMember(server.url, 'sign', password);
    const centre = async () => (await client.call(walletBalance, {})).centerWalletBalance;

    const visitor = await openWatchedPage(browser);
    await openPage(visitor.page, `${server.url}/app/signGift/${activity.id}`);
    await visitor.page.waitForURL(/\/blackList/);
    await visitor.context.close();

    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    await logInOnHome(page, server.url, { name, password });
    await openPage(page, `${server.url}/app/signGift/${activity.id}`);
    const calendar = page.locator('ol.sign-calendar');
    await calendar.waitFor();
    const day = (offset: number) => calendar.locator(`li[data-day="${beijingDay(offset)}"]`);
    expect(await day(-2).getAttribute('data-status')).toBe('4');
    expect(await day(-1).getAttribute('data-status')).toBe('4');
    expect(await day(0).getAttribute('data-status')).toBe('2');
    expect(await day(1).getAttribute('data-status')).toBe('1');
    expect(await page.locator('.sign-board .terms-version').last().textContent()).toBe('规则 v1');
    expect(await axeViolations(page)).toEqual([]);

    // The operator changes the terms while the page shows version 1: the sign is refused, named, and nothing is paid.
    await ops.call(opsActivityUpdate, { id: activity.id, termsText: '每天签到，补签一次。' });
    await page.getByRole('button', { name: '立即签到' }).click();
    await page.getByRole('alert').filter({ hasText: '活动规则已更新' }).waitFor();
    expect(await centre()).toBe(0);

    await openPage(page, `${server.url}/app/signGift/${activity.id}`);
    await calendar.waitFor();
    await page.getByRole('button', { name: '立即签到' }).click();
    await page.getByRole('status').filter({ hasText: '领取成功：3.00 元已进入中心钱包' }).waitFor();
    await expect.poll(() => day(0).getAttribute('data-status')).toBe('3');
    expect(await page.getByRole('button', { name: '今日已签到' }).isDisabled()).toBe(true);

    await day(-1).getByRole('button', { name: '补签' }).click();
    await page.getByRole('status').filter({ hasText: '领取成功：2.00 元' }).waitFor();
    await expect.poll(() => day(-1).locator('.sign-status').textContent()).toBe('已补签');
    expect(await day(-2).getAttribute('data-status')).toBe('6');
    expect(await day(-2).getByRole('button').count()).toBe(0);

    const award = page.locator('li[data-award-days="2"]');
    await award.getByRole('button', { name: '领取' }).click();
    await page.getByRole('status').filter({ hasText: '领取成功：5.00 元' }).waitFor();
    await expect.poll(() => award.getByRole('button').textContent()).toBe('已领取');
    expect(await centre()).toBe(10);
    const log = page.locator('ul.sign-log li');
    await expect.poll(() => log.count()).toBe(3);
    expect(await log.allTextContents()).toEqual([expect.stringContaining('累计奖励'), expect.stringContaining(`补签 ${beijingDay(-1)}`), expect.stringContaining(`签到 ${beijingDay(0)}`)]);
    expect(watch.cspViolations).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);

  it('a new member deposits, receives the deposit task, scratches the card, and the reborn task is refused as text', async () => {
    const ops = operatorClient(server.url);
    const draft = await ops.call(opsActivityCreate, {
      siteId: 4, kind: 'new_task', title: '新人任务浏览器测试', category: 'newcomer', termsText: '新人七天内完成任务。',
      startsAt: new Date(Date.now() - 3_600_000).toISOString(), endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(), budgetMinor: 1_000_00,
      config: {
        taskDays: 7,
        tasks: {
          new: { prizes: [{ amountMinor: 1_88, weight: 1 }, { amountMinor: 5_88, weight: 1 }] },
          deposit: { minDepositMinor: 100_00, rewardMinor: 18_00 },
          gamePackage: { signDays: 3, dayDepositMinor: 100_00, dayBetMinor: 100_00, rewardMinor: 28_00 },
          reborn: { minDepositMinor: 200_00, belowMinor: 5_00, rewardMinor: 20_00 },
        },
      },
    }, { idempotencyKey: randomUUID() });
    const activity = await ops.call(opsActivityPublish, { id: draft.id });
    const { name, client } = await freshMember(server.url, 'task', password);
    const centre = async () => (await client.call(walletBalance, {})).centerWalletBalance;

    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    await logInOnHome(page, server.url, { name, password });
    await openPage(page, `${server.url}/app/newTask/${activity.id}`);
    const card = (kind: number) => page.locator(`li.task-card[data-kind="${kind}"]`);
    await card(2).waitFor();
    expect(await card(2).getAttribute('data-status')).toBe('1');
    expect(await card(2).locator('.task-status').textContent()).toBe('去存款');
    expect(await page.locator('.scratch-seed').first().textContent()).toMatch(/[0-9a-f]{64}/);
    expect(await axeViolations(page)).toEqual([]);

    // A real deposit through the sandbox payment provider.
    const order = await client.call(depositPay, { payTypeId: '1', amount: 100, depositorName: '李雷' }, { idempotencyKey: randomUUID() });
    await ops.call(opsSandboxPayment, { billNo: order.billNo, outcome: 'paid' });
    const afterDeposit = await centre();
    await openPage(page, `${server.url}/app/newTask/${activity.id}`);
    await expect.poll(() => card(2).getAttribute('data-status')).toBe('2');
    await card(2).getByRole('button', { name: '领取' }).click();
    const modal = page.locator('dialog .new-task-modal');
    await modal.waitFor();
    expect(await modal.getAttribute('data-modal')).toBe('5');
    expect(await modal.textContent()).toBe('领取成功：18.00 元已进入中心钱包');
    await page.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => card(2).getAttribute('data-status')).toBe('3');
    expect(await centre()).toBeCloseTo(afterDeposit + 18, 2);

    await card(1).getByRole('button', { name: '刮开' }).click();
    await modal.waitFor();
    expect(await modal.getAttribute('data-modal')).toBe('1');
    const won = (await modal.textContent())!;
    expect(['恭喜您刮中 1.88 元！', '恭喜您刮中 5.88 元！']).toContain(won);
    await page.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => page.locator('.scratch-result').textContent()).toBe(`您刮中了 ${won.match(/[\d.]+/)![0]} 元`);
    expect(await centre()).toBeCloseTo(afterDeposit + 18 + Number(won.match(/[\d.]+/)![0]), 2);

    // The member still has money: the reborn bonus is refused, with modal 6 and the reason as text.
    await card(6).getByRole('button', { name: '领取' }).click();
    await modal.waitFor();
    expect(await modal.getAttribute('data-modal')).toBe('6');
    expect(await page.locator('dialog').textContent()).toContain('复活金仅在余额用完后可领取');
    await page.getByRole('button', { name: '关闭' }).click();
    await page.getByRole('alert').filter({ hasText: '复活金仅在余额用完后可领取' }).waitFor();
    expect(await page.locator('.package-sign').textContent()).toBe('立即签到（未达标）');
    expect(watch.cspViolations).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);
});
