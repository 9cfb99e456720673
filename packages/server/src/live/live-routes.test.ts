import { describe, expect, it } from 'vitest';
import {
  CODE, anchorBuyGoldEvent, anchorRoomDetail, buyCoin, chatMute, chatRoomDetailAnonymous, chatroomStatusList, controlSwitchConfig, gameAssist,
  giftRewardSend, homeSport, matchDetail, matchOdds, opsLiveSwitchSet, popularLiveList, popularLiveTop, totalMatchCount, venueFetch, watchSet,
  watchStatus, type Market,
} from '@lobby/sdk';
import { setChatOpen } from '../chat/room-repository.js';
import { routeGroups } from '../route-groups.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { ScriptedLiveSources, scriptedFixture, scriptedRoom } from './testing-sources.js';

const market = (id: string, type: Market['type'], odds: number[], line?: number, status: Market['status'] = 'active'): Market => ({
  id, type, status, version: 3, ...(line === undefined ? {} : { line }),
  selections: odds.map((price, i) => ({ id: `s${i}`, nameEn: `S${i}`, nameZh: `选${i}`, odds: price, active: true })),
});

describe.each(testEngines())('live and sports calls on %s', (engine) => {
  const sources = new ScriptedLiveSources();
  const suite = serverSuite(engine, { clock: true, routeGroups: [(app) => void app.decorate('liveSources', sources), ...routeGroups] });
  const now = () => suite.clock.now();
  const live = scriptedFixture({ status: 'live', minute: 63, score: { home: 2, away: 1 }, version: 7, startsAt: new Date(Date.now() - 3_600_000).toISOString() });
  const next = scriptedFixture({ homeEn: 'Bears', awayEn: 'Wolves', startsAt: new Date(Date.now() + 3_600_000).toISOString() });
  const esport = scriptedFixture({ kind: 'esports', sport: 'moba', status: 'live', startsAt: new Date().toISOString() });
  sources.fixtureList.push(live, next, esport);
  sources.roomsOf.set(4, [
    scriptedRoom({ roomId: 'pitch-1', anchorId: 101, title: 'Lions live', viewers: 50, fixtureId: live.id }),
    scriptedRoom({ roomId: 'court-2', anchorId: 102, title: 'Quiet room', live: false, viewers: 9 }),
    scriptedRoom({ roomId: 'arena-2', anchorId: 103, title: 'Chat room', viewers: 80 }),
  ]);

  it('lists the popular rooms live first by viewers (page 1, size 100), with the match a room covers, and the top live ones', async () => {
    const page = (await suite.call(popularLiveList, {})).body.data;
    expect([page.page, page.size, page.total]).toEqual([1, 100, 3]);
    expect(page.list.map((room) => [room.roomId, room.anchorStatus, room.viewers])).toEqual([['arena-2', 1, 80], ['pitch-1', 1, 50], ['court-2', 0, 0]]);
    expect(page.list[1]!.match).toMatchObject({ fixtureId: live.id, homeScore: 2, guestScore: 1, isStart: true, guestEn: 'Tigers' });
    expect((await suite.call(popularLiveList, { page: 2, size: 2 })).body.data.list.map((room) => room.roomId)).toEqual(['court-2']);
    expect((await suite.call(popularLiveList, { size: 101 })).body.code).toBe(CODE.invalidField);
    expect((await suite.call(popularLiveTop, {})).body.data.list.map((room) => room.roomId)).toEqual(['arena-2', 'pitch-1']);
    expect((await suite.call(popularLiveList, {}, { siteId: 8 })).body.data.list).toEqual([]);
  });

  it("opens a room with its own chat room, the same one every time, that the chat box reads", async () => {
    const first = (await suite.call(anchorRoomDetail, { roomId: 'pitch-1' })).body.data;
    const again = (await suite.call(anchorRoomDetail, { roomId: 'pitch-1' })).body.data;
    const other = (await suite.call(anchorRoomDetail, { roomId: 'arena-2' })).body.data;
    expect(first.room).toMatchObject({ roomId: 'pitch-1', anchorId: 101, title: 'Lions live' });
    expect(first.chatRoomId).toBe(again.chatRoomId);
    expect(other.chatRoomId).not.toBe(first.chatRoomId);
    expect(first.chatRoomId).toBeGreaterThanOrEqual(100_000);
    const chat = await suite.call(chatRoomDetailAnonymous, { roomId: first.chatRoomId });
    expect(chat.body.code).toBe(0);
    expect((await suite.call(anchorRoomDetail, { roomId: 'nope' })).body.code).toBe(CODE.liveRoomNotFound);
    expect((await suite.call(anchorRoomDetail, { roomId: 'pitch-1' }, { siteId: 8 })).body.code).toBe(CODE.liveRoomNotFound);
  });

  it("answers a match with its rooms, its main markets (closest lines to even) and its game assist", async () => {
    sources.marketsOf.set(live.id, [
      market('1x2', '1x2', [1800, 3400, 4500]),
      market('ah:-1', 'asian_handicap', [1700, 2150], -1),
      market('ah:-2', 'asian_handicap', [1930, 1890], -2),
      market('ou:10', 'over_under', [1850, 1950], 10),
      market('ou:14', 'over_under', [3100, 1330], 14),
      market('cs', 'correct_score', [9000, 12000]),
      market('ou:6', 'over_under', [1900, 1900], 6, 'settled'),
    ]);
    const detail = (await suite.call(matchDetail, { fixtureId: live.id })).body.data;
    expect(detail.match).toMatchObject({ homeEn: 'Lions', minute: 63, version: 7 });
    expect(detail.rooms.map((room) => room.roomId)).toEqual(['pitch-1']);
    const odds = (await suite.call(matchOdds, { fixtureId: live.id })).body.data;
    expect(odds.markets.map((m) => [m.marketId, m.line])).toEqual([['1x2', null], ['ah:-2', -2], ['ou:10', 10]]);
    expect(odds.markets[0]!.selections.map((s) => s.odds)).toEqual([1800, 3400, 4500]);
    expect((await suite.call(matchOdds, { fixtureId: 'nope' })).body.code).toBe(CODE.liveMatchNotFound);
    expect((await suite.call(matchDetail, { fixtureId: 'bad id!' })).body.code).toBe(CODE.invalidField);

    const past = (home: string, away: string, h: number, a: number, day: number) =>
      scriptedFixture({ homeEn: home, awayEn: away, status: 'ended', score: { home: h, away: a }, startsAt: new Date(Date.UTC(2026, 9, day)).toISOString() });
    sources.fixtureList.push(past('Lions', 'Tigers', 1, 0, 1), past('Tigers', 'Lions', 2, 2, 5), past('Lions', 'Bears', 0, 3, 9), past('Wolves', 'Tigers', 1, 2, 12));
    const assist = (await suite.call(gameAssist, { fixtureId: live.id })).body.data;
    expect(assist.headToHead.map((m) => [m.homeEn, m.homeScore, m.guestScore])).toEqual([['Tigers', 2, 2], ['Lions', 1, 0]]);
    expect(assist.home.results).toEqual(['L', 'D', 'W']);
    expect(assist.guest.results).toEqual(['W', 'D', 'L']);
  });

  it("keeps a member's follows of rooms and matches, counts followers, refuses unknown targets and visitors", async () => {
    const a = await suite.memberWithBalance(0);
    const b = await suite.memberWithBalance(0);
    expect((await suite.call(watchSet, { targetType: 'room', targetId: 'pitch-1', watching: true }, { token: a.token })).body.data).toEqual({ watching: true, watchers: 1 });
    expect((await suite.call(watchSet, { targetType: 'room', targetId: 'pitch-1', watching: true }, { token: a.token })).body.data).toEqual({ watching: true, watchers: 1 });
    expect((await suite.call(watchStatus, { targetType: 'room', targetId: 'pitch-1' }, { token: b.token })).body.data).toEqual({ watching: false, watchers: 1 });
    await suite.call(watchSet, { targetType: 'match', targetId: live.id, watching: true }, { token: b.token });
    expect((await suite.call(watchStatus, { targetType: 'match', targetId: live.id }, { token: b.token })).body.data).toEqual({ watching: true, watchers: 1 });
    expect((await suite.call(watchSet, { targetType: 'room', targetId: 'pitch-1', watching: false }, { token: a.token })).body.data).toEqual({ watching: false, watchers: 0 });
    expect((await suite.call(watchSet, { targetType: 'room', targetId: 'nowhere', watching: true }, { token: a.token })).body.code).toBe(CODE.liveWatchTargetNotFound);
    expect((await suite.call(watchSet, { targetType: 'match', targetId: 'fx-none', watching: true }, { token: a.token })).body.code).toBe(CODE.liveWatchTargetNotFound);
    expect((await suite.call(watchStatus, { targetType: 'room', targetId: 'pitch-1' })).status).toBe(401);
  });

  it("tells which rooms' chat is open, closed (anchor offline or site chat off) or muted for the member", async () => {
    const { token, memberId } = await suite.memberWithBalance(0);
    const list = (await suite.call(chatroomStatusList, { roomIds: 'pitch-1,court-2' }, { token })).body.data.list;
    expect(list.map((room) => [room.roomId, room.status, room.muted, room.topic])).toEqual([['pitch-1', 1, false, 'Lions live'], ['court-2', 0, false, 'Quiet room']]);
    expect(list[0]!.imTopic).toContain(String(list[0]!.imId));
    const admin = await suite.memberWithBalance(0);
    await suite.db.query('UPDATE members SET is_chat_admin = true WHERE id = $1', [admin.memberId]);
    expect((await suite.call(chatMute, { roomId: list[0]!.imId, memberId, minutes: 10, reason: 'spam' }, { token: admin.token })).body.code).toBe(0);
    expect((await suite.call(chatroomStatusList, { roomIds: 'pitch-1' }, { token })).body.data.list[0]!.muted).toBe(true);
    await setChatOpen(suite.db, 4, false);
    expect((await suite.call(chatroomStatusList, {})).body.data.list.map((room) => room.status)).toEqual([0, 0, 0]);
    await setChatOpen(suite.db, 4, true);
    expect((await suite.call(chatroomStatusList, { roomIds: 'pitch-1;drop' })).body.code).toBe(CODE.invalidField);
  });

  it("fetches the brand's venues for a match by its kind and counts live and today's matches", async () => {
    const sports = (await suite.call(venueFetch, { fixtureId: live.id })).body.data.list;
    expect(sports.map((venue) => [venue.venueCode, venue.gameType])).toContainEqual(['LBSPORT', 1]);
    expect(sports.every((venue) => venue.gameType === 1)).toBe(true);
    expect((await suite.call(venueFetch, { fixtureId: esport.id })).body.data.list.every((venue) => venue.gameType === 2)).toBe(true);
    const counts = (await suite.call(totalMatchCount, {})).body.data;
    expect(counts.live).toBe(1);
    expect((await suite.call(totalMatchCount, { kind: 'esports' })).body.data).toEqual({ live: 1, today: expect.any(Number) });
    expect(counts.today).toBeGreaterThanOrEqual(0);
    sources.fixtureList.push(scriptedFixture({ startsAt: new Date(now()).toISOString() }));
    expect((await suite.call(totalMatchCount, {})).body.data.today).toBe(counts.today + 1);
  });

  it('serves home sport: the match a live anchor covers, its video, the coin rank; maintenance clears the video or the list', async () => {
    const sender = await suite.memberWithBalance(100_00);
    expect((await suite.callWithKey(buyCoin, { money: 10 }, sender.token)).body.code).toBe(0);
    expect((await suite.callWithKey(giftRewardSend, { anchorId: 101, giftId: 2, count: 1 }, sender.token)).body.code).toBe(0);
    const home = (await suite.call(homeSport, {})).body.data;
    expect(home.currentMatch).toMatchObject({ fixtureId: live.id, homeScore: 2, guestScore: 1, anchorStatus: 1, isStart: true });
    expect(home.matchVideoDetail).toMatchObject({ roomId: 'pitch-1', anchorId: 101, viewers: 50 });
    expect(home.playingType).toBe('football');
    expect(home.matchList.map((m) => m.fixtureId)).toEqual(expect.arrayContaining([live.id, next.id]));
    expect(home.matchList.some((m) => m.kind === 'esports' || m.status === 'ended')).toBe(false);
    expect(home.coinRankList[0]).toMatchObject({ rank: 1, coins: 52 });
    expect(home.giftConfig.map((gift) => gift.giftId)).toEqual([1, 2, 3, 4]);

    expect((await suite.call(opsLiveSwitchSet, { siteId: 4, switchType: 3, open: false }, { token: suite.opsToken })).body.code).toBe(0);
    const videoDown = (await suite.call(homeSport, {})).body.data;
    expect([videoDown.matchVideoDetail, videoDown.maintenance, videoDown.matchList.length > 0]).toEqual([null, { video: true, matchList: false }, true]);
    await suite.call(opsLiveSwitchSet, { siteId: 4, switchType: 4, open: false }, { token: suite.opsToken });
    const bothDown = (await suite.call(homeSport, {})).body.data;
    expect([bothDown.matchList, bothDown.maintenance]).toEqual([[], { video: true, matchList: true }]);
    expect((await suite.call(controlSwitchConfig, {})).body.data.list).toEqual([{ switchType: 2, open: true }, { switchType: 3, open: false }, { switchType: 4, open: false }]);
    expect((await suite.call(homeSport, {}, { siteId: 8 })).body.data.maintenance).toEqual({ video: false, matchList: false });
    await suite.call(opsLiveSwitchSet, { siteId: 4, switchType: 3, open: true }, { token: suite.opsToken });
    await suite.call(opsLiveSwitchSet, { siteId: 4, switchType: 4, open: true }, { token: suite.opsToken });
    expect((await suite.call(opsLiveSwitchSet, { siteId: 4, switchType: 3, open: true })).status).toBe(401);

    sources.hostDown = true;
    const hostDown = (await suite.call(homeSport, {})).body.data;
    expect([hostDown.matchVideoDetail, hostDown.maintenance.video, hostDown.currentMatch?.anchorStatus, hostDown.matchList.length > 0]).toEqual([null, true, 0, true]);
    expect((await suite.call(popularLiveList, {})).body.code).toBe(CODE.liveVideoHostUnavailable);
    sources.hostDown = false;
  });

  it('records the anchor buy-gold event against the coin order it reports, once', async () => {
    const buyer = await suite.memberWithBalance(100_00);
    const bought = (await suite.callWithKey(buyCoin, { money: 18 }, buyer.token)).body.data;
    const event = { gold_count: 180, recharge_amount: 18, roomId: 'pitch-1' };
    expect((await suite.call(anchorBuyGoldEvent, event, { token: buyer.token })).body.data).toEqual({ billNo: bought.billNo, recorded: true });
    expect((await suite.call(anchorBuyGoldEvent, event, { token: buyer.token })).body.data).toEqual({ billNo: bought.billNo, recorded: false });
    expect((await suite.call(anchorBuyGoldEvent, { gold_count: 190, recharge_amount: 18 }, { token: buyer.token })).body.code).toBe(CODE.buyGoldOrderNotFound);
    const other = await suite.memberWithBalance(0);
    expect((await suite.call(anchorBuyGoldEvent, event, { token: other.token })).body.code).toBe(CODE.buyGoldOrderNotFound);
    const { rows } = await suite.db.query('SELECT gold_count::int AS "goldCount", recharge_amount_minor::int AS minor, room_id AS "roomId" FROM anchor_buy_gold_events WHERE bill_no = $1', [bought.billNo]);
    expect(rows).toEqual([{ goldCount: 180, minor: 1800, roomId: 'pitch-1' }]);
  });
});
