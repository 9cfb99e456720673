import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venueTypeList } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { buildTestApp } from '../testing/app.js';
import { callApi } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';

describe.each(testEngines())('venues of a type on %s', (engine) => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it("answers a visitor each brand's venues of the type from its base config, with the maintenance flag", async () => {
    expect((await callApi(app, venueTypeList, { type: 'cp' })).body.data).toEqual([{ code: 'LBLOTTO', enName: 'Lobby Lottery', zhName: '乐博彩票', gameType: 4, maintenance: false }]);
    const door = await app.inject({ method: 'POST', url: '/sandbox/venues/maintenance', payload: { venueCode: 'LBLOTTO', on: true } });
    expect(door.json().code).toBe(0);
    try {
      expect((await callApi(app, venueTypeList, { type: 'cp' })).body.data[0]!.maintenance).toBe(true);
      expect((await callApi(app, venueTypeList, { type: 'ty' })).body.data.map((venue) => [venue.code, venue.maintenance])).toEqual([['LBSPORT', false]]);
    } finally {
      await app.inject({ method: 'POST', url: '/sandbox/venues/maintenance', payload: { venueCode: 'LBLOTTO', on: false } });
    }
    const aurora = (await callApi(app, venueTypeList, { type: 'ty' }, { siteId: 8 })).body.data;
    expect(aurora.map((venue) => venue.code)).toEqual(['AUSPORT']);
  });

  it('refuses a type that is not one of the base config', async () => {
    const refused = await callApi(app, venueTypeList, { type: 'xx' as 'ty' });
    expect(refused.status).toBe(400);
  });
});
