import { describe, expect, it } from 'vitest';
import { CODE, venueTransferIn } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { sandboxOf } from '../testing/venues.js';

// The doors are plain JSON routes, not contract calls: their bodies arrive as raw text and
// must be parsed, as a browser test posting JSON sends them.
describe('the sandbox venue doors over HTTP with a JSON body', () => {
  const suite = serverSuite(testEngines()[0]!);

  const post = (url: string, body: unknown) =>
    suite.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('queues a fault that the next transfer meets, and nothing moves', async () => {
    const { memberId, token } = await suite.memberWithBalance(100_00);
    const door = await post('/sandbox/venues/fault', { venueCode: 'LBSPORT', fault: 'fail' });
    expect(door.json()).toMatchObject({ code: 0 });
    const refused = await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 10 }, token);
    expect(refused.body.code).toBe(CODE.venueTransferFailed);
    expect(await sandboxOf(suite.app).balance('LBSPORT', memberId)).toBe(0);
  });

  it('puts a venue in maintenance and out again', async () => {
    const { token } = await suite.memberWithBalance(100_00);
    expect((await post('/sandbox/venues/maintenance', { venueCode: 'LBCHESS', on: true })).json()).toMatchObject({ code: 0 });
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'LBCHESS', transferIntoVal: 10 }, token)).body.code).toBe(CODE.venueMaintaining);
    expect((await post('/sandbox/venues/maintenance', { venueCode: 'LBCHESS', on: false })).json()).toMatchObject({ code: 0 });
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'LBCHESS', transferIntoVal: 10 }, token)).body.code).toBe(0);
  });

  it('refuses a body that is not JSON or names no venue, with the field named', async () => {
    const notJson = await suite.app.inject({ method: 'POST', url: '/sandbox/venues/fault', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(notJson.json()).toMatchObject({ code: CODE.invalidJson });
    expect((await post('/sandbox/venues/maintenance', { on: true })).json()).toMatchObject({ code: CODE.invalidField, msg: expect.stringContaining('venueCode') });
  });
});
