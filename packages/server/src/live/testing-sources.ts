import type { Fixture, Market } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import type { FixtureQuery, LiveSources, VideoRoom } from './sources.js';

/**
 * Scripted sources for the live route tests: fixtures, markets and rooms a test sets, read
 * as the product's sources answer (live first, then by kick-off; ended latest first).
 */
export class ScriptedLiveSources implements LiveSources {
  readonly fixtureList: Fixture[] = [];
  readonly marketsOf = new Map<string, Market[]>();
  readonly roomsOf = new Map<number, VideoRoom[]>();

  readonly matches = {
    fixtures: async (_db: unknown, query: FixtureQuery) =>
      this.fixtureList
        .filter((fixture) => !query.kind || fixture.kind === query.kind)
        .filter((fixture) => !query.statuses || query.statuses.includes(fixture.status))
        .filter((fixture) => !query.startsFrom || Date.parse(fixture.startsAt) >= query.startsFrom.getTime())
        .filter((fixture) => !query.startsBefore || Date.parse(fixture.startsAt) < query.startsBefore.getTime())
        .sort((a, b) => Number(b.status === 'live') - Number(a.status === 'live') || a.startsAt.localeCompare(b.startsAt))
        .slice(0, query.limit),
    fixture: async (_db: unknown, id: string) => this.fixtureList.find((fixture) => fixture.id === id),
    markets: async (_db: unknown, id: string) => this.marketsOf.get(id) ?? [],
    endedWith: async (_db: unknown, team: string, limit: number) =>
      this.fixtureList
        .filter((fixture) => fixture.status === 'ended' && (fixture.homeEn === team || fixture.awayEn === team))
        .sort((a, b) => b.startsAt.localeCompare(a.startsAt))
        .slice(0, limit),
  };

  /** The video host does not answer while true. */
  hostDown = false;

  readonly rooms = {
    rooms: async (siteId: number) => {
      if (this.hostDown) throw new BusinessError('liveVideoHostUnavailable', 'the video host does not answer');
      return this.roomsOf.get(siteId) ?? [];
    },
  };
}

let next = 0;

/** A football fixture with defaults a test overrides. */
export function scriptedFixture(overrides: Partial<Fixture> = {}): Fixture {
  next += 1;
  return {
    id: `fx${next}`,
    sport: 'football',
    kind: 'sports',
    leagueId: 'l1',
    leagueEn: 'Test League',
    leagueZh: '测试联赛',
    homeEn: 'Lions',
    homeZh: '狮子',
    awayEn: 'Tigers',
    awayZh: '老虎',
    startsAt: new Date(Date.UTC(2026, 10, 26, 4, 0)).toISOString(),
    status: 'scheduled',
    minute: 0,
    score: { home: 0, away: 0 },
    version: 1,
    ...overrides,
  };
}

/** An anchor room with defaults a test overrides. */
export function scriptedRoom(overrides: Partial<VideoRoom> = {}): VideoRoom {
  return { roomId: 'room-1', anchorId: 101, anchorName: 'Anchor', avatar: '/static/a.svg', title: 'Room', categoryId: 1, live: true, viewers: 10, fixtureId: null, ...overrides };
}
