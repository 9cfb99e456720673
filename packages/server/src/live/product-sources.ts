import type { FastifyInstance } from 'fastify';
import type { Fixture } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { FIXTURE_COLUMNS, fixtureOf, marketsOf, readFixture } from '../sports-feed/store.js';
import { VideoHostUnavailableError } from '../video-host/index.js';
import { anchorRoomsOf } from './anchor-rooms.js';
import type { FixtureQuery, LiveSources, MatchSource, RoomSource, VideoRoom } from './sources.js';

/** The product's sources: matches from the sports store's tables, rooms from `app.videoHost`. */
export function productSources(app: FastifyInstance): LiveSources {
  return { matches: sportsStoreMatches, rooms: videoHostRooms(app) };
}

// FixtureRow is the store's own row type; its columns are FIXTURE_COLUMNS.
type FixtureRow = Parameters<typeof fixtureOf>[0];

async function fixturesWhere(db: Queryable, where: string[], params: unknown[], order: string, limit: number): Promise<Fixture[]> {
  const { rows } = await db.query<FixtureRow>(
    `SELECT ${FIXTURE_COLUMNS} FROM sports_fixtures f ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT ${Number(limit)}`,
    params,
  );
  return rows.map(fixtureOf);
}

const sportsStoreMatches: MatchSource = {
  fixtures(db, query: FixtureQuery) {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(clause(params.length));
    };
    if (query.kind) add((n) => `f.producer = $${n}`, query.kind);
    if (query.statuses) add((n) => `f.status = ANY($${n}::text[])`, [...query.statuses]);
    if (query.startsFrom) add((n) => `f.starts_at >= $${n}`, query.startsFrom);
    if (query.startsBefore) add((n) => `f.starts_at < $${n}`, query.startsBefore);
    return fixturesWhere(db, where, params, `(f.status = 'live') DESC, f.starts_at, f.id`, query.limit);
  },
  fixture: (db, fixtureId) => readFixture(db, fixtureId),
  markets: (db, fixtureId) => marketsOf(db, fixtureId),
  endedWith: (db, teamEn, limit) =>
    fixturesWhere(db, [`f.status = 'ended'`, '(f.home_en = $1 OR f.away_en = $1)'], [teamEn], 'f.starts_at DESC, f.id', limit),
};

/** The brand's anchors' rooms as the video host has them now; a host that cannot answer is liveVideoHostUnavailable. */
function videoHostRooms(app: FastifyInstance): RoomSource {
  return {
    async rooms(siteId) {
      const rooms: VideoRoom[] = [];
      for (const { anchorId, roomId } of anchorRoomsOf(siteId)) {
        const room = await app.videoHost.room(roomId).catch((error: unknown) => {
          if (error instanceof VideoHostUnavailableError) throw new BusinessError('liveVideoHostUnavailable', 'the video host does not answer');
          throw error;
        });
        if (!room) continue;
        rooms.push({
          roomId: room.roomId,
          anchorId,
          anchorName: room.anchorName,
          avatar: room.anchorAvatar,
          title: room.title,
          categoryId: room.categoryId,
          live: room.status === 'live',
          viewers: room.viewers,
          fixtureId: room.fixtureId,
        });
      }
      return rooms;
    },
  };
}
