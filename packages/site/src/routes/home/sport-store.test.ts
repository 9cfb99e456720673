import { describe, expect, it } from 'vitest';
import type { ApiClient, HomeSport, LiveMatch } from '@lobby/sdk';
import { createSportStore } from './sport-store.js';

const match = (fixtureId: string, version: number, homeScore: number): LiveMatch => ({
  fixtureId, sport: 'football', kind: 'sports', leagueEn: 'L', leagueZh: '联', homeEn: 'H', homeZh: '主', guestEn: 'G', guestZh: '客',
  startsAt: '2026-11-26T06:00:00.000Z', status: 'live', minute: 10, homeScore, guestScore: 0, isStart: true, version,
});

const answer = (): HomeSport => ({
  matchList: [match('a', 5, 0), match('b', 3, 1)],
  currentMatch: { ...match('a', 5, 0), anchorStatus: 1 },
  matchVideoDetail: null,
  playingType: 'football',
  coinRankList: [],
  giftConfig: [],
  maintenance: { video: false, matchList: false },
});

/** A client answering homeSport with `sport`. */
const clientOf = (sport: HomeSport) => ({ call: async () => sport }) as unknown as ApiClient;

describe("home's sport block store", () => {
  it('moves the current match and the list by pushed fixtures, and ignores an older version', async () => {
    const store = createSportStore(clientOf(answer()));
    await store.load();
    store.pushed(match('a', 6, 1));
    expect(store.$sport.get().sport!.currentMatch).toMatchObject({ fixtureId: 'a', homeScore: 1, anchorStatus: 1, version: 6 });
    expect(store.$sport.get().sport!.matchList[0]!.homeScore).toBe(1);
    store.pushed(match('a', 4, 0));
    store.pushed(match('b', 3, 7));
    expect(store.$sport.get().sport!.matchList.map((m) => m.homeScore)).toEqual([1, 1]);
    store.pushed(match('z', 9, 3));
    expect(store.$sport.get().sport!.matchList.map((m) => m.fixtureId)).toEqual(['a', 'b']);
  });

  it('keeps the list empty under match-list maintenance, whatever is pushed', async () => {
    const store = createSportStore(clientOf({ ...answer(), matchList: [], maintenance: { video: true, matchList: true } }));
    await store.load();
    store.pushed(match('b', 9, 2));
    expect(store.$sport.get().sport!.matchList).toEqual([]);
  });
});
