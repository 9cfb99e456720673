import type { VideoCategory, VideoPlaying, VideoRoom, VideoRoomPage, VideoSourceUrls, VideoUrls } from '@lobby/sdk';

/** What a live list asks for: a category (every one when absent) and a page. */
export interface LiveListQuery {
  categoryId?: number;
  page?: number;
  pageSize?: number;
}

/**
 * The video host adapter (docs/LIVE-VIDEO.md): what lobby's server asks of the third
 * party that hosts anchors' rooms and match streams. The sandbox video host implements it
 * in process; a real host is an HTTP client of its API. Unknown rooms answer null; a host
 * that cannot answer throws VideoHostUnavailableError (the caller shows the video as in
 * maintenance, spec section 4).
 *
 * @example const room = await app.videoHost.room('pitch-1'); room?.status // 'live'
 */
export interface VideoHost {
  /** The host bases a client rotates over (two in the spec), e.g. ['/sandbox/video/a', '/sandbox/video/b']. */
  domains(): Promise<string[]>;
  categories(): Promise<VideoCategory[]>;
  /** Live rooms, most viewers first, paged (at most 100 a page, spec section 9). */
  liveList(query: LiveListQuery): Promise<VideoRoomPage>;
  playingData(roomId: string): Promise<VideoPlaying | null>;
  /** The live address: full stream urls, one per host. */
  urls(roomId: string): Promise<VideoUrls | null>;
  sourceUrls(roomId: string): Promise<VideoSourceUrls | null>;
  /** Rooms that cover these fixtures (every covered fixture when absent), live first. */
  anchorMatchRooms(fixtureIds?: readonly string[]): Promise<VideoRoom[]>;
  room(roomId: string): Promise<VideoRoom | null>;
}

/** The host did not answer (down, failing or timing out on every host). */
export class VideoHostUnavailableError extends Error {
  constructor(message = 'the video host is unavailable') {
    super(message);
    this.name = 'VideoHostUnavailableError';
  }
}

/**
 * The video host when none is configured (LOBBY_SANDBOX=off and no real host plugged in): no
 * host bases, no categories, no rooms, no streams. Lobby's pages then list no anchor rooms
 * and play nothing, as a sports page shows no prices without a feed (docs/LIVE-VIDEO.md,
 * "With the sandbox off").
 */
export const NO_VIDEO_HOST: VideoHost = {
  domains: async () => [],
  categories: async () => [],
  liveList: async (query) => ({ rooms: [], total: 0, page: query.page ?? 1, pageSize: query.pageSize ?? 20 }),
  playingData: async () => null,
  urls: async () => null,
  sourceUrls: async () => null,
  anchorMatchRooms: async () => [],
  room: async () => null,
};
