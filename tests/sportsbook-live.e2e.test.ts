import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  createClient, formatOdds, loginPayload, newIdempotencyKey, sportsBetList, sportsFixtureDetail, venueTransferIn, webLogin,
  type ApiClient, type OddsChangePolicy, type SportsBet,
} from '@lobby/sdk';
import type { PageWatch } from './support/browser.js';
import { openPage, openWatchedPage, sandboxPost } from './support/site.js';
import { browserSuite } from './support/suite.js';

/**
 * The sportsbook and the anchor room live, as a member sees them in Chromium: prices pushed
 * onto the slip (no polling), a bet stop greying a market, the odds-change policy deciding a
 * moved price, the slip kept across F5, a resettlement's reason in my bets, an e-sports bet
 * from /app/gaming, and the buy-gold event of a coin purchase made in the anchor room.
 */
describe('the sportsbook live in the browser', () => {
  const { server, browser } = browserSuite();
  let member: { token: string; api: ApiClient };
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    const login = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    const { token } = await login.call(webLogin, loginPayload('demo', 'demo1234'));
    member = { token, api: createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token }) };
    for (const venue of ['LBSPORT', 'LBESPORT']) {
      await member.api.call(venueTransferIn, { api_name: venue, transferIntoVal: 500 }, { idempotencyKey: newIdempotencyKey() });
    }
    ({ context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 1000 } }, { widgets: true }));
    await context.addInitScript((session) => localStorage.setItem('lobby.session', session), JSON.stringify({ token }));
  });

  afterAll(async () => {
    await context?.close();
  });

  /** A match through the sandbox feed's door: in play now unless `startsInMs`. */
  async function match(sport: 'football' | 'esoccer', tag: string, startsInMs = 0): Promise<string> {
    const answer = await sandboxPost<{ fixtureId: string }>(server.url, '/sandbox/sports/fixtures', {
      sport, homeEn: `${tag} Home`, homeZh: `${tag}主队`, awayEn: `${tag} Away`, awayZh: `${tag}客队`, startsInMs,
    });
    return answer.fixtureId;
  }

  /** The home win's price of a match now, as lobby serves it. */
  async function homeOdds(fixtureId: string): Promise<number> {
    const detail = await member.api.call(sportsFixtureDetail, { fixtureId });
    return detail.markets.find((market) => market.id === '1x2')!.selections.find((selection) => selection.id === 'home')!.odds;
  }

  async function bets(venueCode: string, state: 'open' | 'settled'): Promise<SportsBet[]> {
    return (await member.api.call(sportsBetList, { state, venueCode, page: 1, pageSize: 50 })).bets;
  }

  const slipOf = (on: Page) => on.getByRole('region', { name: /^投注单/ });
  const homePrice = (scope: Locator) => scope.locator('[data-market="1x2"] [data-selection="home"]');

  /** Places the slip at the stake shown, and waits for the accepted answer (an in-play bet waits out its delay). */
  async function placeAndWait(on: Page): Promise<void> {
    const slip = slipOf(on);
    await slip.getByRole('button', { name: '投注', exact: true }).click();
    await slip.getByText(/^投注成功，注单号 /).waitFor({ timeout: 20_000 });
    await slip.getByRole('button', { name: '新投注单' }).click();
  }

  it('shows on a fresh start an anchor on air covering a match in play in home\'s sport block (the sandbox host follows the feed)', async () => {
    await openPage(page, `${server.url}/app/home`);
    const block = page.locator('section.home-sport');
    await block.scrollIntoViewIfNeeded();
    const badge = block.locator('.home-sport-current .room-badge');
    await expect.poll(() => badge.getAttribute('data-anchor-status'), { timeout: 20_000 }).toBe('1');
    // The host can put the anchor on a kick-off before lobby has taken the feed's change: the match turns live by the push.
    await expect.poll(() => block.locator('.home-sport-current .match-score').getAttribute('data-status'), { timeout: 10_000 }).toBe('live');
    expect(await block.locator('a.home-sport-room').getAttribute('href')).toMatch(/^\/app\/anchor-game\?room=[a-z]+-\d$/);
  }, 30_000);

  it('moves a price on the slip by the push, greys a stopped market, keeps the slip across F5, and lets the policy decide a moved price', async () => {
    const fixtureId = await match('football', `L${Date.now() % 100_000}`);
    const sportsCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/sports/v1/fixture' || path === '/sports/v1/fixtures') sportsCalls.push(path);
    });
    await openPage(page, `${server.url}/app/venuesSport/1/LBSPORT?sport=football&match=${fixtureId}`);
    const view = page.locator('article.match-view');
    await homePrice(view).waitFor();
    const shown = await homePrice(view).locator('.price-odds').textContent();
    await homePrice(view).click();
    const slip = slipOf(page);
    await slip.getByLabel('每注金额（元）').fill('10');
    const leg = slip.locator(`li.slip-leg[data-fixture="${fixtureId}"]`);
    expect(await leg.locator('.slip-odds').textContent()).toBe(shown);

    // F5: the selection and the stake are still on the slip, its price read again from the server.
    await page.reload();
    await homePrice(view).waitFor();
    await leg.waitFor();
    expect(await slip.getByLabel('每注金额（元）').inputValue()).toBe('10');
    expect(await homePrice(view).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await leg.locator('.slip-odds').textContent()) === formatOdds(await homeOdds(fixtureId), 'decimal')).toBe(true);

    // A bet stop: the market greys, its prices cannot be taken, the slip cannot be placed. The stop
    // may land before the page's push is subscribed after F5: the push client's read on subscribing
    // (resync) brings it then, so the page never misses it.
    sportsCalls.length = 0;
    await sandboxPost(server.url, '/sandbox/sports/bet-stop', { fixtureId, seconds: 8 });
    const market = view.locator('[data-market="1x2"]');
    await expect.poll(() => market.getAttribute('class'), { timeout: 8_000 }).toBe('market suspended');
    expect(await market.locator('.market-state').textContent()).toBe(' (暂停投注)');
    expect(await homePrice(view).isDisabled()).toBe(true);
    expect(await view.locator('[data-market="1x2"] [data-selection="draw"]').isDisabled()).toBe(true);
    await expect.poll(() => leg.getAttribute('class')).toBe('slip-leg suspended');
    expect(await slip.getByRole('button', { name: '投注', exact: true }).isDisabled()).toBe(true);
    // Reopened by the feed (pushed too): takeable again. The resync's read is the only fixture call on the page.
    expect(sportsCalls.every((path) => path === '/sports/v1/fixture')).toBe(true);
    sportsCalls.length = 0;
    await expect.poll(() => market.getAttribute('class'), { timeout: 15_000 }).toBe('market');
    await expect.poll(() => leg.getAttribute('class')).toBe('slip-leg');
    const acceptButton = slip.getByRole('button', { name: '接受新赔率' });
    if ((await acceptButton.count()) > 0) await acceptButton.click();
    const seen = (await leg.locator('.slip-odds').textContent())!;

    // Twenty simulated minutes at 0 : 0 move the home price; the push brings it to the slip, no call asks for it.
    await sandboxPost(server.url, '/sandbox/sports/run', { fixtureId, minutes: 20 });
    await expect.poll(async () => {
      const text = await leg.locator('.slip-odds').textContent();
      return text !== seen && text === formatOdds(await homeOdds(fixtureId), 'decimal');
    }, { timeout: 10_000 }).toBe(true);
    const move = Number(await leg.locator('.slip-odds').textContent()) > Number(seen) ? 'up' : 'down';
    expect(await leg.locator(`.price-move.${move}`).count()).toBe(1);
    expect(sportsCalls).toEqual([]);

    // Each policy takes the move or not, exactly: none never, higher only when up, any always.
    const blocked = slip.getByText('赔率已变化，请接受新赔率后再投注。');
    const takes: Record<OddsChangePolicy, boolean> = { accept_none: false, accept_higher: move === 'up', accept_any: true };
    for (const policy of ['accept_none', 'accept_higher', 'accept_any'] as const) {
      await slip.getByLabel('赔率变化时').selectOption(policy);
      expect([policy, await blocked.count(), await slip.getByRole('button', { name: '投注', exact: true }).isDisabled()]).toEqual([policy, takes[policy] ? 0 : 1, !takes[policy]]);
    }
    // The server takes it under "accept any" (after the in-play delay) at the price now or later.
    await placeAndWait(page);
    const [bet] = (await bets('LBSPORT', 'open')).filter((open) => open.legs[0]?.fixtureId === fixtureId);
    expect(bet).toMatchObject({ status: 'open', oddsChangePolicy: 'accept_any', stakeMinor: 1000 });
    // The kept slip is gone with the taken bet: a reload offers an empty slip.
    await page.reload();
    await slip.locator('.slip-empty').waitFor();
    expect(await slip.locator('li.slip-leg').count()).toBe(0);
  }, 60_000);

  it('shows a resettlement with its reason in my bets', async () => {
    const fixtureId = await match('football', `R${Date.now() % 100_000}`, 30 * 60_000);
    await openPage(page, `${server.url}/app/venuesSport/1/LBSPORT?sport=football&match=${fixtureId}`);
    const view = page.locator('article.match-view');
    // A slip left by an earlier test (kept across pages) is cleared first: this bet is a single.
    await homePrice(view).waitFor();
    const clear = slipOf(page).getByRole('button', { name: '清空' });
    if ((await clear.count()) > 0) await clear.click();
    await homePrice(view).click();
    await slipOf(page).getByLabel('每注金额（元）').fill('20');
    await placeAndWait(page);
    await sandboxPost(server.url, '/sandbox/sports/run', { fixtureId, toEnd: true });
    const reason = 'the feed corrected the result of the 1X2 (test)';
    await sandboxPost(server.url, '/sandbox/sports/rollback', { fixtureId, kind: 'settlement', marketIds: ['1x2'], resettle: true, reason });
    await expect.poll(async () => (await bets('LBSPORT', 'settled')).find((bet) => bet.legs[0]?.fixtureId === fixtureId)?.resettled, { timeout: 15_000 }).toBe(true);
    const bet = (await bets('LBSPORT', 'settled')).find((item) => item.legs[0]?.fixtureId === fixtureId)!;

    await openPage(page, `${server.url}/app/venuesSport/1/LBSPORT?view=bets`);
    await page.getByRole('button', { name: '已结算' }).click();
    const item = page.locator(`li.bet-item[data-bet="${bet.betId}"]`);
    await item.waitFor();
    expect(await item.locator('.bet-reason').textContent()).toContain(reason);
    expect(await item.locator('.bet-reason').textContent()).toMatch(/^重新结算：/);
  }, 45_000);

  it('bets on e-sports from /app/gaming and sees the bet settled', async () => {
    const fixtureId = await match('esoccer', `E${Date.now() % 100_000}`);
    await openPage(page, `${server.url}/app/gaming`);
    await expect.poll(() => page.locator('.sportsbook').getAttribute('data-venue'), { timeout: 15_000 }).toBe('LBESPORT');
    const row = page.locator(`li.fixture-row[data-fixture="${fixtureId}"]`);
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('group', { name: '胜平负' }).locator('[data-selection="home"]').click();
    const slip = slipOf(page);
    await slip.getByLabel('每注金额（元）').fill('8');
    await slip.getByLabel('赔率变化时').selectOption('accept_any');
    await placeAndWait(page);
    const [open] = (await bets('LBESPORT', 'open')).filter((bet) => bet.legs[0]?.fixtureId === fixtureId);
    expect(open).toMatchObject({ venueCode: 'LBESPORT', betKind: 'single', stakeMinor: 800 });

    await sandboxPost(server.url, '/sandbox/sports/run', { fixtureId, toEnd: true });
    await page.getByRole('navigation', { name: /体育投注$/ }).getByRole('link', { name: '我的注单' }).click();
    await page.getByRole('button', { name: '已结算' }).click();
    const item = page.locator(`li.bet-item[data-bet="${open!.betId}"]`);
    await item.waitFor({ timeout: 15_000 });
    const settled = (await bets('LBESPORT', 'settled')).find((bet) => bet.betId === open!.betId)!;
    expect(await item.locator('.bet-status').textContent()).toBe({ won: '赢', lost: '输', void: '无效', partial: '部分赢/输' }[settled.outcome!]);
  }, 45_000);

  it('records the anchor buy-gold event when a coin purchase completes in the anchor room', async () => {
    await page.goto(`${server.url}/app/anchor-game?room=pitch-1`);
    const coins = page.locator('.coin-balance');
    await expect.poll(() => coins.getAttribute('data-coins'), { timeout: 15_000 }).toMatch(/^\d+$/);
    const before = Number(await coins.getAttribute('data-coins'));
    const widget = page.locator('lobby-coin-purchase');
    await widget.locator('button.trigger').click({ timeout: 15_000 });
    const dialog = widget.locator('dialog.modal[open]');
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('button.buy').isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: '¥58', exact: true }).click();
    const event = page.waitForResponse((response) => new URL(response.url()).pathname === '/live/v1/anchor_buy_gold_event');
    await dialog.locator('button.buy').click();
    const confirm = widget.locator('dialog.confirm[open]');
    await confirm.waitFor();
    await confirm.locator('button.primary').click();
    const answer = (await (await event).json()) as { code: number; data: { billNo: string; recorded: boolean } };
    expect(answer.code).toBe(0);
    expect(answer.data.recorded).toBe(true);
    expect(answer.data.billNo).toMatch(/\S+/);
    // The room reloads the coins after the event: 580 more.
    await expect.poll(async () => Number(await coins.getAttribute('data-coins')), { timeout: 15_000 }).toBe(before + 580);
    expect(watch.cspViolations).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  }, 45_000);
});
