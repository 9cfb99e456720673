import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE, STUDIO_GAMES, fairBytes, playRound, studioGame, type FishingRules, type RoundBet } from '@lobby/sdk';
import { mintLaunchToken } from '../games/launch-tokens.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import type { RoundView, SeedsView } from './play-views.js';
import { launchedMember, sessionOfUrl, studioApi, venueBalanceOf } from './studio-test-support.js';

type Played = { round: RoundView; balanceMinor: number };
const slotBet = { lineBetMinor: 100 };

describe.each(testEngines())('sandbox studio on %s', (engine) => {
  const suite = serverSuite(engine);
  let next = 0;
  const requestId = () => `req-${process.pid}-${(next += 1)}-${Date.now()}`;
  const play = (session: string, bet: unknown = slotBet, id = requestId()) => studioApi<Played>(suite.app, 'POST', '/studio/api/rounds', session, { requestId: id, bet });

  it('lists the games of each venue by its category, none for sports, and shows game maintenance', async () => {
    const slots = await suite.app.studio.catalogue('LBSLOTS');
    expect(slots.map((g) => g.gameCode).sort()).toEqual(STUDIO_GAMES.filter((g) => g.category === 6).map((g) => g.code).sort());
    expect(slots.every((g) => g.category === 6 && g.studio === 'Lobby Studio' && !g.maintenance)).toBe(true);
    expect(await suite.app.studio.catalogue('LBSPORT')).toEqual([]);
    expect(await suite.app.studio.catalogue('LBESPORT')).toEqual([]);
    expect((await suite.app.studio.catalogue('YBHX')).map((g) => g.category)).toEqual(STUDIO_GAMES.filter((g) => g.category === 7).map(() => 7));
    const door = await suite.app.inject({ method: 'POST', url: '/sandbox/studio/maintenance', payload: { venueCode: 'LBSLOTS', gameCode: slots[0]!.gameCode, on: true } });
    expect(door.json()).toMatchObject({ code: 0 });
    const after = await suite.app.studio.catalogue('LBSLOTS');
    expect(after.filter((g) => g.maintenance).map((g) => g.gameCode)).toEqual([slots[0]!.gameCode]);
    suite.app.studio.setMaintenance('LBSLOTS', false, slots[0]!.gameCode);
    await expect(suite.app.studio.catalogue('NOSUCH')).rejects.toMatchObject({ code: CODE.studioVenueUnknown });
  });

  it('redeems a launch token once, at launch: lobby then refuses it, and a token of another game launches nothing', async () => {
    const { memberId, launchToken, session, url } = await launchedMember(suite, 'LBSLOTS', 'fruit-classic', 0);
    expect(url).toMatch(/^\/studio\/play\/fruit-classic\?session=[A-Za-z0-9_-]{43}&lang=en$/);
    const again = await suite.app.studio.lobbyFor('LBSLOTS').authenticate(launchToken);
    expect(again).toMatchObject({ ok: false, reason: 'used' });
    const info = await studioApi<{ gameCode: string; walletModel: string; balanceMinor: number }>(suite.app, 'GET', '/studio/api/session', session);
    expect(info.data).toMatchObject({ gameCode: 'fruit-classic', walletModel: 'transfer', balanceMinor: 0 });
    const other = await mintLaunchToken(suite.db, { memberId, venueCode: 'LBSLOTS', gameCode: 'lucky-sevens', currency: 'CNY' }, new Date());
    await expect(suite.app.studio.launch({
      venueCode: 'LBSLOTS', gameCode: 'fruit-classic', memberId, currency: 'CNY', launchToken: other.token, language: 'en', demo: false, resume: false,
    })).rejects.toMatchObject({ code: CODE.studioLaunchRefused });
    expect(await suite.app.studio.lobbyFor('LBSLOTS').authenticate('not-a-token')).toMatchObject({ ok: false, reason: 'unknown' });
    expect((await studioApi(suite.app, 'GET', '/studio/api/session', 'x'.repeat(43))).code).toBe(CODE.studioSessionInvalid);
  });

  it('moves the sandbox venue wallet by exactly payout - stake each round, and a repeated request id plays nothing more', async () => {
    const { memberId, session } = await launchedMember(suite, 'LBSLOTS', 'fruit-classic', 50_00);
    let balance = await venueBalanceOf(suite, 'LBSLOTS', memberId);
    expect(balance).toBe(50_00);
    for (let i = 0; i < 8; i += 1) {
      const answer = await play(session);
      expect(answer.code).toBe(0);
      const { round } = answer.data;
      expect(round.status).toBe('completed');
      expect(round.stakeMinor).toBeGreaterThan(0);
      balance += round.payoutMinor - round.stakeMinor;
      expect(answer.data.balanceMinor).toBe(balance);
      expect(await venueBalanceOf(suite, 'LBSLOTS', memberId)).toBe(balance);
    }
    const id = requestId();
    const first = await play(session, slotBet, id);
    const repeat = await play(session, slotBet, id);
    expect(repeat.data.round.roundId).toBe(first.data.round.roundId);
    balance += first.data.round.payoutMinor - first.data.round.stakeMinor;
    expect(await venueBalanceOf(suite, 'LBSLOTS', memberId)).toBe(balance);
    const bad = await play(session, { lineBetMinor: -5 });
    expect(bad.code).toBe(CODE.studioBetInvalid);
    expect(bad.msg).toMatch(/lineBetMinor/);
    expect(await venueBalanceOf(suite, 'LBSLOTS', memberId)).toBe(balance);
  });

  it('never takes the venue balance below zero under 20 concurrent rounds', async () => {
    const { memberId, session } = await launchedMember(suite, 'LBCHESS', 'dragon-tiger', 5_00);
    const bet = { spots: { dragon: 100 } };
    const answers = await Promise.all(Array.from({ length: 20 }, () => play(session, bet)));
    const played = answers.filter((a) => a.code === 0).map((a) => a.data.round);
    const refused = answers.filter((a) => a.code !== 0);
    expect(played.length).toBeGreaterThanOrEqual(5);
    expect(refused.every((a) => a.code === CODE.studioInsufficientBalance)).toBe(true);
    const expected = 5_00 + played.reduce((sum, r) => sum + r.payoutMinor - r.stakeMinor, 0);
    const balance = await venueBalanceOf(suite, 'LBCHESS', memberId);
    expect(balance).toBe(expected);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(new Set(played.map((r) => r.nonce)).size).toBe(played.length);
  });

  it('reveals on rotation a server seed whose hash was shown before play; each round recomputes with playRound and Node crypto', async () => {
    const { memberId, session } = await launchedMember(suite, 'LBSLOTS', 'lucky-sevens', 20_00);
    const info = await studioApi<{ seeds: SeedsView }>(suite.app, 'GET', '/studio/api/session', session);
    const shown = info.data.seeds.serverSeedHash;
    const rounds: RoundView[] = [];
    for (let i = 0; i < 3; i += 1) rounds.push((await play(session, { lineBetMinor: 2 })).data.round);
    expect(rounds.every((r) => r.serverSeedHash === shown && r.serverSeed === null)).toBe(true);
    const hidden = await suite.app.studio.roundDetail('LBSLOTS', rounds[0]!.roundId);
    expect(hidden).toMatchObject({ memberId, serverSeed: null, serverSeedHash: shown, status: 'completed' });

    const rotated = await studioApi<{ revealed: { serverSeed: string; serverSeedHash: string; roundsPlayed: number }; seeds: SeedsView }>(suite.app, 'POST', '/studio/api/seeds/rotate', session, {});
    const seed = rotated.data.revealed.serverSeed;
    expect(createHash('sha256').update(seed).digest('hex')).toBe(shown);
    expect(rotated.data.seeds.serverSeedHash).not.toBe(shown);
    expect(rotated.data.seeds.nonce).toBe(0);
    const game = studioGame('lucky-sevens')!;
    for (const round of rounds) {
      const detail = (await suite.app.studio.roundDetail('LBSLOTS', round.roundId))!;
      expect(detail.serverSeed).toBe(seed);
      const seeds = { serverSeed: seed, clientSeed: detail.clientSeed, nonce: detail.nonce };
      expect(await playRound(game, seeds, detail.bet as RoundBet)).toEqual(detail.outcome);
      const nodeBytes = createHmac('sha256', seed).update(`${seeds.clientSeed}:${seeds.nonce}`).digest();
      expect(Buffer.from(await fairBytes(seeds)).equals(nodeBytes)).toBe(true);
    }
    const history = await studioApi<{ rounds: RoundView[] }>(suite.app, 'GET', '/studio/api/rounds?limit=3', session);
    expect(history.data.rounds.map((r) => r.roundId)).toEqual(rounds.map((r) => r.roundId).reverse());
    expect(history.data.rounds.every((r) => r.serverSeed === seed)).toBe(true);
  });

  it('plays later rounds with the client seed the player sets, and refuses a malformed one', async () => {
    const { session } = await launchedMember(suite, 'YBHX', 'ocean-hunter', 10_00);
    const set = await studioApi<{ seeds: SeedsView }>(suite.app, 'POST', '/studio/api/seeds/client', session, { clientSeed: 'my-lucky-seed' });
    expect(set.data.seeds.clientSeed).toBe('my-lucky-seed');
    const rules = studioGame('ocean-hunter')!.rules as FishingRules;
    const shot = await play(session, { fish: rules.fish[0]!.code, stakeMinor: 10 });
    expect(shot.code).toBe(0);
    expect(shot.data.round).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0, serverSeedHash: set.data.seeds.serverSeedHash });
    const bad = await studioApi(suite.app, 'POST', '/studio/api/seeds/client', session, { clientSeed: '<script>' });
    expect(bad.code).toBe(CODE.studioClientSeedInvalid);
  });

  it('lets a visitor play a demo game for fun money while lobby\'s ledger stays untouched', async () => {
    const ledgerBefore = await suite.db.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_transfers');
    const answer = await suite.app.studio.launch({ venueCode: 'LBCHESS', gameCode: 'baccarat', memberId: null, currency: 'CNY', launchToken: null, language: 'zh-CN', demo: true, resume: false });
    const session = sessionOfUrl(answer.url);
    const info = await studioApi<{ balanceMinor: number; demo: boolean }>(suite.app, 'GET', '/studio/api/session', session);
    expect(info.data).toMatchObject({ balanceMinor: 2_000_00, demo: true });
    let balance = 2_000_00;
    for (let i = 0; i < 5; i += 1) {
      const round = await play(session, { spots: { banker: 100_00 } });
      expect(round.code).toBe(0);
      balance += round.data.round.payoutMinor - round.data.round.stakeMinor;
      expect(round.data.balanceMinor).toBe(balance);
    }
    const ledgerAfter = await suite.db.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_transfers');
    expect(ledgerAfter.rows[0]!.n).toBe(ledgerBefore.rows[0]!.n);
    const feed = await suite.db.query<{ n: string }>("SELECT count(*)::text AS n FROM studio_bet_feed WHERE game_code = 'baccarat'");
    expect(feed.rows[0]!.n).toBe('0');
    await expect(suite.app.studio.launch({ venueCode: 'LBLIVE', gameCode: 'live-baccarat', memberId: null, currency: 'CNY', launchToken: null, language: 'en', demo: true, resume: false }))
      .rejects.toMatchObject({ code: CODE.studioDemoNotOffered });
  });

  it('answers a launch delivered twice, or whose answer was lost, with one session; a refused launch redeems nothing', async () => {
    const { memberId } = await suite.memberWithBalance(0);
    const launchWith = (token: string) => suite.app.studio.launch({ venueCode: 'LBSLOTS', gameCode: 'fruit-classic', memberId, currency: 'CNY', launchToken: token, language: 'en', demo: false, resume: false });
    const mint = async () => (await mintLaunchToken(suite.db, { memberId, venueCode: 'LBSLOTS', gameCode: 'fruit-classic', currency: 'CNY' }, new Date())).token;
    const sessions = async () => Number((await suite.db.query<{ n: string }>('SELECT count(*)::text AS n FROM studio_sessions WHERE member_id = $1', [memberId])).rows[0]!.n);

    suite.app.studio.failNext('launch', 'LBSLOTS', { fault: 'duplicate' });
    const token = await mint();
    const twice = await launchWith(token);
    expect(await sessions()).toBe(1);

    suite.app.studio.failNext('launch', 'LBSLOTS', { fault: 'lose' });
    const lostToken = await mint();
    await expect(launchWith(lostToken)).rejects.toThrow(/did not answer/);
    const retried = await launchWith(lostToken);
    expect(retried.url).not.toBe(twice.url);
    expect(await sessions()).toBe(2);

    suite.app.studio.failNext('launch', 'LBSLOTS', { fault: 'fail' });
    const refusedToken = await mint();
    await expect(launchWith(refusedToken)).rejects.toMatchObject({ code: CODE.studioLaunchRefused });
    expect(await sessions()).toBe(2);
    expect((await launchWith(refusedToken)).url).toMatch(/session=/);
    expect(await sessions()).toBe(3);
  });
});
