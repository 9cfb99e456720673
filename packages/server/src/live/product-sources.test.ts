import { describe, expect, it } from 'vitest';
import { CODE, anchorRoomDetail, homeSport, matchOdds, popularLiveList, totalMatchCount } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

/**
 * The live calls on the product's sources: the sandbox sports feed through lobby's sports
 * store, the sandbox video host through its adapter, driven by their doors.
 */
describe.each(testEngines())('live calls on the sports store and video host on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const door = async (path: string, body: Record<string, unknown>) => {
    const answer = await suite.app.inject({ method: 'POST', url: path, payload: body });
    expect(answer.json()).toMatchObject({ code: 0 });
    return answer.json().data as { fixtureId: string };
  };

  it('shows a live anchor on a match in play with no cover set by hand: the sandbox host follows the feed by itself', async () => {
    await door('/sandbox/video/reset', {});
    const home0 = (await suite.call(homeSport, {})).body.data;
    expect(home0.matchVideoDetail).toBeNull();
    const { fixtureId } = await door('/sandbox/sports/fixtures', { sport: 'football', homeEn: 'Quay Rovers', awayEn: 'Mill Lane', startsInMs: 0 });
    const home = (await suite.call(homeSport, {})).body.data;
    expect(home.currentMatch).toMatchObject({ fixtureId, homeEn: 'Quay Rovers', anchorStatus: 1, isStart: true });
    expect(home.matchVideoDetail).toMatchObject({ roomId: 'pitch-1', anchorId: 101 });
    expect((await suite.call(anchorRoomDetail, { roomId: 'pitch-1' })).body.data.room).toMatchObject({ fixtureId, match: { fixtureId } });
    // At full time the room covers nothing again.
    await door('/sandbox/sports/run', { fixtureId, toEnd: true });
    expect((await suite.call(anchorRoomDetail, { roomId: 'pitch-1' })).body.data.room.fixtureId).toBeNull();
  });

  it("shows the match an anchor covers with the store's score, its odds, and the anchor's room", async () => {
    const { fixtureId } = await door('/sandbox/sports/fixtures', { sport: 'football', homeEn: 'Harbour City', awayEn: 'North Vale', startsInMs: 0 });
    suite.clock.advance(1_000);
    await door('/sandbox/sports/tick', {});
    await door('/sandbox/sports/goal', { fixtureId, side: 'home' });
    await door('/sandbox/video/cover', { roomId: 'pitch-1', fixtureId });

    const home = (await suite.call(homeSport, {})).body.data;
    expect(home.currentMatch).toMatchObject({ fixtureId, homeEn: 'Harbour City', guestEn: 'North Vale', homeScore: 1, guestScore: 0, isStart: true, anchorStatus: 1 });
    expect(home.matchVideoDetail).toMatchObject({ roomId: 'pitch-1', anchorId: 101 });
    expect(home.playingType).toBe('football');
    expect(home.matchList.map((match) => match.fixtureId)).toContain(fixtureId);

    const room = (await suite.call(anchorRoomDetail, { roomId: 'pitch-1' })).body.data;
    expect(room.room).toMatchObject({ anchorId: 101, anchorStatus: 1, fixtureId, match: { homeScore: 1, guestScore: 0 } });
    const rooms = (await suite.call(popularLiveList, {})).body.data.list.map((listed) => listed.roomId).sort();
    expect(rooms).toEqual(['arena-1', 'court-1', 'pitch-1']);

    const odds = (await suite.call(matchOdds, { fixtureId })).body.data.markets;
    expect(odds.map((market) => market.type)).toEqual(['1x2', 'asian_handicap', 'over_under']);
    expect(odds[0]!.selections.every((selection) => Number.isInteger(selection.odds) && selection.odds > 1000)).toBe(true);
    expect((await suite.call(totalMatchCount, {})).body.data.live).toBeGreaterThanOrEqual(1);
  });

  it('shows the video as in maintenance while the video host answers on neither host', async () => {
    await door('/sandbox/video/fault', { host: 'a', down: true });
    await door('/sandbox/video/fault', { host: 'b', down: true });
    try {
      const home = (await suite.call(homeSport, {})).body.data;
      expect([home.matchVideoDetail, home.maintenance.video]).toEqual([null, true]);
      expect((await suite.call(popularLiveList, {})).body.code).toBe(CODE.liveVideoHostUnavailable);
    } finally {
      await door('/sandbox/video/reset', {});
    }
  });
});
