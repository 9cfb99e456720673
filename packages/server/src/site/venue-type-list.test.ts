import { describe, expect, it } from 'vitest';
import { venueTypeList } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

describe.each(testEngines())('venues of a type on %s', (engine) => {
  const suite = serverSuite(engine);

  it("answers a visitor each brand's venues of the type from its base config, with the maintenance flag", async () => {
    expect((await suite.call(venueTypeList, { type: 'cp' })).body.data).toEqual([{ code: 'LBLOTTO', enName: 'Lobby Lottery', zhName: '乐博彩票', gameType: 4, walletModel: 'transfer', venueKind: 1, maintenance: false }]);
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

  it('names each venue kind (core 1: the brand\'s own, venues 2: partner venues), lists core venues first and filters by kind', async () => {
    const fishing = (await suite.call(venueTypeList, { type: 'by' })).body.data;
    expect(fishing.map((venue) => [venue.code, venue.venueKind])).toEqual([['YBHX', 2]]);
    const slots = (await suite.call(venueTypeList, { type: 'dz' })).body.data;
    expect(slots.map((venue) => [venue.code, venue.venueKind])).toEqual([['LBSLOTS', 1], ['LBSTUDIO', 1]]);
    expect((await suite.call(venueTypeList, { type: 'by', kind: 1 })).body.data).toEqual([]);
    expect((await suite.call(venueTypeList, { type: 'by', kind: 2 })).body.data.map((venue) => venue.code)).toEqual(['YBHX']);
    expect((await suite.call(venueTypeList, { type: 'by', kind: 3 as 1 })).status).toBe(400);
  });

  it('refuses a type that is not one of the base config', async () => {
    const refused = await suite.call(venueTypeList, { type: 'xx' as 'ty' });
    expect(refused.status).toBe(400);
  });
});
