import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  createClient, gameFavourites, gameHotList, gameList, loginPayload, opsAudit, opsGameSync, setAutoTransferStatus, toMinor, venueTypeList,
  walletBalance, webLogin, type ApiClient, type VENUE_TYPES, type CallResponse, type GameItem, type WalletBalance,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { operatorClient, shownYuan } from './support/member-pages.js';
import { openPage, openWatchedPage, venueFault, venueMaintenance } from './support/site.js';
import { browserSuite } from './support/suite.js';

type VenueType = (typeof VENUE_TYPES)[number];

/** Each venue route of spec section 2 with the venue type it lists. */
const VENUE_PAGES: ReadonlyArray<{ path: string; type: VenueType }> = [
  { path: '/app/sport', type: 'ty' },
  { path: '/app/venuesSport/1', type: 'ty' },
  { path: '/app/gaming', type: 'dj' },
  { path: '/app/eGaming/1', type: 'dj' },
  { path: '/app/realbet', type: 'zr' },
  { path: '/app/lottery', type: 'cp' },
  { path: '/app/chessGame', type: 'qp' },
  { path: '/app/egame/LBSLOTS', type: 'dz' },
  { path: '/app/fishing/YBHX', type: 'by' },
  { path: '/app/inlineVenueCommon/3', type: 'zr' },
];

/** One lobby page per category the studio plays: electronic, fishing, cards, live, lottery. */
const CATEGORY_PAGES: ReadonlyArray<{ path: string; venueCode: string }> = [
  { path: '/app/egame/LBSLOTS', venueCode: 'LBSLOTS' },
  { path: '/app/fishing/YBHX', venueCode: 'YBHX' },
  { path: '/app/chessGame', venueCode: 'LBCHESS' },
  { path: '/app/realbet', venueCode: 'LBLIVE' },
  { path: '/app/lottery', venueCode: 'LBLOTTO' },
];

/** A published RTP as a member reads it, computed here apart from the site's own formatter. */
const rtpText = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)}%`;

/** The member's money in lobby: the centre wallet plus every RMB venue wallet, in fen. */
const heldMinor = (wallet: WalletBalance) =>
  toMinor(wallet.centerWalletBalance, 2) + wallet.venueList.filter((venue) => venue.currency === 'RMB').reduce((sum, venue) => sum + toMinor(venue.money, 2), 0);

const venueMinor = (wallet: WalletBalance, venueCode: string) => toMinor(wallet.venueList.find((venue) => venue.channelCode === venueCode)?.money ?? 0, 2);

/** Venue lobbies, launch pages and game play in Chromium against the built server. */
describe('games in the browser', () => {
  const { server, browser } = browserSuite();
  let member: { token: string; api: ApiClient };
  let visitor: ApiClient;

  beforeAll(async () => {
    const login = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    const { token } = await login.call(webLogin, loginPayload('demo', 'demo1234'));
    member = { token, api: createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token }) };
    visitor = login;
    await operatorClient(server.url).call(opsGameSync, {});
  });

  afterAll(async () => {
    // Whatever the tests did, the books balance and every venue wallet equals the venue's word.
    if (!member) return;
    const audit = await operatorClient(server.url).call(opsAudit, {});
    expect(audit.checks.filter((check) => !check.sound)).toEqual([]);
    expect(audit.sound).toBe(true);
  });

  /** A watched page logged in as the demo member (or a visitor's). */
  async function pageAs(who: 'member' | 'visitor'): Promise<{ context: BrowserContext; page: Page; consoleErrors: () => string[] }> {
    const { context, page, watch } = await openWatchedPage(browser);
    if (who === 'member') await context.addInitScript((session) => localStorage.setItem('lobby.session', session), JSON.stringify({ token: member.token }));
    return { context, page, consoleErrors: () => watch.consoleErrors };
  }

  async function hotGames(api: ApiClient, venueCode: string): Promise<GameItem[]> {
    return (await api.call(gameHotList, { venueCode, page: 1, pageSize: 12 })).games;
  }

  /** A game of the venue that can be launched (not in maintenance), from the catalogue. */
  async function playableGame(venueCode: string, demo = false): Promise<GameItem> {
    const { games } = await member.api.call(gameList, { venueCode, sort: 'name', page: 1, pageSize: 60 });
    const game = games.find((item) => !item.maintenance && (!demo || item.demo));
    if (!game) throw new Error(`no ${demo ? 'demo ' : ''}game to launch at ${venueCode}`);
    return game;
  }

  it('lists each venue page\'s venues as tabs and the chosen venue\'s hot games as the catalogue answers them', async () => {
    const { context, page, consoleErrors } = await pageAs('member');
    try {
      for (const { path, type } of VENUE_PAGES) {
        await openPage(page, server.url + path);
        const venues: CallResponse<typeof venueTypeList> = await visitor.call(venueTypeList, { type });
        const tabs = page.getByRole('navigation', { name: '场馆' }).getByRole('link');
        await expect.poll(() => tabs.allTextContents()).toEqual(venues.map((venue) => venue.zhName + (venue.maintenance ? ' (维护中)' : '')));
        const first = venues[0]!;
        if (type === 'ty' || type === 'dj') {
          await page.getByText(`${first.zhName} 的体育投注将随体育赛事功能一起上线，目前无法进入。`).waitFor();
          expect(await page.locator('.game-card').count()).toBe(0);
          continue;
        }
        const games = await hotGames(member.api, first.code);
        const cards = page.locator('.game-grid .game-card');
        await expect.poll(() => cards.locator('.game-name').allTextContents()).toEqual(games.map((game) => game.nameZh));
        expect(await cards.locator('[data-rtp]').allTextContents()).toEqual(games.map((game) => rtpText(game.rtpBasisPoints)));
        const demoGames = games.filter((game) => game.demo && !game.maintenance);
        expect(await page.getByRole('link', { name: /^试玩 / }).count()).toBe(demoGames.length);
      }
      expect(consoleErrors()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('searches a venue\'s games, keeps a favourite, and the lobby is axe clean', async () => {
    const { context, page } = await pageAs('member');
    try {
      const game = await playableGame('LBSLOTS');
      await openPage(page, `${server.url}/app/egame/LBSLOTS`);
      const search = page.getByRole('searchbox', { name: '搜索游戏' });
      const part = game.nameZh.slice(0, 2);
      await search.fill(part);
      await page.getByRole('button', { name: '搜索', exact: true }).click();
      const names = page.locator('.game-grid .game-name');
      await expect.poll(() => names.allTextContents()).toContain(game.nameZh);
      expect((await names.allTextContents()).every((name) => name.includes(part))).toBe(true);

      await page.getByRole('button', { name: `收藏 ${game.nameZh}` }).click();
      await page.getByRole('button', { name: '我的收藏' }).click();
      await expect.poll(() => names.allTextContents()).toEqual([game.nameZh]);
      await expect.poll(async () => (await member.api.call(gameFavourites, { venueCode: 'LBSLOTS' })).games.map((item) => item.gameCode)).toEqual([game.gameCode]);
      expect(await page.getByRole('button', { name: `取消收藏 ${game.nameZh}` }).getAttribute('aria-pressed')).toBe('true');

      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks a visitor to sign in to play, and plays a demo game for fun money: no money call is made', async () => {
    const { context, page, consoleErrors } = await pageAs('visitor');
    try {
      const game = await playableGame('LBSLOTS', true);
      const moneyCalls: string[] = [];
      page.on('request', (request) => {
        if (/\/game\/v1\/(transfer_in|transfer_out|launch|second_launch)|one_click_recycling/.test(request.url())) moneyCalls.push(request.url());
      });
      await openPage(page, `${server.url}/app/egame/LBSLOTS`);
      await page.getByRole('button', { name: '搜索', exact: true }).waitFor();
      await page.getByRole('searchbox', { name: '搜索游戏' }).fill(game.nameZh);
      await page.getByRole('button', { name: '搜索', exact: true }).click();
      await page.getByRole('button', { name: `开始游戏 ${game.nameZh}` }).click();
      await page.getByRole('alert').filter({ hasText: '请先在页面顶部登录后再开始游戏' }).waitFor();
      await page.getByRole('link', { name: `试玩 ${game.nameZh}` }).click();
      const frame = page.locator('iframe.game-frame-view');
      await frame.waitFor();
      expect(new URL(page.url()).pathname).toBe('/loading');
      expect(await frame.getAttribute('title')).toBe(`游戏 ${game.gameCode}`);
      expect(await page.locator('[data-wallet]').count()).toBe(0);
      await page.getByRole('button', { name: '关闭游戏' }).click();
      await page.waitForURL((url) => url.pathname === '/app/egame/LBSLOTS');
      expect(moneyCalls).toEqual([]);
      expect(consoleErrors()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('launches a game of each category with auto transfer on: the member\'s money follows into each venue, shown beside the game, conserved', async () => {
    await member.api.call(setAutoTransferStatus, { status: 1 });
    const { context, page } = await pageAs('member');
    try {
      const start = await member.api.call(walletBalance, {});
      const totalMinor = heldMinor(start);
      expect(totalMinor).toBeGreaterThan(0);
      for (const { path, venueCode } of CATEGORY_PAGES) {
        const game = await playableGame(venueCode);
        await openPage(page, server.url + path);
        await page.getByRole('button', { name: '全部' }).click();
        await page.getByRole('link', { name: `开始游戏 ${game.nameZh}` }).click();
        await page.locator('iframe.game-frame-view').waitFor();
        const wallet = await member.api.call(walletBalance, {});
        expect(heldMinor(wallet)).toBe(totalMinor);
        expect(toMinor(wallet.centerWalletBalance, 2)).toBe(0);
        expect(venueMinor(wallet, venueCode)).toBe(totalMinor);
        await expect.poll(() => page.locator(`[data-venue-money="${venueCode}"]`).textContent()).toBe(shownYuan(wallet.venueList.find((venue) => venue.channelCode === venueCode)!.money));
        await page.getByRole('button', { name: '关闭游戏' }).click();
        await page.waitForURL((url) => url.pathname === path);
      }
    } finally {
      await context.close();
      await member.api.call(setAutoTransferStatus, { status: 0 });
    }
  });

  it('launches nothing at a venue in maintenance, and keeps the money safe when the venue refuses or does not answer the transfer', async () => {
    await member.api.call(setAutoTransferStatus, { status: 1 });
    const { context, page } = await pageAs('member');
    try {
      const chess = await playableGame('LBCHESS');
      await venueMaintenance(server.url, 'LBCHESS', true);
      try {
        await openPage(page, `${server.url}/app/chessGame`);
        await page.getByText('正在维护中，暂时无法进入游戏。').first().waitFor();
        expect(await page.locator('.game-card').count()).toBe(0);
        const before = await member.api.call(walletBalance, {});
        await openPage(page, `${server.url}/loading?venue=LBCHESS&game=${chess.gameCode}&from=/app/chessGame`);
        await page.getByRole('alert').filter({ hasText: '该场馆正在维护中，暂时无法进入游戏。您的资金没有变动。' }).waitFor();
        expect(heldMinor(await member.api.call(walletBalance, {}))).toBe(heldMinor(before));
      } finally {
        await venueMaintenance(server.url, 'LBCHESS', false);
      }

      const live = await playableGame('LBLIVE');
      const launch = `${server.url}/loading?venue=LBLIVE&game=${live.gameCode}&from=/app/realbet`;
      const before = await member.api.call(walletBalance, {});
      await venueFault(server.url, 'LBLIVE', 'fail');
      await openPage(page, launch);
      await page.getByRole('alert').filter({ hasText: '您的资金仍在中心钱包，没有损失。' }).waitFor();
      const refused = await member.api.call(walletBalance, {});
      expect(heldMinor(refused)).toBe(heldMinor(before));
      expect(venueMinor(refused, 'LBLIVE')).toBe(venueMinor(before, 'LBLIVE'));

      await venueFault(server.url, 'LBLIVE', 'timeout');
      await page.getByRole('button', { name: '重试' }).click();
      await page.getByRole('alert').filter({ hasText: '您的资金是安全的：系统会自动对账并处理这笔转账。' }).waitFor();
      await page.getByRole('button', { name: '重试' }).click();
      await page.locator('iframe.game-frame-view').waitFor();
      const after = await member.api.call(walletBalance, {});
      expect(heldMinor(after)).toBe(heldMinor(before));
      expect(toMinor(after.centerWalletBalance, 2)).toBe(0);
      expect(venueMinor(after, 'LBLIVE')).toBe(heldMinor(before));
    } finally {
      await context.close();
      await member.api.call(setAutoTransferStatus, { status: 0 });
    }
  });
});
