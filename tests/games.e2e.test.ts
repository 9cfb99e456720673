import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  createClient, fromMinor, gameFavourites, gameHotList, gameList, loginPayload, opsAudit, opsGameSync, setAutoTransferStatus, toMinor, venueTypeList,
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

/**
 * One transfer venue per category the studio plays (electronic, fishing, cards, live,
 * lottery) and the instant rounds played there; the live table and the draw settle on
 * their own schedule, so they are opened and not bet on (their open bets would keep the
 * venue's books apart from its balance until the draw).
 */
const CATEGORY_PAGES: ReadonlyArray<{ path: string; venueCode: string; rounds: number }> = [
  { path: '/app/egame/LBSLOTS', venueCode: 'LBSLOTS', rounds: 4 },
  { path: '/app/fishing/YBHX', venueCode: 'YBHX', rounds: 3 },
  { path: '/app/chessGame', venueCode: 'LBCHESS', rounds: 3 },
  { path: '/app/realbet', venueCode: 'LBLIVE', rounds: 0 },
  { path: '/app/lottery', venueCode: 'LBLOTTO', rounds: 0 },
];

/** A round as the game reports it to the host (docs/STUDIO.md). */
interface RoundEvent {
  roundId: string;
  stakeMinor: number;
  payoutMinor: number;
}

/** The round events the host page received so far (counted by an init script). */
const roundsSeen = (page: Page) => page.evaluate(() => [...(window as unknown as { gameRounds: RoundEvent[] }).gameRounds]);

/** The balance the game shows. */
const gameBalance = async (page: Page) => (await page.frameLocator('iframe.game-frame-view').getByTestId('game-balance').textContent())!.trim();

/**
 * Plays `count` instant rounds in the open game as a player would: spins a slot, shoots
 * the first fish, or stakes the first spot and deals; answers the rounds as reported.
 */
async function playRounds(page: Page, count: number): Promise<RoundEvent[]> {
  const frame = page.frameLocator('iframe.game-frame-view');
  await frame.getByTestId('game-balance').filter({ hasText: /\d/ }).waitFor();
  const before = (await roundsSeen(page)).length;
  const spin = frame.getByTestId('spin');
  const deal = frame.getByTestId('deal');
  const fish = frame.locator('[data-testid^="fish-"]').first();
  // The shell (with the balance) is drawn before the game's own bundle has loaded.
  await spin.or(deal).or(fish).first().waitFor();
  const [isSlot, isCards] = [await spin.count() > 0, await deal.count() > 0];
  if (isCards) await frame.getByTestId('spots').locator('select').first().selectOption({ index: 1 });
  for (let index = 0; index < count; index += 1) {
    await (isSlot ? spin : isCards ? deal : fish).click();
    await expect.poll(async () => (await roundsSeen(page)).length, { timeout: 15_000 }).toBe(before + index + 1);
  }
  return (await roundsSeen(page)).slice(before);
}

/** Opens a venue lobby, finds the game in the full list and plays it (Play: /loading). */
async function launchFromLobby(page: Page, baseUrl: string, path: string, game: GameItem): Promise<void> {
  await openPage(page, baseUrl + path);
  await page.getByRole('searchbox', { name: '搜索游戏' }).fill(game.nameZh);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await page.getByRole('link', { name: `开始游戏 ${game.nameZh}` }).click();
  await page.locator('iframe.game-frame-view').waitFor();
}

/** Closes the game from lobby's bar and waits for the lobby it came from. */
async function closeGame(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: '关闭游戏' }).click();
  await page.waitForURL((url) => url.pathname === path);
}

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
          // Sports and e-sports venues open the sportsbook (issue 19; tests/sportsbook.e2e.test.ts plays it).
          await page.locator(`.sportsbook[data-venue="${first.code}"] .bet-slip`).waitFor();
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
      // The search's answer: only names holding the text, the game among them.
      await expect.poll(async () => {
        const shown = await names.allTextContents();
        return shown.includes(game.nameZh) && shown.every((name) => name.includes(part));
      }).toBe(true);

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
      await expect.poll(() => frame.getAttribute('title')).toBe(`游戏 ${game.nameZh}`);
      expect(await page.locator('[data-wallet]').count()).toBe(0);
      await page.getByRole('button', { name: '关闭游戏' }).click();
      await page.waitForURL((url) => url.pathname === '/app/egame/LBSLOTS');

      // The inline venue plays the same game inside the layout, its footer hidden.
      await openPage(page, `${server.url}/app/inlineVenueCommon/6/LBSLOTS`);
      await page.getByRole('searchbox', { name: '搜索游戏' }).fill(game.nameZh);
      await page.getByRole('button', { name: '搜索', exact: true }).click();
      await page.getByRole('link', { name: `试玩 ${game.nameZh}` }).click();
      await page.locator('.game-frame.inline iframe.game-frame-view').waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/inlineVenueCommon/6/LBSLOTS');
      expect(await page.locator('header').first().isVisible()).toBe(true);
      expect(await page.locator('footer').count()).toBe(0);
      await page.getByRole('button', { name: '关闭游戏' }).click();
      await page.getByRole('searchbox', { name: '搜索游戏' }).waitFor();
      expect(moneyCalls).toEqual([]);
      expect(consoleErrors()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('launches a game of each category and plays: the money follows into each venue, both balances move with the rounds, the bet records verify a round, the money is conserved', async () => {
    await member.api.call(setAutoTransferStatus, { status: 1 });
    const { context, page } = await pageAs('member');
    await context.addInitScript(() => {
      // Counts the game's round events as the host page receives them.
      const rounds: unknown[] = [];
      (window as unknown as { gameRounds: unknown[] }).gameRounds = rounds;
      window.addEventListener('message', (event) => {
        if ((event.data as { type?: string } | null)?.type === 'lobby.game.round') rounds.push(event.data);
      });
    });
    let played = 0;
    let verifiable: RoundEvent | undefined;
    try {
      // A seamless venue first: the game plays on the centre wallet, which the bar shows move.
      let totalMinor = heldMinor(await member.api.call(walletBalance, {}));
      expect(totalMinor).toBeGreaterThan(0);
      const seamless = await playableGame('LBSTUDIO');
      await launchFromLobby(page, server.url, '/app/egame/LBSTUDIO', seamless);
      const studioRounds = await playRounds(page, 2);
      played += studioRounds.length;
      totalMinor += studioRounds.reduce((sum, round) => sum + round.payoutMinor - round.stakeMinor, 0);
      await expect.poll(() => page.locator('[data-wallet="centerWalletBalance"]').textContent()).toBe(await gameBalance(page));
      expect(heldMinor(await member.api.call(walletBalance, {}))).toBe(totalMinor);
      await closeGame(page, '/app/egame/LBSTUDIO');

      for (const { path, venueCode, rounds } of CATEGORY_PAGES) {
        const game = await playableGame(venueCode);
        await launchFromLobby(page, server.url, path, game);
        const moved = await member.api.call(walletBalance, {});
        expect(heldMinor(moved)).toBe(totalMinor);
        expect(toMinor(moved.centerWalletBalance, 2)).toBe(0);
        expect(venueMinor(moved, venueCode)).toBe(totalMinor);
        await expect.poll(() => page.locator(`[data-venue-money="${venueCode}"]`).textContent()).toBe(shownYuan(fromMinor(totalMinor, 2)));
        if (rounds > 0) {
          const results = await playRounds(page, rounds);
          played += results.length;
          totalMinor += results.reduce((sum, round) => sum + round.payoutMinor - round.stakeMinor, 0);
          // The venue's books follow the bet sync: the bar's venue balance comes to the game's.
          await expect.poll(() => page.locator(`[data-venue-money="${venueCode}"]`).textContent(), { timeout: 30_000 }).toBe(await gameBalance(page));
          if (venueCode === 'LBSLOTS') {
            verifiable = results[results.length - 1];
            const frame = page.frameLocator('iframe.game-frame-view');
            await frame.getByTestId('seeds-panel').locator('summary').click();
            await frame.getByTestId('rotate-seeds').click();
            await frame.getByTestId('revealed-seed').filter({ hasText: /\S/ }).waitFor();
          }
        }
        await closeGame(page, path);
        await expect.poll(async () => heldMinor(await member.api.call(walletBalance, {})), { timeout: 30_000 }).toBe(totalMinor);
      }
      expect(played).toBeGreaterThanOrEqual(10);

      // Today's bets, newest first, 8 a page: the slot round is on the first pages.
      await openPage(page, `${server.url}/app/myCenter/betRecords`);
      const verify = page.getByRole('button', { name: `验证局号 ${verifiable!.roundId}` });
      await page.locator('[data-records]').waitFor();
      for (let turn = 0; turn < 3 && !(await verify.isVisible()); turn += 1) {
        await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '下一页' }).click();
        await page.waitForLoadState('networkidle');
      }
      await verify.click();
      await page.locator('[data-verify="matches"]').waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
      await member.api.call(setAutoTransferStatus, { status: 0 });
    }
  }, 180_000);

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
