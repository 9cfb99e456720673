import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, CODE, discountApply, newIdempotencyKey, userInfo, walletBalance, type ApiClient } from '@lobby/sdk';
import { freshMember, logInOnHome } from './support/member-pages.js';
import { runOps } from './support/ops-cli.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PASSWORD = 'engine-pass-1';
const HOUR_MS = 3_600_000;

const centreOf = async (client: ApiClient) => (await client.call(walletBalance, {})).centerWalletBalance;

/** Runs `npm run ops -- ...` and answers its JSON output, failing with its stderr when it fails. */
async function ops(url: string, ...args: string[]): Promise<Record<string, unknown>> {
  const run = await runOps(url, ...args);
  expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

/**
 * The promotion engine end to end (docs/PROMOTIONS.md): the operator runs an activity with
 * the CLI, the interception rule sends a visitor to /blackList but lets a member in, the
 * one-reward-per-device rule refuses a second account on the same browser, the blacklist
 * sends a member away, and ending the activity returns what is left of its budget.
 */
describe('the promotion engine in the browser and the operator CLI', () => {
  const { server, browser } = browserSuite();

  it('runs an activity from the CLI; a visitor is intercepted, members pass, one reward per device, the blacklist, the end', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lobby-activity-'));
    const file = join(folder, 'activity.json');
    const now = Date.now();
    writeFileSync(file, JSON.stringify({
      kind: 'discount', title: 'CLI 引擎测试优惠', category: 'deposit', sort: -2_000, config: { rewardMinor: 6_60 }, oneRewardPer: ['device'],
      startsAt: new Date(now - HOUR_MS).toISOString(), endsAt: new Date(now + 24 * HOUR_MS).toISOString(), termsText: '每台设备限一次。', budgetMinor: 100_00,
    }));
    const created = await ops(server.url, 'activity', 'create', file);
    expect(created).toMatchObject({ state: 'draft', kind: 'discount', budgetLeftMinor: 100_00, oneRewardPer: ['device'] });
    const id = String(created.id);
    const bad = await runOps(server.url, 'activity', 'create', join(folder, 'missing.json'));
    expect(bad.code).toBe(2);
    expect(await ops(server.url, 'activity', 'publish', id)).toMatchObject({ state: 'published', status: 1 });
    const change = join(folder, 'change.json');
    writeFileSync(change, JSON.stringify({ termsText: '每台设备限一次，每位会员限一次。', caps: { claimsPerMember: 1 } }));
    expect(await ops(server.url, 'activity', 'update', id, change)).toMatchObject({ termsVersion: 2, caps: { claimsPerMember: 1 } });
    const listed = (await ops(server.url, 'activity', 'list', '--state', 'published')).list as { id: number }[];
    expect(listed.map((activity) => activity.id)).toContain(Number(id));
    const preview = await ops(server.url, 'activity', 'preview', id);
    expect(preview).toMatchObject({ open: true, status: 1, previewPath: `/app/discountDetails/${id}?preview=1` });
    const pagePath = `/app/discountDetails/${id}`;

    const { context, page, watch } = await openWatchedPage(browser);
    // A visitor is sent to /blackList and told to log in; the preview link opens the page.
    await page.goto(`${server.url}${pagePath}`);
    await page.waitForURL(/\/blackList$/, { timeout: 15_000 });
    await page.getByText('登录后即可参加活动。').waitFor();
    await openPage(page, `${server.url}${preview.previewPath as string}`);
    await page.getByRole('heading', { name: 'CLI 引擎测试优惠' }).waitFor();

    // A member on this browser passes the interception and takes the reward.
    const first = await freshMember(server.url, 'engA', PASSWORD);
    const firstBefore = await centreOf(first.client);
    await logInOnHome(page, server.url, { name: first.name, password: PASSWORD });
    await openPage(page, `${server.url}${pagePath}`);
    await page.getByRole('heading', { name: 'CLI 引擎测试优惠' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(pagePath);
    await page.getByRole('button', { name: '立即申请' }).click();
    await page.locator('.activity-done').filter({ hasText: '6.60' }).waitFor({ timeout: 15_000 });
    expect(await centreOf(first.client)).toBeCloseTo(firstBefore + 6.6, 2);

    // A second account logged in on the same browser (the same device id) is refused, naming the rule.
    const second = await freshMember(server.url, 'engB', PASSWORD);
    const secondBefore = await centreOf(second.client);
    await page.evaluate(() => localStorage.removeItem('lobby.session'));
    await logInOnHome(page, server.url, { name: second.name, password: PASSWORD });
    await openPage(page, `${server.url}${pagePath}`);
    // The page's entry check names the refusal before the member clicks, and holds the button.
    const entry = page.locator(`.entry-line[data-entry="${CODE.activitySharedIdentity}"]`);
    await entry.waitFor({ timeout: 15_000 });
    expect(await entry.textContent()).toContain('another account sharing this device already took part');
    expect(await page.getByRole('button', { name: '立即申请' }).isDisabled()).toBe(true);
    // The claim itself is refused by the server, whatever the page shows.
    const refused = await second.client.call(discountApply, { id: Number(id), termsVersion: 2 }, { idempotencyKey: newIdempotencyKey() }).then(
      () => undefined,
      (failure: unknown) => failure as ApiError,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused!.code).toBe(CODE.activitySharedIdentity);
    expect(await centreOf(second.client)).toBe(secondBefore);
    expect((await ops(server.url, 'activity', 'detail', id))).toMatchObject({ claims: 1, members: 1, paidMinor: 6_60, budgetLeftMinor: 93_40 });

    // The operator puts the second member on the promotion blacklist: its activity pages go to /blackList.
    const secondId = (await second.client.call(userInfo, {})).id;
    expect(await ops(server.url, 'activity', 'blacklist', String(secondId), 'on', '--reason', 'shares a device')).toEqual({ memberId: secondId, blacklisted: true });
    await page.goto(`${server.url}${pagePath}`);
    await page.waitForURL(/\/blackList$/, { timeout: 15_000 });
    await page.getByText('您的账户暂不能参加活动', { exact: false }).waitFor();
    expect(await ops(server.url, 'activity', 'blacklist', String(secondId), 'off')).toEqual({ memberId: secondId, blacklisted: false });

    // Paused, then ended: the rest of the budget goes back to the house.
    expect(await ops(server.url, 'activity', 'pause', id)).toMatchObject({ state: 'paused' });
    expect(await ops(server.url, 'activity', 'resume', id)).toMatchObject({ state: 'published' });
    expect(await ops(server.url, 'activity', 'end', id)).toMatchObject({ returnedMinor: 93_40, activity: { state: 'ended', status: 2, budgetLeftMinor: 0 } });
    expect(await ops(server.url, 'activity', 'end', id)).toMatchObject({ returnedMinor: 0 });
    expect((await runOps(server.url, 'activity', 'publish', id)).stderr).toContain('activityInvalid');
    expect(watch.cspViolations).toEqual([]);
    await context.close();
  });
});
