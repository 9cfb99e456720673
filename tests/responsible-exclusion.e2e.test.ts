import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ApiError, CODE, bindBankCard, buyCoin, captchaImage, createClient, depositPay, exclusionStatus, gameLaunch, gameList, loginPayload, opsExclusionList,
  opsSandboxPayment, registerMember, venueTransferIn, withdrawPasswordSet, withdrawalRequest, md5Hex, type ApiClient,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { freshMember, logInOnHome, operatorClient } from './support/member-pages.js';
import { openPage, openWatchedPage, sandboxAnswer } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PASSWORD = 'break-pass-1';
const PIN = md5Hex('246810');
const CARD = { type: 0 as const, bankName: 'ICBC', cardNo: '4111111111111111', realName: '王五' };

/** The business code a call is refused with (0 when it passes). */
async function codeOf(work: Promise<unknown>): Promise<number> {
  try {
    await work;
    return 0;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

/**
 * Self-exclusion in Chromium (issue 22 item 4; docs/RESPONSIBLE-PLAY.md): a member on the demo
 * brand excludes itself on the play break page (every brand, the default); every play door is
 * then closed, on its brand and for the same person (same real name and bank card) on aurora,
 * while withdrawal stays open; the page and the game launch say so.
 */
describe('time-out and self-exclusion in the browser', () => {
  const { server, browser } = browserSuite();

  it('self-excludes on the play break page and finds every door closed but withdrawal, on both brands', async () => {
    const ops = operatorClient(server.url);
    const member = await freshMember(server.url, 'breaker', PASSWORD);
    const order = await member.client.call(depositPay, { payTypeId: '1', amount: 500, depositorName: '王五' }, { idempotencyKey: randomUUID() });
    await ops.call(opsSandboxPayment, { billNo: order.billNo, outcome: 'paid' });
    await member.client.call(bindBankCard, CARD);
    await member.client.call(withdrawPasswordSet, { password: PIN });

    // The same person on aurora (registration there asks for an image captcha: the sandbox door answers it).
    let auroraToken: string | null = null;
    const aurora: ApiClient = createClient({ baseUrl: server.url, siteId: 8, deviceId: randomUUID(), getToken: () => auroraToken });
    const auroraName = `brk${Date.now() % 1_000_000}`;
    const { captchaId } = await aurora.call(captchaImage, {});
    const { answer } = await sandboxAnswer<{ answer: string }>(server.url, `/sandbox/captcha/${captchaId}`);
    auroraToken = (await aurora.call(registerMember, { name: auroraName, password: loginPayload(auroraName, PASSWORD).password, captchaId, captchaCode: answer })).token;
    await aurora.call(bindBankCard, CARD);
    const auroraGame = (await aurora.call(gameList, { venueCode: 'AUSLOTS', sort: 'name', page: 1, pageSize: 60 })).games.find((game) => !game.maintenance);
    const demoGame = (await member.client.call(gameList, { venueCode: 'LBSLOTS', sort: 'name', page: 1, pageSize: 60 })).games.find((game) => !game.maintenance);

    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logInOnHome(page, server.url, { name: member.name, password: PASSWORD });
      await openPage(page, `${server.url}/app/myCenter/playBreak`);
      const status = page.getByTestId('break-status');
      await expect.poll(() => status.getAttribute('data-state')).toBe('open');
      const form = page.getByTestId('break-form');
      await form.getByLabel('自我排除（6个月、1年、5年或永久）').check();
      await form.getByLabel('自我排除期限').selectOption('6m');
      expect(await form.getByLabel('本运营商的所有品牌（默认）').isChecked()).toBe(true);
      await form.getByLabel('登录密码（再次确认）').fill(PASSWORD);
      await form.getByLabel('我明白：立即生效，期满前不能提前解除').check();
      await form.getByRole('button', { name: '确认暂停' }).click();
      await page.getByTestId('break-taken').waitFor();
      await expect.poll(() => status.getAttribute('data-state')).toBe('inForce');
      expect(await status.textContent()).toContain('自我排除');
      expect(await status.textContent()).toContain('本运营商的所有品牌');
      expect(await axeViolations(page)).toEqual([]);

      // The game launch says why it is closed.
      if (demoGame) {
        await openPage(page, `${server.url}/loading?venue=LBSLOTS&game=${demoGame.gameCode}&from=/app/home`);
        await page.getByRole('alert').filter({ hasText: '您已自我排除' }).waitFor();
      }
      expect(watch.cspViolations).toEqual([]);
    } finally {
      await context.close();
    }

    // Every door of the demo brand is closed; withdrawal stays open.
    const key = () => ({ idempotencyKey: randomUUID() });
    expect(await codeOf(member.client.call(depositPay, { payTypeId: '1', amount: 100, depositorName: '王五' }, key()))).toBe(CODE.exclusionSelfExcluded);
    expect(await codeOf(member.client.call(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 10 }, key()))).toBe(CODE.exclusionSelfExcluded);
    expect(await codeOf(member.client.call(buyCoin, { money: 1 }, key()))).toBe(CODE.exclusionSelfExcluded);
    expect(await codeOf(member.client.call(gameLaunch, { venueCode: 'LBSLOTS', gameCode: demoGame?.gameCode ?? 'slot1' }))).toBe(CODE.exclusionSelfExcluded);
    expect(await codeOf(member.client.call(withdrawalRequest, { amount: 100, withdrawType: 0, withdrawPassword: PIN, bankName: CARD.bankName, bankCard: CARD.cardNo }, key()))).toBe(0);

    // The same person on aurora: covered by default.
    expect((await aurora.call(exclusionStatus, {})).state).toBe('inForce');
    expect(await codeOf(aurora.call(venueTransferIn, { api_name: 'AUSPORT', transferIntoVal: 10 }, key()))).toBe(CODE.exclusionSelfExcluded);
    expect(await codeOf(aurora.call(gameLaunch, { venueCode: 'AUSLOTS', gameCode: auroraGame?.gameCode ?? 'slot1' }))).toBe(CODE.exclusionSelfExcluded);
    const auroraSite = server.url.replace('127.0.0.1', 'aurora.localhost');
    const second = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await logInOnHome(second.page, auroraSite, { name: auroraName, password: PASSWORD });
      await openPage(second.page, `${auroraSite}/app/myCenter/playBreak`);
      await expect.poll(() => second.page.getByTestId('break-status').getAttribute('data-state')).toBe('inForce');
      expect(await second.page.getByTestId('break-form').count()).toBe(1); // only a longer break may be added
      expect(second.watch.cspViolations).toEqual([]);
    } finally {
      await second.context.close();
    }
    const list = await ops.call(opsExclusionList, { memberName: member.name, siteId: 4 });
    expect(list.list[0]).toMatchObject({ kind: 'selfExclusion', period: '6m', scope: 'operator', state: 'inForce' });
  }, 90_000);
});
