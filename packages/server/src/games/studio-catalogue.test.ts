import { describe, expect, it } from 'vitest';
import { CODE, gameDemoLaunch, gameLaunch, gameList, gameSearch, opsGameSync } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { allBrandVenueCodes } from './catalogue-sync.js';

/** The catalogue and launch against the real provider of the app: the sandbox studio. */
describe.each(testEngines())('game catalogue from the sandbox studio on %s', (engine) => {
  const suite = serverSuite(engine);

  it("syncs every brand venue's games from the studio and launches them for a member and in demo", async () => {
    const synced = (await suite.call(opsGameSync, {}, { token: suite.opsToken })).body.data.venues;
    expect(synced.map((venue) => venue.venueCode).sort()).toEqual((await allBrandVenueCodes(suite.db)).sort());
    expect(synced.filter((venue) => !venue.ok || venue.error !== null)).toEqual([]);

    const slots = (await suite.call(gameList, { venueCode: 'LBSLOTS', pageSize: 60 })).body.data;
    expect(slots.total).toBe(synced.find((venue) => venue.venueCode === 'LBSLOTS')!.listed);
    expect(slots.total).toBeGreaterThan(0);
    expect(slots.games.every((game) => game.category === 6 && game.venueCode === 'LBSLOTS')).toBe(true);
    const fishing = (await suite.call(gameList, { category: 7 })).body.data.games;
    expect(fishing.length).toBeGreaterThan(0);
    expect(fishing.every((game) => game.venueCode === 'YBHX')).toBe(true);

    const first = slots.games[0]!;
    const found = (await suite.call(gameSearch, { keyword: first.nameEn.toUpperCase(), venueCode: 'LBSLOTS' })).body.data.games;
    expect(found.map((game) => game.gameCode)).toContain(first.gameCode);

    const { token } = await suite.memberWithBalance(100_00);
    const launched = await suite.call(gameLaunch, { venueCode: 'LBSLOTS', gameCode: first.gameCode }, { token });
    expect(launched.body.code).toBe(0);
    expect(launched.body.data.url.startsWith('/studio/')).toBe(true);
    expect(launched.body.data.walletModel).toBe('transfer');
    const seamlessGame = (await suite.call(gameList, { venueCode: 'LBSTUDIO' })).body.data.games[0]!;
    const seamless = await suite.call(gameLaunch, { venueCode: 'LBSTUDIO', gameCode: seamlessGame.gameCode }, { token });
    expect([seamless.body.code, seamless.body.data.walletModel]).toEqual([0, 'seamless']);

    const demoGame = slots.games.find((game) => game.demo)!;
    expect((await suite.call(gameDemoLaunch, { venueCode: 'LBSLOTS', gameCode: demoGame.gameCode })).body.code).toBe(0);
    const paidOnly = (await suite.call(gameList, { pageSize: 60 })).body.data.games.find((game) => !game.demo)!;
    expect((await suite.call(gameDemoLaunch, { venueCode: paidOnly.venueCode, gameCode: paidOnly.gameCode })).body.code).toBe(CODE.gameDemoNotOffered);
  });
});
