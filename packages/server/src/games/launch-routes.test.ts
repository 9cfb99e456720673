import { describe, expect, it } from 'vitest';
import { CODE, gameDemoLaunch, gameLaunch, gameSecondLaunch, opsGameSync } from '@lobby/sdk';
import { routeGroups } from '../route-groups.js';
import { testEngines } from '../testing/databases.js';
import { walletOf } from '../testing/members.js';
import { serverSuite } from '../testing/server-suite.js';
import { sandboxOf } from '../testing/venues.js';
import { LAUNCH_TOKEN_TTL_MS, redeemLaunchToken } from './launch-tokens.js';
import { providerGame, ScriptedGameProvider } from './testing-provider.js';

describe.each(testEngines())('game launch on %s', (engine) => {
  const provider = new ScriptedGameProvider();
  provider.games.set('LBSLOTS', [
    providerGame('slot1', { demo: true }),
    providerGame('slot2', { demo: false }),
    providerGame('broken', { maintenance: true }),
  ]);
  provider.games.set('AUSLOTS', [providerGame('aurora1')]);
  const suite = serverSuite(engine, { clock: true, routeGroups: [(app) => void app.decorate('gameProvider', provider), ...routeGroups] });
  const tokens = async () => Number((await suite.db.query<{ n: string }>('SELECT count(*) AS n FROM game_launch_tokens')).rows[0]!.n);
  const lastLaunch = () => provider.launches.at(-1)!;

  it('launches with a one-time token bound to the member, venue, game and CNY, valid 120 s', async () => {
    expect((await suite.call(opsGameSync, {}, { token: suite.opsToken })).body.code).toBe(0);
    const { memberId, token } = await suite.memberWithBalance(100_00);
    const answer = await suite.call(gameLaunch, { venueCode: 'LBSLOTS', gameCode: 'slot1', language: 'en' }, { token });
    expect(answer.body.code).toBe(0);
    const now = suite.clock.now();
    expect(answer.body.data).toEqual({
      url: '/studio/play/LBSLOTS/slot1?demo=0', expiresAt: new Date(now + LAUNCH_TOKEN_TTL_MS).toISOString(), walletModel: 'transfer', resumedRoundId: null,
    });
    const sent = lastLaunch();
    expect(sent).toMatchObject({ venueCode: 'LBSLOTS', gameCode: 'slot1', memberId, currency: 'CNY', language: 'en', demo: false, resume: false });
    expect(sent.launchToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(await redeemLaunchToken(suite.db, sent.launchToken!, new Date(now + 1000))).toEqual({ ok: true, memberId, venueCode: 'LBSLOTS', gameCode: 'slot1', currency: 'CNY' });
    expect(await redeemLaunchToken(suite.db, sent.launchToken!, new Date(now + 2000))).toEqual({ ok: false, reason: 'used' });

    await suite.call(gameLaunch, { venueCode: 'LBSLOTS', gameCode: 'slot2' }, { token });
    expect(lastLaunch()).toMatchObject({ gameCode: 'slot2', language: 'zh-CN' });
    expect(lastLaunch().launchToken).not.toBe(sent.launchToken);
    expect(await redeemLaunchToken(suite.db, lastLaunch().launchToken!, new Date(now + LAUNCH_TOKEN_TTL_MS))).toEqual({ ok: false, reason: 'expired' });
    expect(await walletOf(suite.db, memberId)).toBe(100_00);
  });

  it('second launch resumes the unfinished round (as a call and as the resume flag)', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const second = await suite.call(gameSecondLaunch, { venueCode: 'LBSLOTS', gameCode: 'slot1' }, { token });
    expect(second.body.data.resumedRoundId).toBe(`round-of-${memberId}`);
    expect(lastLaunch()).toMatchObject({ memberId, resume: true, demo: false });
    const flagged = await suite.call(gameLaunch, { venueCode: 'LBSLOTS', gameCode: 'slot1', resume: true }, { token });
    expect(flagged.body.data.resumedRoundId).toBe(`round-of-${memberId}`);
  });

  it('refuses, minting nothing and asking no provider: another brand\'s venue, unknown or hidden game, venue or game in maintenance, a visitor', async () => {
    const { token } = await suite.memberWithBalance(0);
    const before = [await tokens(), provider.launches.length];
    const refusal = async (request: { venueCode: string; gameCode: string }) => (await suite.call(gameLaunch, request, { token })).body.code;
    expect(await refusal({ venueCode: 'AUSLOTS', gameCode: 'aurora1' })).toBe(CODE.venueNotFound);
    expect(await refusal({ venueCode: 'LBSLOTS', gameCode: 'nope' })).toBe(CODE.gameNotFound);
    expect(await refusal({ venueCode: 'LBSLOTS', gameCode: 'broken' })).toBe(CODE.gameMaintaining);
    sandboxOf(suite.app).setMaintenance('LBSLOTS', true);
    try {
      expect(await refusal({ venueCode: 'LBSLOTS', gameCode: 'slot1' })).toBe(CODE.venueMaintaining);
      expect((await suite.call(gameDemoLaunch, { venueCode: 'LBSLOTS', gameCode: 'slot1' })).body.code).toBe(CODE.venueMaintaining);
    } finally {
      sandboxOf(suite.app).setMaintenance('LBSLOTS', false);
    }
    expect((await suite.call(gameLaunch, { venueCode: 'LBSLOTS', gameCode: 'slot1' })).status).toBe(401);

    provider.games.set('LBSLOTS', provider.games.get('LBSLOTS')!.filter((game) => game.gameCode !== 'slot2'));
    await suite.call(opsGameSync, {}, { token: suite.opsToken });
    expect(await refusal({ venueCode: 'LBSLOTS', gameCode: 'slot2' })).toBe(CODE.gameNotFound);
    expect([await tokens(), provider.launches.length]).toEqual(before);

    provider.failing.add('LBSLOTS');
    try {
      expect(await refusal({ venueCode: 'LBSLOTS', gameCode: 'slot1' })).toBe(CODE.gameLaunchFailed);
    } finally {
      provider.failing.delete('LBSLOTS');
    }
  });

  it('demo play (freeavia) for a visitor or member: demo games only, no token, no money', async () => {
    const before = await tokens();
    const visitor = await suite.call(gameDemoLaunch, { venueCode: 'LBSLOTS', gameCode: 'slot1' });
    expect(visitor.body).toMatchObject({ code: 0, data: { url: '/studio/play/LBSLOTS/slot1?demo=1' } });
    expect(lastLaunch()).toMatchObject({ memberId: null, launchToken: null, demo: true });
    const { memberId, token } = await suite.memberWithBalance(50_00);
    expect((await suite.call(gameDemoLaunch, { venueCode: 'LBSLOTS', gameCode: 'slot1' }, { token })).body.code).toBe(0);
    expect(lastLaunch()).toMatchObject({ memberId: null, launchToken: null, demo: true });
    expect(await tokens()).toBe(before);
    expect(await walletOf(suite.db, memberId)).toBe(50_00);

    provider.games.set('LBSLOTS', [...provider.games.get('LBSLOTS')!, providerGame('real', { demo: false })]);
    await suite.call(opsGameSync, {}, { token: suite.opsToken });
    const launches = provider.launches.length;
    expect((await suite.call(gameDemoLaunch, { venueCode: 'LBSLOTS', gameCode: 'real' })).body.code).toBe(CODE.gameDemoNotOffered);
    expect(provider.launches.length).toBe(launches);
  });
});
