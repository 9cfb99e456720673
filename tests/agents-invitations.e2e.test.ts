import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  agentApply, createClient, depositPay, gameLaunch, inviteFriendDo, loginPayload, newIdempotencyKey, opsActivityCreate, opsActivityPublish, opsAgentDecide, opsSandboxPayment,
  walletBalance, webLogin, type ApiClient, type OpsCommissionStatement,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient, shownYuan } from './support/member-pages.js';
import { runOps } from './support/ops-cli.js';
import { openPage, openWatchedPage, sandboxAnswer, sandboxPost } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PASSWORD = 'invite-pass-1';
const centreOf = async (client: ApiClient) => (await client.call(walletBalance, {})).centerWalletBalance;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** The Beijing month (`YYYY-MM`) holding an instant, and when the next one starts. */
function beijingMonthOf(ms: number): { month: string; nextMs: number } {
  const local = new Date(ms + BEIJING_OFFSET_MS);
  return { month: local.toISOString().slice(0, 7), nextMs: Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - BEIJING_OFFSET_MS };
}

/** Runs the operator CLI at the server's sandbox clock and answers its JSON output, failing with its stderr. */
async function opsJson<T>(serverUrl: string, ...args: string[]): Promise<T> {
  const { code, stdout, stderr } = await runOps(serverUrl, ...args, '--sandbox-clock');
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout) as T;
}

/**
 * Agents and invitations in Chromium (issue 21; docs/AGENTS.md): an agent's invite link
 * opened by a friend (the proxy page view follows), the friend registers through it,
 * deposits through the sandbox payment flow and plays a 150.00 spin; the agent receives the
 * invite award on /app/friendInvitation, and its figures on /app/agent show the friend's
 * deposit. The sandbox clock then closes the month, the operator settles it with the CLI
 * (twice: the second pays nothing), and /app/agent shows the month's commission paid,
 * the centre wallet holding it. The standalone /download-page shows the download block
 * without header or footer.
 */
describe('agents and invitations in the browser', () => {
  const { server, browser } = browserSuite();

  it('a friend registers through an agent\'s invite link, deposits and plays; the inviter\'s award and figures move, and the settled month is paid', async () => {
    const ops = operatorClient(server.url);
    const now = Date.now();
    const draft = await ops.call(opsActivityCreate, {
      siteId: 4, kind: 'invite_friend', title: '浏览器测试邀请好友', category: 'all', termsText: '好友存款满100元，邀请人得18元。',
      startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 86_400_000).toISOString(), budgetMinor: 1_000_00, oneRewardPer: ['device', 'phone'],
      config: { rewardFeeMinor: 18_00, qualifyDepositMinor: 100_00, inviteeRewardMinor: 8_00, reInvite: true, peopleAwards: [], depositAwards: [], wallet: 'centre' },
    }, { idempotencyKey: newIdempotencyKey() });
    await ops.call(opsActivityPublish, { id: draft.id });

    // The inviter applies as an agent; the operator approves.
    const inviter = await freshMember(server.url, 'agent', PASSWORD);
    const application = await inviter.client.call(agentApply, { contact: '@e2e_agent' });
    await ops.call(opsAgentDecide, { id: application.id, approve: true });
    const { inviteCode, invitePath } = await inviter.client.call(inviteFriendDo, {});

    // The friend opens the link: the page view goes 500 ms later; registering sends the code.
    const friendName = `fr${Date.now() % 1_000_000}`;
    const friend = await openWatchedPage(browser);
    try {
      const pageView = friend.page.waitForRequest((request) => request.url().endsWith('/member/v1/invite/page_view'));
      const opened = Date.now();
      await openPage(friend.page, `${server.url}${invitePath}`);
      expect((await pageView).postDataJSON()).toMatchObject({ inviteCode });
      expect(Date.now() - opened).toBeGreaterThanOrEqual(500);
      await friend.page.getByRole('button', { name: '注册' }).click();
      const register = friend.page.getByRole('dialog', { name: '注册' });
      await register.getByLabel('用户名').fill(friendName);
      await register.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await register.getByLabel('确认密码').fill(PASSWORD);
      const registerRequest = friend.page.waitForRequest((request) => request.url().endsWith('/member/v4/register'));
      await register.getByRole('button', { name: '注册' }).click();
      expect((await registerRequest).postDataJSON()).toMatchObject({ name: friendName, inviteCode });
      await friend.page.getByText(`欢迎，${friendName}`).waitFor();

      // The friend deposits 200 yuan; the sandbox provider confirms.
      let token: string | null = null;
      const friendClient = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });
      token = (await friendClient.call(webLogin, loginPayload(friendName, PASSWORD))).token;
      const order = await friendClient.call(depositPay, { payTypeId: '1', amount: 200, depositorName: '韩梅梅' }, { idempotencyKey: randomUUID() });
      await ops.call(opsSandboxPayment, { billNo: order.billNo, outcome: 'paid' });

      // The friend's own welcome reward on the fission page.
      await openPage(friend.page, `${server.url}/app/fissile`);
      await friend.page.locator('[data-invitee-status="1"]').waitFor();
      await friend.page.getByRole('button', { name: '领取新人奖励' }).click();
      await friend.page.locator('[data-paid-minor="800"]').waitFor();

      // The friend's turnover: one settled 150.00 spin on the seamless studio venue (0.75 commission at 0.5%).
      const launched = await friendClient.call(gameLaunch, { venueCode: 'LBSTUDIO', gameCode: 'fruit-classic' });
      const spin = await fetch(`${server.url}/studio/api/rounds`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-studio-session': new URL(launched.url, server.url).searchParams.get('session')! },
        body: JSON.stringify({ requestId: randomUUID(), bet: { lineBetMinor: 150_00 } }),
      });
      expect(((await spin.json()) as { code: number }).code).toBe(0);
    } finally {
      await friend.context.close();
    }

    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logInOnHome(page, server.url, { name: inviter.name, password: PASSWORD });
      const before = await centreOf(inviter.client);
      await openPage(page, `${server.url}/app/friendInvitation`);
      await page.locator('[data-inviter-status="1"]').waitFor();
      expect(await page.locator('[data-inviter-status="1"]').textContent()).toBe('可领取 18.00 元');
      await page.locator('[data-friends] tbody tr').first().waitFor();
      expect(await page.locator('[data-friends] tbody tr').count()).toBe(1);
      await page.getByRole('button', { name: '领取邀请奖励' }).click();
      await page.locator('[data-paid-minor="1800"]').waitFor();
      await page.locator('[data-inviter-status="2"]').waitFor();
      expect(await centreOf(inviter.client)).toBe(before + 18);

      await openPage(page, `${server.url}/app/agent`);
      await page.locator('[data-agent-status="agent"]').waitFor();
      const figure = (name: string) => page.locator(`[data-figure="${name}"]`);
      await figure('invitedTotal').waitFor();
      expect(await figure('invitedTotal').textContent()).toBe('1');
      expect(await figure('depositsMinor').getAttribute('data-minor')).toBe('20000');
      expect(await axeViolations(page, { withoutWidgets: true }), '/app/agent').toEqual([]);

      // The standalone download page: the download block, no header or footer.
      await openPage(page, `${server.url}/download-page`);
      await page.getByRole('heading', { name: '下载客户端' }).waitFor();
      await page.locator('lobby-app-download').waitFor({ state: 'attached' });
      expect(await page.locator('header.site-header').count()).toBe(0);
      expect(await page.locator('footer.site-footer').count()).toBe(0);
      expect(watch.cspViolations).toEqual([]);
    } finally {
      await context.close();
    }

    // The month closes on the sandbox clock; the operator settles it with the CLI, twice.
    const centreBefore = await centreOf(inviter.client);
    const serverNowMs = (await sandboxAnswer<{ nowMs: number }>(server.url, '/sandbox/clock')).nowMs;
    const { month, nextMs } = beijingMonthOf(serverNowMs);
    const moved = await sandboxPost<{ nowMs: number; aheadMs: number }>(server.url, '/sandbox/clock', { advanceMs: nextMs - serverNowMs + 60_000 });
    expect(moved.nowMs).toBeGreaterThan(nextMs);
    type Run = { settledNow: number; paidNowMinor: number; list: OpsCommissionStatement[] };
    const run = await opsJson<Run>(server.url, 'commission', 'settle', month);
    const own = run.list.find((statement) => statement.agentName === inviter.name);
    expect(own).toMatchObject({ month, state: 'settled', turnoverMinor: 150_00, commissionRateBp: 50, commissionMinor: 75, paidMinor: 75 });
    const rerun = await opsJson<Run>(server.url, 'commission', 'settle', month);
    expect(rerun).toMatchObject({ settledNow: 0, paidNowMinor: 0 });
    const read = await opsJson<{ list: OpsCommissionStatement[] }>(server.url, 'commission', 'statements', '--month', month, '--agent', String(own!.agentId));
    expect(read.list).toEqual([own]);

    // The agent, on a page whose clock follows the server's, sees the month paid and its centre wallet holding it.
    const later = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await later.context.addInitScript((aheadMs: number) => {
        const machine = Date.now.bind(Date);
        Date.now = () => machine() + aheadMs;
      }, moved.aheadMs);
      await logInOnHome(later.page, server.url, { name: inviter.name, password: PASSWORD });
      await openPage(later.page, `${server.url}/app/agent`);
      const row = later.page.locator(`[data-statement="${month}"]`);
      await row.and(later.page.locator('[data-state="settled"]')).waitFor();
      expect(await row.getAttribute('data-paid-minor')).toBe('75');
      expect(await row.locator('[data-paid]').textContent()).toBe('0.75');
      expect(await row.locator('time').getAttribute('datetime')).toBe(own!.paidAt);
      expect(await axeViolations(later.page, { withoutWidgets: true }), '/app/agent with statements').toEqual([]);
      await openPage(later.page, `${server.url}/app/myCenter`);
      const centre = later.page.locator('[data-wallet="centerWalletBalance"]');
      await expect.poll(() => centre.textContent()).toBe(shownYuan(centreBefore + 0.75));
      expect(later.watch.cspViolations).toEqual([]);
    } finally {
      await later.context.close();
    }
  }, 150_000);
});
