import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, venueTransferIn } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { buildTestApp } from '../testing/app.js';
import { testEngines } from '../testing/databases.js';
import { memberWithBalance } from '../testing/members.js';
import { callWithKey, sandboxOf } from '../testing/venues.js';

// The doors are plain JSON routes, not contract calls: their bodies arrive as raw text and
// must be parsed, as a browser test posting JSON sends them.
describe('the sandbox venue doors over HTTP with a JSON body', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await testEngines()[0]!.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const post = (url: string, body: unknown) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('queues a fault that the next transfer meets, and nothing moves', async () => {
    const { memberId, token } = await memberWithBalance(db, 100_00);
    const door = await post('/sandbox/venues/fault', { venueCode: 'LBSPORT', fault: 'fail' });
    expect(door.json()).toMatchObject({ code: 0 });
    const refused = await callWithKey(app, venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 10 }, token);
    expect(refused.body.code).toBe(CODE.venueTransferFailed);
    expect(await sandboxOf(app).balance('LBSPORT', memberId)).toBe(0);
  });

  it('puts a venue in maintenance and out again', async () => {
    const { token } = await memberWithBalance(db, 100_00);
    expect((await post('/sandbox/venues/maintenance', { venueCode: 'LBCHESS', on: true })).json()).toMatchObject({ code: 0 });
    expect((await callWithKey(app, venueTransferIn, { api_name: 'LBCHESS', transferIntoVal: 10 }, token)).body.code).toBe(CODE.venueMaintaining);
    expect((await post('/sandbox/venues/maintenance', { venueCode: 'LBCHESS', on: false })).json()).toMatchObject({ code: 0 });
    expect((await callWithKey(app, venueTransferIn, { api_name: 'LBCHESS', transferIntoVal: 10 }, token)).body.code).toBe(0);
  });

  it('refuses a body that is not JSON or names no venue, with the field named', async () => {
    const notJson = await app.inject({ method: 'POST', url: '/sandbox/venues/fault', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(notJson.json()).toMatchObject({ code: CODE.invalidJson });
    expect((await post('/sandbox/venues/maintenance', { on: true })).json()).toMatchObject({ code: CODE.invalidField, msg: expect.stringContaining('venueCode') });
  });
});
