import { VIDEO_HOST_SANDBOX_BASES, type VideoCategory, type VideoPlaying, type VideoRoom, type VideoRoomPage, type VideoSourceUrls, type VideoStream, type VideoUrls } from '@lobby/sdk';
import { readClips, type Clip } from './clips.js';
import { HostFaultBoard, VIDEO_HOST_NAMES, type VideoHostName } from './faults.js';
import { liveDelaySeconds } from './live-playlist.js';
import { SANDBOX_CATEGORIES, avatarOf, coverOf, sandboxRooms, type MatchInPlay, type SandboxRoom } from './sandbox-rooms.js';
import { VideoHostUnavailableError, type LiveListQuery, type VideoHost } from './video-host.js';

/** Spec section 9: the popular live page holds 100 rooms; a live list page is at most that. */
export const LIVE_PAGE_SIZE_MAX = 100;
const LIVE_PAGE_SIZE_DEFAULT = 20;

export interface SandboxVideoHostOptions {
  /** The folder of the clips (packages/server/assets/video). */
  clipsDir: string;
  now: () => number;
  random?: () => number;
  /** The host bases, a then b (VIDEO_HOST_SANDBOX_BASES). */
  bases?: readonly string[];
  /** The matches in play, earliest kick-off first: rooms not put on a fixture by hand cover these (none when absent). */
  inPlay?: () => readonly MatchInPlay[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The sandbox video host (docs/LIVE-VIDEO.md): a third party with its own rooms and
 * clips, served over HTTP at two hosts (host-api.ts) and to lobby's server in process
 * through the VideoHost adapter, which meets the same host faults (host a, then b).
 */
export class SandboxVideoHost implements VideoHost {
  readonly faults: HostFaultBoard;
  readonly clips: Map<string, Clip>;
  readonly bases: readonly string[];
  readonly now: () => number;
  /**
   * When the host went on air: its streams count their segments from here. Counted from the
   * Unix epoch instead, media sequences near 10^9 made hls.js spend seconds of main thread
   * on every playlist load (the page stopped rendering).
   */
  readonly onAirSinceMs: number;
  private readonly rooms = new Map<string, SandboxRoom>();
  private readonly inPlay: () => readonly MatchInPlay[];

  constructor(options: SandboxVideoHostOptions) {
    this.inPlay = options.inPlay ?? (() => []);
    this.clips = readClips(options.clipsDir);
    this.faults = new HostFaultBoard(options.random);
    this.bases = options.bases ?? VIDEO_HOST_SANDBOX_BASES;
    this.now = options.now;
    this.onAirSinceMs = options.now();
    for (const room of sandboxRooms()) this.rooms.set(room.roomId, room);
  }

  /** Puts the room on a fixture (or on none with null) by hand, until reset; false for an unknown room. */
  cover(roomId: string, fixtureId: string | null): boolean {
    const room = this.rooms.get(roomId);
    if (!room) return false;
    room.fixtureId = fixtureId;
    room.coverSet = true;
    return true;
  }

  /** The fixture each room covers now (by hand, else a match in play of its sport: coverOf). */
  private covers(): Map<string, string | null> {
    return coverOf([...this.rooms.values()], this.inPlay());
  }

  /** Starts or ends a room's broadcast; false for an unknown room. */
  setLive(roomId: string, live: boolean): boolean {
    const room = this.rooms.get(roomId);
    if (!room) return false;
    room.live = live;
    if (live) room.startedAt = new Date(this.now()).toISOString();
    return true;
  }

  /** Back to the rooms and faults the sandbox starts with. */
  reset(): void {
    this.rooms.clear();
    for (const room of sandboxRooms()) this.rooms.set(room.roomId, room);
    this.faults.reset();
  }

  /** The room of a live stream and its clip, or undefined when none is on air. */
  onAir(roomId: string): { room: SandboxRoom; clip: Clip } | undefined {
    const room = this.rooms.get(roomId);
    const clip = room && this.clips.get(room.clip);
    return room?.live && clip ? { room, clip } : undefined;
  }

  /** Meets a host's faults: waits out a delay, throws when the host fails. */
  async through(host: VideoHostName): Promise<void> {
    const verdict = this.faults.meet(host);
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);
    if (verdict.fail) throw new VideoHostUnavailableError(`video host ${host} failed`);
  }

  // The VideoHost adapter: each call goes to host a, then b when a fails.
  private async served<T>(work: () => T): Promise<T> {
    for (const host of VIDEO_HOST_NAMES) {
      try {
        await this.through(host);
        return work();
      } catch (error) {
        if (!(error instanceof VideoHostUnavailableError)) throw error;
      }
    }
    throw new VideoHostUnavailableError();
  }

  domains = () => this.served(() => [...this.bases]);
  categories = () => this.served(() => this.categoriesNow());
  liveList = (query: LiveListQuery) => this.served(() => this.liveListNow(query));
  playingData = (roomId: string) => this.served(() => this.playingNow(roomId));
  urls = (roomId: string) => this.served(() => this.urlsNow(roomId, 0));
  sourceUrls = (roomId: string) => this.served(() => this.sourceUrlsNow(roomId));
  anchorMatchRooms = (fixtureIds?: readonly string[]) => this.served(() => this.matchRoomsNow(fixtureIds));
  room = (roomId: string) => this.served(() => this.roomNow(roomId));

  // What the host knows now (host-api.ts serves these after its own checks).
  viewersOf(room: SandboxRoom): number {
    if (!room.live) return 0;
    const swing = Math.sin(this.now() / 60_000 + room.offsetMs);
    return Math.max(0, room.baseViewers + Math.round(room.baseViewers * 0.1 * swing));
  }

  streamsOf(room: SandboxRoom): VideoStream[] {
    return room.live ? [{ quality: '240p', path: `/live/${room.roomId}/live.m3u8`, mimeType: 'application/vnd.apple.mpegurl' }] : [];
  }

  viewOf(room: SandboxRoom, covers = this.covers()): VideoRoom {
    return {
      roomId: room.roomId,
      anchorName: room.anchorName,
      anchorAvatar: avatarOf(room),
      categoryId: room.categoryId,
      status: room.live ? 'live' : 'offline',
      fixtureId: covers.get(room.roomId) ?? null,
      viewers: this.viewersOf(room),
      title: room.title,
      streams: this.streamsOf(room),
    };
  }

  categoriesNow(): VideoCategory[] {
    return SANDBOX_CATEGORIES.map((category) => ({ ...category }));
  }

  liveListNow(query: LiveListQuery): VideoRoomPage {
    const page = query.page ?? 1;
    const pageSize = Math.min(query.pageSize ?? LIVE_PAGE_SIZE_DEFAULT, LIVE_PAGE_SIZE_MAX);
    const covers = this.covers();
    const live = [...this.rooms.values()]
      .filter((room) => room.live && (query.categoryId === undefined || room.categoryId === query.categoryId))
      .map((room) => this.viewOf(room, covers))
      .sort((a, b) => b.viewers - a.viewers || a.roomId.localeCompare(b.roomId));
    return { rooms: live.slice((page - 1) * pageSize, page * pageSize), total: live.length, page, pageSize };
  }

  roomNow(roomId: string): VideoRoom | null {
    const room = this.rooms.get(roomId);
    return room ? this.viewOf(room) : null;
  }

  playingNow(roomId: string): VideoPlaying | null {
    const room = this.rooms.get(roomId);
    if (!room) return null;
    const clip = this.clips.get(room.clip)!;
    return { roomId, status: room.live ? 'live' : 'offline', viewers: this.viewersOf(room), fixtureId: this.covers().get(roomId) ?? null, delaySeconds: liveDelaySeconds(clip), startedAt: room.startedAt };
  }

  /** The live address on every host, the asking host (`first`, an index into the bases) first. */
  urlsNow(roomId: string, first: number): VideoUrls | null {
    const room = this.rooms.get(roomId);
    if (!room) return null;
    const bases = [...this.bases.slice(first), ...this.bases.slice(0, first)];
    const urls = this.streamsOf(room).flatMap((stream) => bases.map((base) => `${base}${stream.path}`));
    return { roomId, urls, delaySeconds: liveDelaySeconds(this.clips.get(room.clip)!) };
  }

  sourceUrlsNow(roomId: string): VideoSourceUrls | null {
    const room = this.rooms.get(roomId);
    return room ? { roomId, sources: this.streamsOf(room) } : null;
  }

  matchRoomsNow(fixtureIds?: readonly string[]): VideoRoom[] {
    const wanted = fixtureIds ? new Set(fixtureIds) : undefined;
    const covers = this.covers();
    return [...this.rooms.values()]
      .map((room) => this.viewOf(room, covers))
      .filter((room) => room.fixtureId !== null && (!wanted || wanted.has(room.fixtureId)))
      .sort((a, b) => Number(b.status === 'live') - Number(a.status === 'live') || b.viewers - a.viewers);
  }
}
