import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  agentApply, createClient, depositPay, inviteFriendDo, loginPayload, newIdempotencyKey, opsActivityCreate, opsActivityPublish, opsAgentDecide, opsSandboxPayment, walletBalance,
  webLogin, type ApiClient,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient } from './support/member-pages.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PASSWORD = 'invite-pass-1';
const centreOf = async (client: ApiClient) => (await client.call(walletBalance, {})).centerWalletBalance;

/**
 * Agents and invitations in Chromium (issue 21; docs/AGENTS.md): an agent's invite link
 * opened by a friend (the proxy page view follows), the friend registers through it and
 * deposits through the sandbox payment flow; the agent receives the invite award on
 * /app/friendInvitation, and its figures on /app/agent show the friend's deposit. The
 * standalone /download-page shows the download block without header or footer.
 */
describe('agents and invitations in the browser', () => {
  const { server, browser } = browserSuite();

  it('a friend registers through an agent\'s invite link and deposits; the inviter\'s award and the agent\'s figures move', async () => {
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
  });
});
