import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE } from '@lobby/sdk';
import { testEngines } from '../../testing/databases.js';
import { serverSuite } from '../../testing/server-suite.js';
import { openSession } from '../sessions.js';
import { roundTimes } from './schedule.js';
import { liveTable } from './shared-tables.js';
import { tableTopic } from './table-push.js';

/** A stand-in for packages/studio-ui/dist: the page template and one asset. */
function fakeStudioUi(): string {
  const dist = mkdtempSync(join(tmpdir(), 'studio-ui-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'play.html'), '<!doctype html><title>game</title><script type="module" src="/studio/assets/play.js"></script>');
  writeFileSync(join(dist, 'assets', 'play.js'), 'export {};');
  return dist;
}

describe.each(testEngines())('studio tables and game pages over HTTP on %s', (engine) => {
  const table = liveTable('LBLIVE');
  const roundNo = 92_000_000;
  const times = roundTimes(table.schedule, roundNo);
  const suite = serverSuite(engine, () => ({ clock: times.opensAtMs + 2_000, config: { static: { studioUiDist: fakeStudioUi() } } }));

  async function sessionFor(memberId: number, gameCode = 'live-baccarat') {
    return openSession(suite.db, { memberId, venueCode: 'LBLIVE', gameCode, wallet: 'transfer', language: 'en' }, new Date(suite.clock.now()));
  }
  const get = (url: string, session: string) => suite.app.inject({ method: 'GET', url, headers: { 'x-studio-session': session } }).then((answer) => answer.json());
  const post = (url: string, session: string, body: unknown) =>
    suite.app.inject({ method: 'POST', url, headers: { 'x-studio-session': session, 'content-type': 'application/json' }, payload: JSON.stringify(body) }).then((answer) => answer.json());

  it('a member bets through the page calls, sees bets close, and reads the settled bet', async () => {
    const { memberId } = await suite.memberWithBalance(0);
    await suite.db.query('INSERT INTO sandbox_venue_wallets (venue_code, member_id, balance_minor) VALUES ($1, $2, $3)', ['LBLIVE', memberId, 200_00]);
    const session = await sessionFor(memberId);

    const state = await get('/studio/api/table', session);
    expect(state).toMatchObject({ code: 0, data: { tableId: table.tableId, roundNo, phase: 'betting', closesAtMs: times.closesAtMs } });
    expect(state.data.spots.map((spot: { code: string }) => spot.code)).toContain('banker');
    const placed = await post('/studio/api/table/bets', session, { requestId: 'bet-000001', bet: { spots: { banker: 50_00 } } });
    expect(placed).toMatchObject({ code: 0, data: { bet: { roundNo, stakeMinor: 50_00, status: 'open' } } });
    expect((await get('/studio/api/session', session)).data.balanceMinor).toBe(150_00);

    suite.clock.set(times.closesAtMs + 1);
    const late = await post('/studio/api/table/bets', session, { requestId: 'bet-000002', bet: { spots: { player: 10_00 } } });
    expect(late.code).toBe(CODE.studioBetsClosed);

    suite.clock.set(times.resultAtMs);
    const bets = (await get('/studio/api/table/bets', session)).data.bets;
    expect(bets).toHaveLength(1);
    expect(bets[0]).toMatchObject({ roundNo, status: 'settled' });
    expect((await get('/studio/api/session', session)).data.balanceMinor).toBe(150_00 + bets[0].payoutMinor);
    const detail = await suite.app.studio.roundDetail('LBLIVE', bets[0].betId);
    expect(detail).toMatchObject({ roundId: bets[0].betId, memberId, gameCode: 'live-baccarat', clientSeed: table.tableId, nonce: roundNo, status: 'completed' });
  });

  it('gives a page a broker login for its table topic only, and refuses table calls of other games', async () => {
    const { memberId } = await suite.memberWithBalance(0);
    const live = await get('/studio/api/table/live', await sessionFor(memberId));
    expect(live).toMatchObject({ code: 0, data: { topic: tableTopic(table.tableId) } });
    expect(live.data.url).toMatch(/^ws:\/\/.+\/mqtt$/);
    const slots = await get('/studio/api/table', await sessionFor(memberId, 'fruit-classic'));
    expect(slots.code).toBe(CODE.studioTableNotFound);
  });

  it('serves the game page framable by its own origin only, and its assets', async () => {
    const page = await suite.app.inject({ method: 'GET', url: '/studio/play/live-baccarat?session=x&lang=en' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const site = await suite.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(String(site.headers['content-security-policy'] ?? '')).not.toContain("frame-ancestors 'self'");
    expect((await suite.app.inject({ method: 'GET', url: '/studio/assets/play.js' })).statusCode).toBe(200);
    expect((await suite.app.inject({ method: 'GET', url: '/studio/assets/..%2Fplay.html' })).statusCode).toBe(404);
    expect((await suite.app.inject({ method: 'GET', url: '/studio/play/no-such-game' })).statusCode).toBe(404);
  });
});
