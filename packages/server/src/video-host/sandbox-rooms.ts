import type { SportCode, VideoCategory } from '@lobby/sdk';

/** A room of the sandbox host: who broadcasts, which clip it loops and where in it. */
export interface SandboxRoom {
  roomId: string;
  anchorName: string;
  /** Colour of the avatar's circle. */
  avatarColour: string;
  categoryId: number;
  clip: string;
  title: string;
  live: boolean;
  /** Where the room's loop stands against the clock, so rooms of one clip differ. */
  offsetMs: number;
  /** Viewers around which the count moves. */
  baseViewers: number;
  /** The fixture the room was put on by hand (the cover door); see `coverSet`. */
  fixtureId: string | null;
  /** The room's cover was set by hand (even to none); otherwise the room follows a match in play of its category. */
  coverSet: boolean;
  startedAt: string;
}

export const SANDBOX_CATEGORIES: readonly VideoCategory[] = [
  { id: 1, nameZh: '足球', nameEn: 'Football' },
  { id: 2, nameZh: '篮球', nameEn: 'Basketball' },
  { id: 3, nameZh: '电竞', nameEn: 'E-sports' },
  { id: 4, nameZh: '娱乐', nameEn: 'Entertainment' },
];

const started = '2026-11-26T00:00:00.000Z';

/** The sandbox's rooms as it starts: five live, one offline; each sport room follows a match in play of its sport until put on one by hand. */
export function sandboxRooms(): SandboxRoom[] {
  return [
    { roomId: 'pitch-1', anchorName: '小林 Lin', avatarColour: '#2f7d4f', categoryId: 1, clip: 'pitch', title: '足球直播 Football live', live: true, offsetMs: 0, baseViewers: 1840, fixtureId: null, coverSet: false, startedAt: started },
    { roomId: 'pitch-2', anchorName: '阿杰 Jay', avatarColour: '#1f5fa8', categoryId: 1, clip: 'pitch', title: '足球解说 Football talk', live: true, offsetMs: 3_000, baseViewers: 960, fixtureId: null, coverSet: false, startedAt: started },
    { roomId: 'court-1', anchorName: '小美 Mei', avatarColour: '#b5542b', categoryId: 2, clip: 'court', title: '篮球直播 Basketball live', live: true, offsetMs: 1_000, baseViewers: 1220, fixtureId: null, coverSet: false, startedAt: started },
    { roomId: 'court-2', anchorName: '大伟 Wei', avatarColour: '#6b3fa0', categoryId: 2, clip: 'court', title: '篮球夜话 Basketball night', live: false, offsetMs: 0, baseViewers: 0, fixtureId: null, coverSet: false, startedAt: started },
    { roomId: 'arena-1', anchorName: '星辰 Star', avatarColour: '#a0307a', categoryId: 3, clip: 'arena', title: '电竞直播 E-sports live', live: true, offsetMs: 2_000, baseViewers: 2310, fixtureId: null, coverSet: false, startedAt: started },
    { roomId: 'arena-2', anchorName: '月月 Yue', avatarColour: '#8a6d12', categoryId: 4, clip: 'arena', title: '聊天室 Chat room', live: true, offsetMs: 5_000, baseViewers: 530, fixtureId: null, coverSet: false, startedAt: started },
  ];
}

/** The sports a room of each category covers by itself (football, basketball, e-sports; entertainment none). */
export const CATEGORY_SPORTS: Readonly<Record<number, readonly SportCode[]>> = { 1: ['football'], 2: ['basketball'], 3: ['esoccer', 'moba'] };

/** A match in play as the sports feed knows it. */
export interface MatchInPlay {
  fixtureId: string;
  sport: SportCode;
}

/**
 * Which fixture each room covers: a room put on a fixture by hand keeps it; every other live
 * room of a sport category follows a match in play of its sports that no room covers by
 * hand, earliest kick-off first: the category's first room the first match, its second room
 * the second, and so on, starting again from the first when rooms outnumber matches (two
 * anchors may talk over one match). With no such match in play a room covers none.
 *
 * @example coverOf(sandboxRooms(), [{ fixtureId: 'football-1', sport: 'football' }]).get('pitch-1') // 'football-1'
 */
export function coverOf(rooms: readonly SandboxRoom[], inPlay: readonly MatchInPlay[]): Map<string, string | null> {
  const covers = new Map<string, string | null>();
  const byHand = new Set(rooms.filter((room) => room.coverSet && room.fixtureId !== null).map((room) => room.fixtureId));
  const following = new Map<number, number>();
  for (const room of rooms) {
    if (room.coverSet) {
      covers.set(room.roomId, room.fixtureId);
      continue;
    }
    const sports = CATEGORY_SPORTS[room.categoryId] ?? [];
    const matches = room.live ? inPlay.filter((match) => sports.includes(match.sport) && !byHand.has(match.fixtureId)) : [];
    const index = following.get(room.categoryId) ?? 0;
    following.set(room.categoryId, index + 1);
    covers.set(room.roomId, matches.length > 0 ? matches[index % matches.length]!.fixtureId : null);
  }
  return covers;
}

/** The room's avatar: its initial on its colour, as an SVG data: URL (no file, no other origin). */
export function avatarOf(room: SandboxRoom): string {
  const initial = [...room.anchorName][0] ?? '?';
  const escaped = initial.replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="32" fill="${room.avatarColour}"/><text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff">${escaped}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
