import {
  CODE, HOME_MATCH_LIST_SIZE, liveMatchOf, POPULAR_LIVE_PAGE_SIZE, POPULAR_LIVE_TOP_SIZE, type CallResponse, type Fixture, type HomeSport, type LiveRoom,
  type popularLiveList,
} from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { giftsOf } from '../anchor/gifts.js';
import { BusinessError } from '../http/errors.js';
import { coinRankOf, liveSwitches } from './live-repository.js';
import type { LiveSources, VideoRoom } from './sources.js';

/**
 * The live pages' reads composed from the sources (docs/ANCHOR-ROOM.md): rooms with the
 * match each covers, the popular list and top, and home's sport block.
 */
export class LiveService {
  constructor(readonly sources: LiveSources) {}

  /** Every room of the brand with its match, live first, then most viewers, then by id. */
  async rooms(db: Queryable, siteId: number): Promise<LiveRoom[]> {
    const rooms = await this.sources.rooms.rooms(siteId);
    const ids = [...new Set(rooms.flatMap((room) => (room.fixtureId ? [room.fixtureId] : [])))];
    const fixtures = new Map<string, Fixture>();
    for (const id of ids) {
      const fixture = await this.sources.matches.fixture(db, id);
      if (fixture) fixtures.set(id, fixture);
    }
    return rooms.map((room) => roomView(room, fixtures.get(room.fixtureId ?? ''))).sort(popularFirst);
  }

  async room(db: Queryable, siteId: number, roomId: string): Promise<LiveRoom> {
    const room = (await this.sources.rooms.rooms(siteId)).find((candidate) => candidate.roomId === roomId);
    if (!room) throw new BusinessError('liveRoomNotFound', `roomId: no room ${roomId} on this site`);
    const fixture = room.fixtureId ? await this.sources.matches.fixture(db, room.fixtureId) : undefined;
    return roomView(room, fixture);
  }

  async popularList(db: Queryable, siteId: number, page = 1, size = POPULAR_LIVE_PAGE_SIZE): Promise<CallResponse<typeof popularLiveList>> {
    const rooms = await this.rooms(db, siteId);
    return { list: rooms.slice((page - 1) * size, page * size), total: rooms.length, page, size };
  }

  async popularTop(db: Queryable, siteId: number): Promise<LiveRoom[]> {
    return (await this.rooms(db, siteId)).filter((room) => room.anchorStatus === 1).slice(0, POPULAR_LIVE_TOP_SIZE);
  }

  async fixture(db: Queryable, fixtureId: string): Promise<Fixture> {
    const fixture = await this.sources.matches.fixture(db, fixtureId);
    if (!fixture) throw new BusinessError('liveMatchNotFound', `fixtureId: no match ${fixtureId}`);
    return fixture;
  }

  /**
   * Home's sport block (spec section 3 "Home sport"). The current match is the one a live
   * anchor covers (most viewers), else the first live match, else the next to start.
   * Control switch 3 (anchor) off is video maintenance: no video detail; switch 4 (sports)
   * off is match-list maintenance: no match list (spec section 4). A video host that does
   * not answer is video maintenance too.
   */
  async homeSport(db: Queryable, siteId: number, nowMs: number): Promise<HomeSport> {
    const switches = await liveSwitches(db, siteId);
    const fixtures = await this.sources.matches.fixtures(db, { kind: 'sports', statuses: ['live', 'scheduled'], limit: HOME_MATCH_LIST_SIZE });
    const hosted = await this.sources.rooms.rooms(siteId).catch((error: unknown) => {
      if (error instanceof BusinessError && error.code === CODE.liveVideoHostUnavailable) return null;
      throw error;
    });
    const videoOpen = switches.anchorOpen && hosted !== null;
    const rooms = (hosted ?? []).filter((room) => room.live).sort((a, b) => b.viewers - a.viewers);
    const covered = rooms.map((room) => ({ room, fixture: fixtures.find((fixture) => fixture.id === room.fixtureId) })).find((pair) => pair.fixture);
    const current = covered?.fixture ?? fixtures.find((fixture) => fixture.status === 'live') ?? fixtures[0];
    const anchorRoom = current ? rooms.find((room) => room.fixtureId === current.id) : undefined;
    return {
      matchList: switches.sportsOpen ? fixtures.map(liveMatchOf) : [],
      currentMatch: current ? { ...liveMatchOf(current), anchorStatus: anchorRoom ? 1 : 0 } : null,
      matchVideoDetail: anchorRoom && videoOpen ? videoDetail(anchorRoom) : null,
      playingType: current?.sport ?? '',
      coinRankList: await coinRankOf(db, siteId, nowMs),
      giftConfig: [...giftsOf(siteId)],
      maintenance: { video: !videoOpen, matchList: !switches.sportsOpen },
    };
  }
}

function videoDetail(room: VideoRoom): NonNullable<HomeSport['matchVideoDetail']> {
  return { roomId: room.roomId, anchorId: room.anchorId, anchorName: room.anchorName, avatar: room.avatar, title: room.title, viewers: room.viewers };
}

function roomView(room: VideoRoom, fixture: Fixture | undefined): LiveRoom {
  return {
    roomId: room.roomId,
    anchorId: room.anchorId,
    anchorName: room.anchorName,
    avatar: room.avatar,
    title: room.title,
    categoryId: room.categoryId,
    anchorStatus: room.live ? 1 : 0,
    viewers: room.live ? room.viewers : 0,
    fixtureId: room.fixtureId,
    match: fixture ? liveMatchOf(fixture) : null,
  };
}

function popularFirst(a: LiveRoom, b: LiveRoom): number {
  return b.anchorStatus - a.anchorStatus || b.viewers - a.viewers || a.roomId.localeCompare(b.roomId);
}
