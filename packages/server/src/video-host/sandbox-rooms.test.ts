import { describe, expect, it } from 'vitest';
import { coverOf, sandboxRooms, type MatchInPlay } from './sandbox-rooms.js';

const football = (fixtureId: string): MatchInPlay => ({ fixtureId, sport: 'football' });

describe('which match a sandbox room covers', () => {
  it('puts each live sport room on a match in play of its sports, earliest first, a category\'s rooms on different matches', () => {
    const covers = coverOf(sandboxRooms(), [football('fb-1'), { fixtureId: 'mo-1', sport: 'moba' }, football('fb-2'), { fixtureId: 'bb-1', sport: 'basketball' }]);
    expect(Object.fromEntries(covers)).toEqual({
      'pitch-1': 'fb-1', 'pitch-2': 'fb-2', 'court-1': 'bb-1',
      // Offline: covers nothing. Entertainment: never a match.
      'court-2': null, 'arena-1': 'mo-1', 'arena-2': null,
    });
  });

  it('lets two rooms talk over one match when rooms outnumber matches, and covers none with no match in play', () => {
    expect(coverOf(sandboxRooms(), [football('fb-1')]).get('pitch-2')).toBe('fb-1');
    expect([...coverOf(sandboxRooms(), []).values()].every((cover) => cover === null)).toBe(true);
  });

  it('keeps a cover set by hand (also none), and leaves its match to that room alone', () => {
    const rooms = sandboxRooms().map((room) => (room.roomId === 'pitch-1' ? { ...room, fixtureId: 'fb-2', coverSet: true } : room.roomId === 'court-1' ? { ...room, coverSet: true } : room));
    const covers = coverOf(rooms, [football('fb-1'), football('fb-2'), { fixtureId: 'bb-1', sport: 'basketball' }]);
    expect([covers.get('pitch-1'), covers.get('pitch-2'), covers.get('court-1')]).toEqual(['fb-2', 'fb-1', null]);
  });
});
