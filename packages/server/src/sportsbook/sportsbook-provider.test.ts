import { describe, expect, it } from 'vitest';
import { gameList } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

/** The game provider routes the sports and e-sports venues to the sportsbook, every other venue to the studio. */
describe.each(testEngines())('sportsbook as the provider of the sports venues on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });

  it('lists one game per sport, launches the sportsbook page, and leaves the other venues to the studio', async () => {
    const provider = suite.app.gameProvider;
    expect((await provider.catalogue('LBSPORT')).map((game) => [game.gameCode, game.category])).toEqual([['football', 1], ['basketball', 1]]);
    expect((await provider.catalogue('LBESPORT')).map((game) => [game.gameCode, game.category])).toEqual([['esoccer', 2], ['moba', 2]]);
    expect((await provider.catalogue('LBSLOTS')).length).toBeGreaterThan(0);
    expect((await provider.catalogue('LBSLOTS')).every((game) => game.studio !== 'Lobby Sportsbook')).toBe(true);
    const launch = (venueCode: string, gameCode: string) =>
      provider.launch({ venueCode, gameCode, memberId: 1, currency: 'CNY', launchToken: null, language: 'en', demo: false, resume: false });
    expect((await launch('LBSPORT', 'basketball')).url).toBe('/app/venuesSport/1/LBSPORT?sport=basketball');
    expect((await launch('LBESPORT', 'moba')).url).toBe('/app/eGaming/2/LBESPORT?sport=moba');
    expect(await provider.roundDetail('LBSPORT', 'anything')).toBeUndefined();
    expect(await provider.betRecords('LBSPORT', null, 10)).toEqual({ records: [], nextCursor: '0', more: false });
  });

  it('shows the sports games in the venue lobby after a catalogue sync', async () => {
    const { syncCatalogue } = await import('../games/catalogue-sync.js');
    await syncCatalogue(suite.db, suite.app.gameProvider, new Date(suite.clock.now()));
    const list = await suite.call(gameList, { venueCode: 'LBSPORT' });
    expect(list.body.data.games.map((game) => game.nameEn).sort()).toEqual(['Basketball', 'Football']);
  });
});
