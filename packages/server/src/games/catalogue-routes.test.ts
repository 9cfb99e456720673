import { describe, expect, it } from 'vitest';
import {
  CODE, GAME_PAGE_SIZE_MAX, GAME_SEARCH_MAX, gameCancelCollect, gameCollect, gameFavourites, gameHotList, gameList, gameMaintenance,
  gameSearch, opsGameSync,
} from '@lobby/sdk';
import { routeGroups } from '../route-groups.js';
import { testEngines } from '../testing/databases.js';
import { buildTestApp } from '../testing/app.js';
import { databaseSuite, serverSuite } from '../testing/server-suite.js';
import { sandboxOf } from '../testing/venues.js';
import { providerGame, ScriptedGameProvider } from './testing-provider.js';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe.each(testEngines())('game catalogue on %s', (engine) => {
  const provider = new ScriptedGameProvider();
  const suite = serverSuite(engine, { clock: true, routeGroups: [(app) => void app.decorate('gameProvider', provider), ...routeGroups] });
  const sync = async () => {
    const answer = await suite.call(opsGameSync, {}, { token: suite.opsToken });
    expect(answer.body.code).toBe(0);
    return answer.body.data.venues;
  };
  const codes = (games: { gameCode: string }[]) => games.map((game) => game.gameCode);

  it('syncs every venue of every brand, updates games, hides the ones no longer listed and keeps a failing venue as it was', async () => {
    provider.games.set('LBSLOTS', [
      providerGame('alpha', { nameEn: 'Alpha Fruits', hot: true, releasedAt: day(3) }),
      providerGame('beta', { nameEn: 'beta Gems', releasedAt: day(5) }),
      providerGame('gamma', { nameEn: 'Gamma 100%_Wild', nameZh: '百搭狂野', releasedAt: day(1), hot: true }),
      providerGame('evil', { imageUrl: 'https://evil.example/x.png' }),
    ]);
    provider.games.set('YBHX', [providerGame('fish1', { category: 7, nameEn: 'Ocean King', demo: false })]);
    provider.games.set('AUSLOTS', [providerGame('aurora1', { nameEn: 'Aurora Gold' })]);
    const first = await sync();
    expect(first.find((venue) => venue.venueCode === 'LBSLOTS')).toMatchObject({ ok: true, listed: 3, hidden: 0 });
    expect(first.find((venue) => venue.venueCode === 'LBSLOTS')!.error).toContain('evil (imageUrl)');
    expect(first.map((venue) => venue.venueCode)).toEqual(expect.arrayContaining(['LBSLOTS', 'YBHX', 'AUSLOTS', 'LBSPORT']));

    const all = (await suite.call(gameList, { venueCode: 'LBSLOTS' })).body.data;
    expect(codes(all.games)).toEqual(['alpha', 'gamma', 'beta']);
    expect(all.games[0]).toMatchObject({ nameEn: 'Alpha Fruits', studio: 'Test Studio', rtpBasisPoints: 9650, volatility: 'medium', demo: true, favourite: false });

    provider.games.set('LBSLOTS', [
      providerGame('alpha', { nameEn: 'Alpha Fruits Deluxe', rtpBasisPoints: 9700, hot: true, releasedAt: day(3) }),
      providerGame('beta', { nameEn: 'beta Gems', releasedAt: day(5) }),
      providerGame('gamma', { nameEn: 'Gamma 100%_Wild', nameZh: '百搭狂野', releasedAt: day(1), hot: true }),
    ]);
    provider.failing.add('YBHX');
    const second = await sync();
    expect(second.find((venue) => venue.venueCode === 'YBHX')).toMatchObject({ ok: false, listed: 0 });
    expect(codes((await suite.call(gameList, { venueCode: 'YBHX' })).body.data.games)).toEqual(['fish1']);
    const updated = (await suite.call(gameList, { venueCode: 'LBSLOTS', sort: 'name' })).body.data.games;
    expect(updated.map((game) => [game.gameCode, game.nameEn, game.rtpBasisPoints])).toEqual([
      ['alpha', 'Alpha Fruits Deluxe', 9700], ['beta', 'beta Gems', 9650], ['gamma', 'Gamma 100%_Wild', 9650],
    ]);
    provider.failing.delete('YBHX');

    provider.games.set('LBSLOTS', provider.games.get('LBSLOTS')!.filter((game) => game.gameCode !== 'beta'));
    expect((await sync()).find((venue) => venue.venueCode === 'LBSLOTS')).toMatchObject({ ok: true, listed: 2, hidden: 1 });
    expect(codes((await suite.call(gameList, { venueCode: 'LBSLOTS' })).body.data.games)).toEqual(['alpha', 'gamma']);
    expect((await suite.db.query("SELECT hidden FROM games WHERE venue_code = 'LBSLOTS' AND game_code = 'beta'")).rows).toEqual([{ hidden: true }]);

    provider.games.set('LBSLOTS', [...provider.games.get('LBSLOTS')!, providerGame('beta', { nameEn: 'beta Gems', releasedAt: day(5) })]);
    await sync();
    expect(codes((await suite.call(gameList, { venueCode: 'LBSLOTS', sort: 'new' })).body.data.games)).toEqual(['beta', 'alpha', 'gamma']);
  });

  it("lists only the brand's venues, by category, hot first, paged", async () => {
    const lobby = (await suite.call(gameList, {})).body.data;
    expect(codes(lobby.games)).not.toContain('aurora1');
    expect(codes(lobby.games)).toEqual(expect.arrayContaining(['alpha', 'fish1']));
    expect(codes((await suite.call(gameList, {}, { siteId: 8 })).body.data.games).sort()).toEqual(['aurora1', 'fish1']);
    expect((await suite.call(gameList, { venueCode: 'AUSLOTS' })).body.code).toBe(CODE.venueNotFound);

    expect(codes((await suite.call(gameList, { category: 7 })).body.data.games)).toEqual(['fish1']);
    expect(codes((await suite.call(gameHotList, { venueCode: 'LBSLOTS' })).body.data.games)).toEqual(['alpha', 'gamma']);

    const first = (await suite.call(gameList, { venueCode: 'LBSLOTS', sort: 'name', pageSize: 2 })).body.data;
    const second = (await suite.call(gameList, { venueCode: 'LBSLOTS', sort: 'name', pageSize: 2, page: 2 })).body.data;
    expect([first.total, first.page, first.pageSize, codes(first.games), codes(second.games)]).toEqual([3, 1, 2, ['alpha', 'beta'], ['gamma']]);
    expect((await suite.call(gameList, { pageSize: GAME_PAGE_SIZE_MAX + 1 })).status).toBe(400);
    expect((await suite.call(gameList, { page: 0 })).status).toBe(400);
  });

  it('searches names in Chinese or English, case-insensitively, as plain text', async () => {
    const search = async (keyword: string) => {
      const answer = await suite.call(gameSearch, { keyword });
      expect(answer.body.code).toBe(0);
      return codes(answer.body.data.games);
    };
    expect(await search('ALPHA')).toEqual(['alpha']);
    expect(await search('gems')).toEqual(['beta']);
    expect(await search('狂野')).toEqual(['gamma']);
    expect(await search('%')).toEqual(['gamma']);
    expect(await search('0%_w')).toEqual(['gamma']);
    expect(await search('_')).toEqual(['gamma']);
    expect(await search("' OR 1=1 --")).toEqual([]);
    expect(await search('\\')).toEqual([]);
    expect(await search('a'.repeat(GAME_SEARCH_MAX))).toEqual([]);
    expect((await suite.call(gameSearch, { keyword: 'a'.repeat(200) })).status).toBe(400);
    expect((await suite.call(gameSearch, { keyword: '' })).status).toBe(400);
    expect(codes((await suite.call(gameSearch, { keyword: 'aurora' }, { siteId: 8 })).body.data.games)).toEqual(['aurora1']);
    expect(await search('aurora')).toEqual([]);
  });

  it('keeps favourites per member: collect twice is one, another member sees none, cancel removes, unknown games are refused', async () => {
    const one = await suite.memberWithBalance(0);
    const two = await suite.memberWithBalance(0);
    for (let i = 0; i < 2; i += 1) expect((await suite.call(gameCollect, { venueCode: 'LBSLOTS', gameCode: 'gamma' }, { token: one.token })).body).toMatchObject({ code: 0, data: { favourite: true } });
    suite.clock.advance(1000);
    await suite.call(gameCollect, { venueCode: 'YBHX', gameCode: 'fish1' }, { token: one.token });

    const mine = (await suite.call(gameFavourites, {}, { token: one.token })).body.data;
    expect([mine.total, codes(mine.games), mine.games.every((game) => game.favourite)]).toEqual([2, ['fish1', 'gamma'], true]);
    expect((await suite.call(gameList, { venueCode: 'LBSLOTS' }, { token: one.token })).body.data.games.map((game) => [game.gameCode, game.favourite]))
      .toEqual([['alpha', false], ['gamma', true], ['beta', false]]);
    expect((await suite.call(gameFavourites, {}, { token: two.token })).body.data.total).toBe(0);
    expect((await suite.call(gameList, { venueCode: 'LBSLOTS' }, { token: two.token })).body.data.games.some((game) => game.favourite)).toBe(false);
    expect((await suite.call(gameList, { venueCode: 'LBSLOTS' })).body.data.games.some((game) => game.favourite)).toBe(false);

    expect((await suite.call(gameCollect, { venueCode: 'LBSLOTS', gameCode: 'nope' }, { token: two.token })).body.code).toBe(CODE.gameNotFound);
    expect((await suite.call(gameCollect, { venueCode: 'AUSLOTS', gameCode: 'aurora1' }, { token: two.token })).body.code).toBe(CODE.venueNotFound);
    expect((await suite.call(gameCollect, { venueCode: 'LBSLOTS', gameCode: 'gamma' })).status).toBe(401);
    expect((await suite.call(gameFavourites, {}, { token: two.token })).body.data.total).toBe(0);

    for (let i = 0; i < 2; i += 1) expect((await suite.call(gameCancelCollect, { venueCode: 'LBSLOTS', gameCode: 'gamma' }, { token: one.token })).body).toMatchObject({ code: 0, data: { favourite: false } });
    expect(codes((await suite.call(gameFavourites, {}, { token: one.token })).body.data.games)).toEqual(['fish1']);
  });

  it('answers maintenance per venue and per game, and flags listed games', async () => {
    provider.games.set('LBSLOTS', provider.games.get('LBSLOTS')!.map((game) => (game.gameCode === 'beta' ? { ...game, maintenance: true } : game)));
    await sync();
    sandboxOf(suite.app).setMaintenance('YBHX', true);
    try {
      const { venues } = (await suite.call(gameMaintenance, {})).body.data;
      expect(venues.find((venue) => venue.venueCode === 'LBSLOTS')).toEqual({ venueCode: 'LBSLOTS', maintenance: false, gamesInMaintenance: ['beta'] });
      expect(venues.find((venue) => venue.venueCode === 'YBHX')).toEqual({ venueCode: 'YBHX', maintenance: true, gamesInMaintenance: [] });
      expect((await suite.call(gameMaintenance, { venueCode: 'YBHX' })).body.data.venues).toHaveLength(1);
      expect((await suite.call(gameList, { venueCode: 'YBHX' })).body.data.games[0]!.maintenance).toBe(true);
      const slots = (await suite.call(gameList, { venueCode: 'LBSLOTS' })).body.data.games;
      expect(slots.map((game) => [game.gameCode, game.maintenance])).toEqual([['alpha', false], ['gamma', false], ['beta', true]]);
    } finally {
      sandboxOf(suite.app).setMaintenance('YBHX', false);
    }
  });
});

describe.each(testEngines())('game catalogue sync while listening on %s', (engine) => {
  const database = databaseSuite(engine);

  it('syncs the catalogue when the instance starts listening', async () => {
    const provider = new ScriptedGameProvider();
    provider.games.set('LBCHESS', [providerGame('dragon-tiger', { category: 5 })]);
    const app = await buildTestApp(database.db, { routeGroups: [(instance) => void instance.decorate('gameProvider', provider), ...routeGroups] });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      await expect.poll(async () => (await database.db.query("SELECT game_code FROM games WHERE venue_code = 'LBCHESS' AND NOT hidden")).rows, { timeout: 10_000 })
        .toEqual([{ game_code: 'dragon-tiger' }]);
    } finally {
      await app.close();
    }
  });
});
