import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE, depositPay, formatWireMoney, messageForCode, opsSandboxPayment, playLimitSet, toMinor, walletBalance } from '@lobby/sdk';
import { freshMember, logInOnHome, operatorClient } from './support/member-pages.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PASSWORD = 'rp-cap-pass-1';

/**
 * Responsible play where money moves, as a member meets it (issue 22 item 2;
 * docs/RESPONSIBLE-PLAY.md "Where money moves"): with a 24-hour loss limit of 100, a transfer
 * of 150 into a venue is refused on the transfer page naming what may still go in and moves
 * nothing; 100 goes in; then nothing more may, and the page says which limit and when it resets.
 */
describe('responsible play where money moves in the browser', () => {
  const { server, browser } = browserSuite();

  it('a transfer into a venue above the loss allowance is refused naming the allowance, the allowance goes in, then the limit refuses', async () => {
    const ops = operatorClient(server.url);
    const member = await freshMember(server.url, 'rpcap', PASSWORD);
    const order = await member.client.call(depositPay, { payTypeId: '1', amount: 500, depositorName: '李雷' }, { idempotencyKey: randomUUID() });
    await ops.call(opsSandboxPayment, { billNo: order.billNo, outcome: 'paid' });
    expect((await member.client.call(playLimitSet, { kind: 'loss', period: 'day', value: 100_00 })).outcome).toBe('applied');
    const before = await member.client.call(walletBalance, {});
    const venue = before.venueList.find((item) => !item.maintenance)!;

    const { context, page } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logInOnHome(page, server.url, { name: member.name, password: PASSWORD });
      await openPage(page, `${server.url}/app/myCenter/transfer`);
      const row = page.locator(`tr[data-venue="${venue.channelCode}"]`);
      const amount = row.getByLabel(`${venue.zhName} 转账金额`);
      const transferIn = row.getByRole('button', { name: `转入 ${venue.zhName}` });
      const popup = page.getByRole('dialog', { name: '转账结果' });

      await amount.fill('150');
      await transferIn.click();
      await popup.getByRole('alert').filter({ hasText: messageForCode(CODE.rpTransferOverAllowance, 'zh-CN')! }).waitFor();
      await popup.getByText(/at most 100\.00 may go into a venue now/).waitFor();
      await popup.getByRole('button', { name: '关闭' }).click();
      expect((await member.client.call(walletBalance, {})).centerWalletBalance).toBe(before.centerWalletBalance);

      await amount.fill('100');
      await transferIn.click();
      await popup.getByText('转账成功').waitFor();
      await popup.getByRole('button', { name: '关闭' }).click();
      await expect.poll(() => row.locator(`[data-venue-money="${venue.channelCode}"]`).textContent()).toBe(formatWireMoney(venue.money + 100, 2, 'zh-CN'));

      await amount.fill('1');
      await transferIn.click();
      await popup.getByRole('alert').filter({ hasText: messageForCode(CODE.limitLossReached, 'zh-CN')! }).waitFor();
      await popup.getByText(/24-hour loss limit of 100\.00 is reached; it resets at/).waitFor();
      await popup.getByRole('button', { name: '关闭' }).click();
      const after = await member.client.call(walletBalance, {});
      expect(toMinor(after.centerWalletBalance, 2)).toBe(toMinor(before.centerWalletBalance, 2) - 100_00);
    } finally {
      await context.close();
    }
  }, 60_000);
});
