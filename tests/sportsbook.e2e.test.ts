import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createClient, loginPayload, opsAudit, opsBetSync, sportsBetList, toMinor, venueBalances, webLogin,
  type ApiClient, type SportsBet,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { operatorClient, shownYuan } from './support/member-pages.js';
import { openPage, openWatchedPage, sandboxPost } from './support/site.js';
import { browserSuite } from './support/suite.js';

const VENUE = 'LBSPORT';
const TRANSFER_YUAN = 1000;

/** The sportsbook as a member uses it in Chromium: three matches, a single, an accumulator and a Trixie, cash-out, settlement. */
describe('the sportsbook in the browser', () => {
  const { server, browser } = browserSuite();
  let member: { token: string; api: ApiClient };

  beforeAll(async () => {
    const login = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    const { token } = await login.call(webLogin, loginPayload('demo', 'demo1234'));
    member = { token, api: createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token }) };
  });

  afterAll(async () => {
    // Whatever the test did, the books balance and every venue wallet equals the venue's word.
    if (!member) return;
    await operatorClient(server.url).call(opsBetSync, {});
    const audit = await operatorClient(server.url).call(opsAudit, {});
    expect(audit.checks.filter((check) => !check.sound)).toEqual([]);
  });

  /** A football match starting now (in play at once) with these teams, through the sandbox feed's door. */
  async function matchNow(tag: string): Promise<string> {
    const answer = await sandboxPost<{ fixtureId: string }>(server.url, '/sandbox/sports/fixtures', {
      sport: 'football', homeEn: `${tag} Home`, homeZh: `${tag}主队`, awayEn: `${tag} Away`, awayZh: `${tag}客队`, startsInMs: 0,
    });
    return answer.fixtureId;
  }

  async function bets(state: 'open' | 'settled'): Promise<SportsBet[]> {
    return (await member.api.call(sportsBetList, { state, venueCode: VENUE, page: 1, pageSize: 50 })).bets;
  }

  /** Adds the home win of a match from its row in the live list. */
  async function addHome(page: Page, fixtureId: string): Promise<void> {
    const row = page.locator(`li.fixture-row[data-fixture="${fixtureId}"]`);
    await row.getByRole('group', { name: '胜平负' }).locator('[data-selection="home"]').click();
  }

  /** Places the slip as it is and waits for its final answer (an in-play bet waits out its delay). */
  async function place(page: Page, stakeYuan: string, kind: string): Promise<void> {
    const slip = page.getByRole('region', { name: /^投注单/ });
    if (kind !== '') await slip.getByRole('radio', { name: kind }).check();
    await slip.getByLabel('每注金额（元）').fill(stakeYuan);
    await slip.getByLabel('赔率变化时').selectOption('accept_any');
    await slip.getByRole('button', { name: '投注', exact: true }).click();
    await slip.getByText(/^投注成功，注单号 /).waitFor({ timeout: 20_000 });
    await slip.getByRole('button', { name: '新投注单' }).click();
  }

  it('bets a single, an accumulator and a Trixie on three live matches, cashes one out, and sees them settled in my bets, the bet records and the balance', async () => {
    const { context, page, watch } = await openWatchedPage(browser);
    await context.addInitScript((session) => localStorage.setItem('lobby.session', session), JSON.stringify({ token: member.token }));
    try {
      const tag = `T${Date.now() % 100_000}`;
      const fixtures = [await matchNow(`${tag}A`), await matchNow(`${tag}B`), await matchNow(`${tag}C`)];
      const venueBefore = (await member.api.call(venueBalances, {})).venueList.find((venue) => venue.channelCode === VENUE);
      const startMinor = toMinor(venueBefore?.money ?? 0, 2);

      await openPage(page, `${server.url}/app/venuesSport/1/${VENUE}?sport=football`);
      // Money into the venue: bets are paid from the venue wallet.
      const balance = page.locator('[data-balance]');
      await expect.poll(() => balance.textContent()).toBe(`${shownYuan(startMinor / 100)} 元`);
      await page.getByLabel('转入金额（元）').fill(String(TRANSFER_YUAN));
      await page.getByRole('button', { name: '转入', exact: true }).click();
      await expect.poll(() => balance.textContent()).toBe(`${shownYuan(startMinor / 100 + TRANSFER_YUAN)} 元`);

      for (const fixtureId of fixtures) await page.locator(`li.fixture-row[data-fixture="${fixtureId}"]`).waitFor();
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);

      // A single on the first match.
      await addHome(page, fixtures[0]!);
      await place(page, '10', '');
      // An accumulator of all three (offered, and chosen, as soon as two matches are on the slip).
      for (const fixtureId of fixtures) await addHome(page, fixtureId);
      const slip = page.getByRole('region', { name: /^投注单/ });
      expect(await slip.getByRole('radio', { name: '串关（3 串 1）' }).isChecked()).toBe(true);
      await place(page, '10', '');
      // A Trixie of the same three: 3 doubles and a treble, 4 lines of 5.00.
      for (const fixtureId of fixtures) await addHome(page, fixtureId);
      await slip.getByRole('radio', { name: 'Trixie（4 注）' }).check();
      await slip.getByLabel('每注金额（元）').fill('5');
      expect(await slip.locator('[data-total="stake"]').textContent()).toBe('20.00');
      await place(page, '5', '');

      const open = await bets('open');
      expect(open.map((bet) => bet.betKind).sort()).toEqual(['accumulator', 'single', 'trixie']);
      const single = open.find((bet) => bet.betKind === 'single')!;

      // Cash the single out before its match ends, from my bets. The offer follows the live price:
      // a goal (suspension) or a moved price refuses it, and the member asks again (idempotent per bet).
      await page.getByRole('navigation', { name: /体育投注$/ }).getByRole('link', { name: '我的注单' }).click();
      const singleItem = page.locator(`li.bet-item[data-bet="${single.betId}"]`);
      const cashedOut = page.getByText(/^已兑现 [\d,.]+ 元。$/);
      const cashOutButton = singleItem.getByRole('button', { name: new RegExp(`^兑现注单 ${single.betId}，`) });
      await expect
        .poll(
          async () => {
            if ((await cashedOut.count()) > 0) return true;
            if (await cashOutButton.isEnabled().catch(() => false)) await cashOutButton.click({ timeout: 5_000 }).catch(() => undefined);
            return (await cashedOut.count()) > 0;
          },
          { timeout: 45_000, interval: 2_000 },
        )
        .toBe(true);

      // The matches play to their end: every bet is settled.
      for (const fixtureId of fixtures) await sandboxPost(server.url, '/sandbox/sports/run', { fixtureId, toEnd: true });
      await expect.poll(async () => (await bets('open')).length, { timeout: 20_000 }).toBe(0);
      const settled = await bets('settled');
      expect(settled.map((bet) => bet.status).sort()).toEqual(['cashed_out', 'settled', 'settled']);

      await page.getByRole('button', { name: '已结算' }).click();
      for (const bet of settled) {
        const item = page.locator(`li.bet-item[data-bet="${bet.betId}"]`);
        await item.waitFor();
        expect(await item.locator('.bet-status').textContent()).toBe(bet.status === 'cashed_out' ? '已兑现' : { won: '赢', lost: '输', void: '无效', partial: '部分赢/输' }[bet.outcome!]);
        expect(await item.locator('[data-payout]').textContent()).toBe(shownYuan((bet.payoutMinor ?? 0) / 100));
      }

      // The venue balance moved by exactly the stakes and what came back.
      const netMinor = settled.reduce((sum, bet) => sum + (bet.payoutMinor ?? 0) - bet.stakeMinor, 0);
      const endMinor = startMinor + TRANSFER_YUAN * 100 + netMinor;
      await operatorClient(server.url).call(opsBetSync, { venueCode: VENUE });
      await expect.poll(async () => toMinor((await member.api.call(venueBalances, {})).venueList.find((venue) => venue.channelCode === VENUE)!.money, 2)).toBe(endMinor);
      await openPage(page, `${server.url}/app/venuesSport/1/${VENUE}?sport=football`);
      await expect.poll(() => balance.textContent()).toBe(`${shownYuan(endMinor / 100)} 元`);

      // The member centre's bet records (fed by bet sync) hold the three bets.
      await openPage(page, `${server.url}/app/myCenter/betRecords`);
      const records = page.locator('[data-records] tbody tr', { hasText: VENUE });
      await expect.poll(() => records.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
