import type { Fixture, FixtureStatus, Market, SportKind } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/**
 * Where the live pages read their data (docs/ANCHOR-ROOM.md, "Sources"): matches and scores
 * from lobby's sports store, rooms from the video host. The live folder codes against these
 * two narrow views; routes.ts builds them over `app.sportsFeed` and `app.videoHost` (a test
 * may decorate `app.liveSources` with scripted ones, as the games tests script a provider).
 */

/** A room of the video host as the live pages need it. */
export interface VideoRoom {
  roomId: string;
  /** The brand's anchor who broadcasts there (the gift recipient, anchor/gifts.ts). */
  anchorId: number;
  anchorName: string;
  avatar: string;
  title: string;
  categoryId: number;
  live: boolean;
  viewers: number;
  /** The sports store's fixture the room covers, if any. */
  fixtureId: string | null;
}

export interface FixtureQuery {
  kind?: SportKind;
  statuses?: readonly FixtureStatus[];
  /** Kick-off at or after / before (the brand's day). */
  startsFrom?: Date;
  startsBefore?: Date;
  limit: number;
}

export interface MatchSource {
  /** Fixtures matching the query, live first, then by kick-off. */
  fixtures(db: Queryable, query: FixtureQuery): Promise<Fixture[]>;
  fixture(db: Queryable, fixtureId: string): Promise<Fixture | undefined>;
  /** Every market of the fixture as stored now. */
  markets(db: Queryable, fixtureId: string): Promise<Market[]>;
  /** Ended fixtures a team (by English name) played in, latest first. */
  endedWith(db: Queryable, teamEn: string, limit: number): Promise<Fixture[]>;
}

export interface RoomSource {
  /** The brand's anchor rooms, live or offline. */
  rooms(siteId: number): Promise<VideoRoom[]>;
}

export interface LiveSources {
  matches: MatchSource;
  rooms: RoomSource;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Scripted sources for tests; absent in the product (routes.ts reads the sports store and video host). */
    liveSources: LiveSources;
  }
}
