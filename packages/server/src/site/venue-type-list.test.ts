import { describe, expect, it } from 'vitest';
import { venueTypeList } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

describe.each(testEngines())('venues of a type on %s', (engine) => {
  const suite = serverSuite(engine);

  it("answers a visitor each brand's venues of the type from its base config, with the maintenance flag", async () => {
    expect((await suite.call(venueTypeList, { type: 'cp' })).body.data).toEqual([{ code: 'LBLOTTO', enName: 'Lobby Lottery', zhName: '乐博彩票', gameType: 4, walletModel: 'transfer', maintenance: false }]);
    const door = await suite.app.inject({ method: 'POST', url: '/sandbox/venues/maintenance', payload: { venueCode: 'LBLOTTO', on: true } });
    expect(door.json().code).toBe(0);
    try {
      expect((await suite.call(venueTypeList, { type: 'cp' })).body.data[0]!.maintenance).toBe(true);
      expect((await suite.call(venueTypeList, { type: 'ty' })).body.data.map((venue) => [venue.code, venue.maintenance])).toEqual([['LBSPORT', false]]);
    } finally {
      await suite.app.inject({ method: 'POST', url: '/sandbox/venues/maintenance', payload: { venueCode: 'LBLOTTO', on: false } });
    }
    const aurora = (await suite.call(venueTypeList, { type: 'ty' }, { siteId: 8 })).body.data;
    expect(aurora.map((venue) => venue.code)).toEqual(['AUSPORT']);
  });

  it('refuses a type that is not one of the base config', async () => {
    const refused = await suite.call(venueTypeList, { type: 'xx' as 'ty' });
    expect(refused.status).toBe(400);
  });
});
