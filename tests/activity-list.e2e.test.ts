import { describe, expect, it } from 'vitest';
import { activityList, newIdempotencyKey, opsActivityCreate, opsActivityPublish, walletBalance, type ApiClient } from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient } from './support/member-pages.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PASSWORD = 'list-pass-1';
const HOUR_MS = 3_600_000;

/** An activity the operator writes and publishes on the demo brand through the desk, live from an hour ago for a week. */
async function published(
  ops: ApiClient,
  input: { kind: string; title: string; category: string; config: Record<string, unknown>; termsText: string; budgetMinor: number; eligibility?: { requirePhone?: boolean } },
) {
  const now = Date.now();
  const draft = await ops.call(
    opsActivityCreate,
    { siteId: 4, sort: -1_000, startsAt: new Date(now - HOUR_MS).toISOString(), endsAt: new Date(now + 7 * 24 * HOUR_MS).toISOString(), ...input },
    { idempotencyKey: newIdempotencyKey() },
  );
  return ops.call(opsActivityPublish, { id: draft.id });
}

const centreOf = async (client: ApiClient) => (await client.call(walletBalance, {})).centerWalletBalance;

/** The activity list and the discount and display pages in Chromium (docs/ACTIVITY-PAGES.md). */
describe('activity list and discount pages in the browser', () => {
  const { server, browser } = browserSuite();

  it('a member sees the activities by category, applies for a discount under its terms version, and the centre balance moves', async () => {
    const ops = operatorClient(server.url);
    const discount = await published(ops, {
      kind: 'discount', title: '浏览器测试存款优惠', category: 'deposit', config: { rewardMinor: 18_80, showRemaining: true },
      termsText: '每位会员限申请一次。\n<script>window.__pwned = 1</script>', budgetMinor: 1_000_00,
    });
    const display = await published(ops, { kind: 'display', title: '浏览器测试活动指南', category: 'guide', config: { summary: '只展示，不申请' }, termsText: '说明文字', budgetMinor: 0 });
    const member = await freshMember(server.url, 'actlist', PASSWORD);
    const seeded = (await member.client.call(activityList, {})).list;
    expect(seeded.length).toBeGreaterThan(2);
    const before = await centreOf(member.client);

    const { context, page, watch } = await openWatchedPage(browser);
    await logInOnHome(page, server.url, { name: member.name, password: PASSWORD });
    await openPage(page, `${server.url}/app/activity`);
    const cards = page.locator('li.activity-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(seeded.length);
    // Every seeded activity is on the list, with a link to its kind's page.
    for (const item of seeded) expect(await page.locator(`li.activity-card[data-activity-id="${item.id}"]`).count(), item.title).toBe(1);
    const card = page.locator(`li.activity-card[data-activity-id="${discount.id}"]`);
    expect(await card.locator('.activity-status').textContent()).toBe('进行中');
    await card.locator('.entry-line.entry-ok').waitFor({ timeout: 15_000 });
    expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);

    const tabs = page.getByRole('navigation', { name: '活动分类' });
    await tabs.getByRole('link', { name: '活动指南', exact: true }).click();
    await expect.poll(() => page.locator('li.activity-card').count(), { timeout: 15_000 }).toBe(seeded.filter((item) => item.category === 'guide').length);
    expect(await page.locator(`li.activity-card[data-activity-id="${display.id}"]`).count()).toBe(1);
    await tabs.getByRole('link', { name: '存款优惠', exact: true }).click();
    await page.locator(`li.activity-card[data-activity-id="${discount.id}"]`).waitFor();
    expect(await page.locator(`li.activity-card[data-activity-id="${display.id}"]`).count()).toBe(0);

    await page.getByRole('link', { name: '浏览器测试存款优惠', exact: true }).click();
    await page.getByRole('heading', { name: '浏览器测试存款优惠' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/app/discountDetails/${discount.id}`);
    expect(await page.locator('.activity-terms-text').textContent()).toBe('每位会员限申请一次。\n<script>window.__pwned = 1</script>');
    expect(await page.locator('.activity-remaining').textContent()).toContain('1,000.00');
    const apply = page.getByRole('button', { name: '立即申请' });
    expect(await apply.getAttribute('data-terms-version')).toBe('1');
    expect(await page.locator('.claim-row .terms-version').textContent()).toBe('规则 v1');
    expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
    await apply.click();
    await page.locator('.activity-done').filter({ hasText: '18.80' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '已申请' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: '已申请' }).isDisabled()).toBe(true);
    await page.locator('.activity-claims li').first().waitFor();
    expect(await page.locator('.activity-claims li').first().textContent()).toContain('18.80');
    expect(await centreOf(member.client)).toBeCloseTo(before + 18.8, 2);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    await openPage(page, `${server.url}/app/pureDisplay/${display.id}`);
    await page.getByRole('heading', { name: '浏览器测试活动指南' }).waitFor();
    expect(await page.locator('.activity-summary').textContent()).toBe('只展示，不申请');
    expect(await page.getByRole('button').filter({ hasText: '申请' }).count()).toBe(0);

    // An offer the member may not take yet: the entry check's refusal is shown and the button waits.
    const phoneOnly = await published(ops, {
      kind: 'discount', title: '绑定手机专享', category: 'deposit', config: { rewardMinor: 1_00 }, termsText: '需绑定手机', budgetMinor: 10_00, eligibility: { requirePhone: true },
    });
    await openPage(page, `${server.url}/app/discountDetails/${phoneOnly.id}`);
    await page.locator('.entry-line').waitFor({ timeout: 15_000 });
    expect(await page.locator('.entry-line').textContent()).toBe('您暂不符合活动参与条件: needs a bound phone');
    expect(await page.getByRole('button', { name: '立即申请' }).isDisabled()).toBe(true);
    expect(await centreOf(member.client)).toBeCloseTo(before + 18.8, 2);
    expect(watch.cspViolations).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('a visitor is sent to /blackList from an activity page, but a preview link opens it', async () => {
    const ops = operatorClient(server.url);
    const discount = await published(ops, { kind: 'discount', title: '访客预览优惠', category: 'deposit', config: { rewardMinor: 5_00 }, termsText: '预览', budgetMinor: 100_00 });
    const { context, page, watch } = await openWatchedPage(browser);
    await page.goto(`${server.url}/app/discountDetails/${discount.id}`);
    await page.waitForURL(/\/blackList$/, { timeout: 15_000 });

    await openPage(page, `${server.url}/app/discountDetails/${discount.id}?preview`);
    await page.getByRole('heading', { name: '访客预览优惠' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/app/discountDetails/${discount.id}`);
    expect(await page.getByText('请先登录后申请').count()).toBe(1);
    expect(await page.getByRole('button', { name: '立即申请' }).isDisabled()).toBe(true);
    expect(watch.cspViolations).toEqual([]);
    await context.close();
  });
});
