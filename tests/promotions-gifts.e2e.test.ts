import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bindBankCard, depositPay, fanShuiInfo, gameLaunch, luxuryGift, memberCredit, newIdempotencyKey, opsActivityCreate, opsActivityPublish, opsGiftApplyList, opsGiftApplyProvide,
  opsSandboxPayment, walletBalance, type ApiClient,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient, shownYuan } from './support/member-pages.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

const DAY_MS = 86_400_000;

/**
 * Turnover for `client`'s member: a 1,000-yuan deposit paid through the sandbox, then one
 * settled spin of `lineBetMinor` on the seamless studio venue, played through the studio's
 * play API as its page would.
 */
async function depositAndSpin(baseUrl: string, client: ApiClient, lineBetMinor: number): Promise<void> {
  const paid = await client.call(depositPay, { payTypeId: '1', amount: 1_000, depositorName: '李雷' }, { idempotencyKey: newIdempotencyKey() });
  await operatorClient(baseUrl).call(opsSandboxPayment, { billNo: paid.billNo, outcome: 'paid' });
  const launched = await client.call(gameLaunch, { venueCode: 'LBSTUDIO', gameCode: 'fruit-classic' });
  const session = new URL(launched.url, baseUrl).searchParams.get('session')!;
  const spin = await fetch(`${baseUrl}/studio/api/rounds`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-studio-session': session },
    body: JSON.stringify({ requestId: randomUUID(), bet: { lineBetMinor } }),
  });
  expect(((await spin.json()) as { code: number }).code).toBe(0);
}

/**
 * Gifts in Chromium (issue 20; docs/GIFTS.md): the operator creates and publishes a present
 * activity; a member with turnover (one settled spin on the seamless studio venue, played
 * through the studio's play API as its page would) takes a money gift on
 * /app/present/{id}, saves a receiver address there and applies for a real gift; the
 * operator provides it; the member sees "已发放" (provided) with the tracking note on
 * /app/gift-apply/get/modal; on a top gift it sees its rank and exchanges points. A visitor
 * is sent to /blackList. The welfare centre (/app/myCenter/welfareCenter): a buff card taken
 * from its list, the fan shui it raises claimed into the centre wallet, member credit and
 * bank notice.
 */
describe('gifts in the browser', () => {
  const { server, browser } = browserSuite();
  const password = 'gift-pass-1';

  it('a member with turnover takes a money gift, applies for a real gift with an address, and sees it provided', async () => {
    const ops = operatorClient(server.url);
    const draft = await ops.call(opsActivityCreate, {
      siteId: 4, kind: 'present', title: '礼品浏览器测试', category: 'gift', termsText: '活动期间有效投注达到要求即可领取礼品。',
      startsAt: new Date(Date.now() - DAY_MS).toISOString(), endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(), budgetMinor: 1_000_00,
      config: {
        gifts: [
          { id: 'cash', giftName: '彩金 8.88 元', category: 2, amountMinor: 8_88, basis: 'turnover', threshold: 100_00 },
          { id: 'scarf', giftName: '球队围巾', category: 1, amountMinor: 199_00, basis: 'turnover', threshold: 100_00, giftProperties: '针织，150 厘米' },
          { id: 'big', giftName: '彩金 588 元', category: 2, amountMinor: 588_00, basis: 'turnover', threshold: 100_000_00 },
        ],
      },
    }, { idempotencyKey: newIdempotencyKey() });
    const activity = await ops.call(opsActivityPublish, { id: draft.id });
    const { name, client } = await freshMember(server.url, 'gift', password);
    const centre = async () => (await client.call(walletBalance, {})).centerWalletBalance;

    // Turnover: a deposit, then one settled 150.00 spin on the seamless studio venue.
    await depositAndSpin(server.url, client, 150_00);
    const before = await centre();

    const visitor = await openWatchedPage(browser);
    await openPage(visitor.page, `${server.url}/app/present/${activity.id}`);
    await visitor.page.waitForURL(/\/blackList/);
    await visitor.context.close();

    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logInOnHome(page, server.url, { name, password });
      await openPage(page, `${server.url}/app/present/${activity.id}`);
      const card = (id: string) => page.locator(`li.gift-card[data-gift-id="${id}"]`);
      await card('cash').waitFor();
      expect(await card('cash').getAttribute('data-gift-status')).toBe('1');
      expect(await card('big').getAttribute('data-gift-status')).toBe('0');
      expect(await card('big').getByRole('button').isDisabled()).toBe(true);
      expect(await page.locator('.gift-progress-done').textContent()).toContain('150.00');
      expect(await card('cash').locator('.terms-version').textContent()).toBe('规则 v1');
      expect(await axeViolations(page)).toEqual([]);

      await card('cash').getByRole('button', { name: '领取' }).click();
      await page.getByRole('status').filter({ hasText: '已领取 8.88 元，已存入中心钱包' }).waitFor();
      await expect.poll(() => card('cash').getAttribute('data-gift-status')).toBe('2');
      expect(Math.round((await centre()) * 100)).toBe(Math.round(before * 100) + 8_88);

      // The real gift: without an address the form shows; saved, the gift is applied for.
      const form = page.getByRole('form', { name: '收货地址' });
      await form.getByLabel('收货人').fill('李雷');
      await form.getByLabel('省份').fill('广东省');
      await form.getByLabel('城市').fill('深圳市');
      await form.getByLabel('区县').fill('南山区');
      await form.getByLabel('详细地址').fill('科技路 1 号 <b>不是标签</b>');
      await form.getByLabel('联系电话').fill('13800138000');
      await form.getByRole('button', { name: '保存地址' }).click();
      await page.getByRole('status').filter({ hasText: '地址已保存' }).waitFor();
      await card('scarf').getByRole('button', { name: '领取' }).click();
      await page.getByRole('status').filter({ hasText: '申请已提交，等待审核发货' }).waitFor();
      await expect.poll(() => card('scarf').locator('.gift-application').textContent()).toBe('已申请');
      expect(await centre()).toBe(Math.round(before * 100 + 8_88) / 100);

      const queue = await ops.call(opsGiftApplyList, { siteId: 4, status: 0 });
      const application = queue.list.find((row) => row.memberName === name);
      expect(application).toMatchObject({ giftId: 'scarf', receiver: '李雷', address: '科技路 1 号 <b>不是标签</b>', status: 0, auditStatus: 0 });
      await ops.call(opsGiftApplyProvide, { id: application!.id, note: '顺丰 SF1234567890' });

      await openPage(page, `${server.url}/app/gift-apply/get/modal`);
      const row = page.locator(`tr[data-application-id="${application!.id}"]`);
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('1');
      expect(await row.locator('.gift-apply-status').textContent()).toBe('已发放');
      expect(await row.textContent()).toContain('顺丰 SF1234567890');
      expect(await row.textContent()).toContain('科技路 1 号 <b>不是标签</b>');
      expect(await page.locator('tr b').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      // A top gift on the same page: the member's 150.00 of valid bets earn 3 points (50.00 a point) and rank it.
      const topDraft = await ops.call(opsActivityCreate, {
        siteId: 4, kind: 'top_gift', title: '排行浏览器测试', category: 'gift', termsText: '按有效投注排名；积分兑换。',
        startsAt: new Date(Date.now() - DAY_MS).toISOString(), endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(), budgetMinor: 1_000_00,
        config: { pointMinor: 50_00, rankPrizes: [{ fromRank: 1, toRank: 3, amountMinor: 88_00 }], gifts: [{ id: 'pts', giftName: '彩金 2 元', category: 2, amountMinor: 2_00, basis: 'points', threshold: 2 }] },
      }, { idempotencyKey: newIdempotencyKey() });
      const top = await ops.call(opsActivityPublish, { id: topDraft.id });
      await openPage(page, `${server.url}/app/present/${top.id}`);
      await card('pts').waitFor();
      expect(await page.locator('.gift-points').textContent()).toContain('积分：3');
      await page.locator('.top-gift-mine').filter({ hasText: '150.00' }).waitFor();
      expect(await page.locator('table.gift-table td').filter({ hasText: `${name.slice(0, 2)}***${name.at(-1)}` }).count()).toBe(1);
      const beforeExchange = await centre();
      await card('pts').getByRole('button', { name: '兑换' }).click();
      await page.getByRole('status').filter({ hasText: '已领取 2.00 元' }).waitFor();
      await expect.poll(() => page.locator('.gift-points').textContent()).toContain('积分：1');
      expect(Math.round((await centre()) * 100)).toBe(Math.round(beforeExchange * 100) + 2_00);
      expect(await axeViolations(page)).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the welfare centre: a buff card taken from its list raises the fan shui, claimed once on a double click into the centre wallet; member credit and bank notice', async () => {
    const ops = operatorClient(server.url);
    const draft = await ops.call(opsActivityCreate, {
      siteId: 4, kind: 'promo_v2', title: '返水加成卡浏览器测试', category: 'gift', termsText: '领取后 7 天内返水比例提高 0.30%。',
      startsAt: new Date(Date.now() - DAY_MS).toISOString(), endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(), budgetMinor: 1_00,
      config: { gifts: [{ id: 'buff', giftName: '加成卡 <b>+0.30%</b>', category: 0, amountMinor: 0, basis: 'vipLevel', threshold: 0, buff: { rebateBasisPoints: 30, days: 7 } }] },
    }, { idempotencyKey: newIdempotencyKey() });
    const activity = await ops.call(opsActivityPublish, { id: draft.id });
    const { name, client } = await freshMember(server.url, 'welfare', password);
    await depositAndSpin(server.url, client, 150_00);
    // One card this member alone holds, one another account has bound too.
    await client.call(bindBankCard, { type: 0, bankName: '招商银行', cardNo: '6222020000000007', realName: '李雷' });
    await client.call(bindBankCard, { type: 0, bankName: '工商银行 <i>ICBC</i>', cardNo: '4111111111111111', realName: '李雷' });
    const other = await freshMember(server.url, 'sharer', password);
    await other.client.call(bindBankCard, { type: 0, bankName: '工商银行', cardNo: '4111 1111 1111 1111', realName: '韩梅梅' });

    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logInOnHome(page, server.url, { name, password });
      await openPage(page, `${server.url}/app/myCenter`);
      await page.getByRole('navigation', { name: '个人中心菜单' }).getByRole('link', { name: '福利中心' }).click();
      await page.getByRole('heading', { level: 1, name: '福利中心' }).waitFor();

      // What the member may take now links to its page, where the buff card is taken.
      const listed = page.locator(`.welfare-take-now li[data-activity-id="${activity.id}"]`);
      await listed.getByRole('link', { name: '返水加成卡浏览器测试' }).click();
      await page.waitForURL(`**/app/present/${activity.id}`);
      const card = page.locator('li.gift-card[data-gift-id="buff"]');
      await card.getByRole('button', { name: '领取' }).click();
      await expect.poll(() => card.getAttribute('data-gift-status')).toBe('2');

      // Back through the activity list's link: the card is active for 7 days and raises the rate.
      await openPage(page, `${server.url}/app/activity`);
      await page.getByRole('link', { name: /^福利中心/ }).click();
      const buff = page.locator('.welfare-buff-cards li');
      await buff.filter({ hasText: '生效中' }).waitFor();
      expect(await buff.locator('.welfare-name').textContent()).toBe('加成卡 <b>+0.30%</b>');
      expect(await buff.locator('.welfare-days-left').textContent()).toBe('剩余 7 天');
      expect(await page.locator('.welfare-page b').count()).toBe(0);
      expect(await page.locator(`.welfare-take-now li[data-activity-id="${activity.id}"]`).count()).toBe(0);

      const info = await client.call(fanShuiInfo, {});
      expect(info).toMatchObject({ rateBasisPoints: 50, buffBasisPoints: 30, pendingBets: 1, pendingTurnover: 150, pendingAmount: 1.2 });
      await expect.poll(() => page.locator('.welfare-amount').textContent()).toBe(`${shownYuan(info.pendingAmount)} 元`);
      expect(await page.locator('.welfare-turnover').textContent()).toBe('近 30 天已结算注单 1 笔，有效投注 150.00 元');
      expect(await page.locator('.welfare-rate').textContent()).toBe('0.50% + 加成卡 0.30% = 0.80%');
      const before = (await client.call(walletBalance, {})).centerWalletBalance;
      await expect.poll(() => page.locator('.welfare-centre-balance').textContent()).toBe(`${shownYuan(before)} 元`);
      expect(await axeViolations(page)).toEqual([]);

      // A double click sends one claim with one idempotency key; the centre wallet rises by exactly the amount.
      const claims: string[] = [];
      page.on('request', (request) => request.url().endsWith('/promo/v1/fan_shui/claim') && claims.push(request.headers()['x-idempotency-key'] ?? ''));
      await page.getByRole('button', { name: '一键领取返水' }).dblclick();
      await page.getByRole('status').filter({ hasText: `已领取返水 ${shownYuan(info.pendingAmount)} 元` }).waitFor();
      const after = (await client.call(walletBalance, {})).centerWalletBalance;
      expect(Math.round(after * 100)).toBe(Math.round(before * 100) + Math.round(info.pendingAmount * 100));
      await expect.poll(() => page.locator('.welfare-centre-balance').textContent()).toBe(`${shownYuan(after)} 元`);
      expect(await page.locator('.welfare-claimed').textContent()).toBe(
        `已领取返水 ${shownYuan(info.pendingAmount)} 元（有效投注 ${shownYuan(info.pendingTurnover)} 元），已存入中心钱包；中心钱包余额 ${shownYuan(after)} 元`,
      );
      await expect.poll(() => page.locator('.welfare-amount').textContent()).toBe(`${shownYuan(0)} 元`);
      expect(await page.getByRole('button', { name: '一键领取返水' }).isDisabled()).toBe(true);
      expect(await page.locator('.welfare-table tbody tr').count()).toBe(1);
      expect(claims).toHaveLength(1);
      expect(claims[0]).not.toBe('');

      // Member credit as the server counts it, each failed check with where to fix it.
      const credit = await client.call(memberCredit, {});
      expect(credit.checks.filter((check) => check.key === 'deposit' || check.key === 'bankCard').every((check) => check.passed)).toBe(true);
      expect(await page.locator('.welfare-credit-count').textContent()).toBe(`已通过 ${credit.passed} / ${credit.total} 项认证`);
      for (const check of credit.checks) {
        expect(await page.locator(`.welfare-credit li[data-check="${check.key}"]`).getAttribute('data-passed'), check.key).toBe(String(check.passed));
      }
      expect(await page.locator('.welfare-credit li[data-check="phone"]').getByRole('link', { name: '去绑定手机' }).getAttribute('href')).toBe('/app/myCenter/userInfo');
      expect(await page.locator('.welfare-credit li[data-check="accountAge"]').textContent()).toContain('注册满 7 天后自动通过');

      // Bank notice: each card as bank and last 4 digits; the shared one carries the warning.
      const shared = page.locator('.welfare-bank-notice li[data-card-tail="1111"]');
      expect(await shared.getAttribute('data-shared')).toBe('true');
      expect(await shared.textContent()).toContain('工商银行 <i>ICBC</i> 尾号 1111');
      expect(await shared.textContent()).toContain('此卡也被其他账户绑定');
      expect(await page.locator('.welfare-bank-notice li[data-card-tail="0007"]').getAttribute('data-shared')).toBe('false');
      expect(await page.locator('.welfare-page i').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a luxury gift not reached yet: "remind me" marks it, with the points still missing, kept after a reload', async () => {
    const ops = operatorClient(server.url);
    const draft = await ops.call(opsActivityCreate, {
      siteId: 4, kind: 'luxury_gift', title: '积分兑换提醒测试', category: 'gift', termsText: '有效投注每 1 元得 1 积分。',
      startsAt: new Date(Date.now() - DAY_MS).toISOString(), endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(), budgetMinor: 1_000_00,
      config: { pointMinor: 100, gifts: [{ id: 'watch', giftName: '运动手表', category: 1, amountMinor: 399_00, basis: 'points', threshold: 500 }] },
    }, { idempotencyKey: newIdempotencyKey() });
    const activity = await ops.call(opsActivityPublish, { id: draft.id });
    const { name, client } = await freshMember(server.url, 'remind', password);
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await logInOnHome(page, server.url, { name, password });
      await openPage(page, `${server.url}/app/present/${activity.id}`);
      const card = page.locator('li.gift-card[data-gift-id="watch"]');
      await card.waitFor();
      expect(await card.getAttribute('data-gift-status')).toBe('0');
      await card.locator('[data-gift-remind]').click();
      await expect.poll(() => card.locator('[data-gift-reminded]').textContent()).toBe('已提醒：还差 500 积分');
      expect((await client.call(luxuryGift, { activityId: activity.id })).reminders).toEqual(['watch']);
      await page.reload();
      await card.locator('[data-gift-reminded]').waitFor();
      expect(await card.locator('[data-gift-remind]').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the virtual currency info page shows the USDT help and this site\'s USDT protocols', async () => {
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/virtualCurrencyInfo`);
      await page.getByRole('heading', { name: '虚拟币说明' }).waitFor();
      await page.locator('.vc-deposit').filter({ hasText: 'TRC20, ERC20' }).waitFor();
      expect(await page.getByText('TRX = 8').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
