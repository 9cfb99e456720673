import { s, type Infer, type Schema } from '../schema.js';

/**
 * The video host (spec section 7 "Video host"): domains, categories, live list, playing
 * data, urls, source urls, anchor match room list, single room detail (issue 19;
 * docs/LIVE-VIDEO.md).
 *
 * The video host is a third party, not lobby: the browser calls it at one of two host
 * bases (a rotating, stored domain list), so its endpoints are described here as
 * `VIDEO_HOST_ENDPOINTS` and are deliberately not `defineCall` calls (those are the
 * calls lobby's own server registers and documents). The sandbox host serves them at
 * `/sandbox/video/a` and `/sandbox/video/b`. Every answer is the envelope
 * `{ code, msg, data }` with the host's own codes (VIDEO_HOST_CODE).
 */

/** The host's answer codes (a third party's numbering, not lobby's CODE). */
export const VIDEO_HOST_CODE = {
  success: 0,
  signInvalid: 1001,
  tokenInvalid: 1002,
  badRequest: 1003,
  roomNotFound: 1004,
  unavailable: 1503,
} as const;

/** How long a signed request's `t` stays valid either side of the host's clock. */
export const VIDEO_SIGN_WINDOW_MS = 300_000;
/** Errors against one host before the client moves to the other (spec: "an error counter"). */
export const VIDEO_HOST_ERROR_LIMIT = 3;
/**
 * The sandbox's public client configuration (a real deployment hands its own in the site
 * config): the md5 signing key, the AES-256-GCM key of `x1` (base64) and the API token
 * of the live address and play-url calls.
 */
export const VIDEO_HOST_DEMO_SIGN_KEY = 'lobby-video-demo-sign-key';
export const VIDEO_HOST_DEMO_X1_KEY = 'bG9iYnktdmlkZW8tZGVtby14MS1rZXktMzJieXRlcyE=';
export const VIDEO_HOST_DEMO_API_TOKEN = 'lobby-video-demo-api-token';
/** The sandbox's two host bases, same origin (the stored domain list starts from these). */
export const VIDEO_HOST_SANDBOX_BASES = ['/sandbox/video/a', '/sandbox/video/b'] as const;
/** Header names of the live address and play-url calls (spec: client type web, an API token). */
export const VIDEO_HOST_HEADER = { clientType: 'client-type', apiToken: 'api-token' } as const;
export const VIDEO_HOST_CLIENT_TYPE = 'web';

const roomId = s.string({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', description: 'The room id at the video host' });

export const VideoCategory = s.object({
  id: s.integer({ minimum: 1, maximum: 1000 }),
  nameZh: s.string(),
  nameEn: s.string(),
});
export type VideoCategory = Infer<typeof VideoCategory>;

/** A stream of a room: a host-relative path, played from whichever host the rotation picks. */
export const VideoStream = s.object({
  quality: s.enum(['240p'] as const),
  /** Path below a host base, e.g. `/media/pitch/live.m3u8`. */
  path: s.string(),
  mimeType: s.literal('application/vnd.apple.mpegurl'),
});
export type VideoStream = Infer<typeof VideoStream>;

export const VideoRoom = s.object({
  roomId: s.string(),
  anchorName: s.string(),
  /** Same-origin path or data: URL. */
  anchorAvatar: s.string(),
  categoryId: s.integer({ minimum: 1 }),
  status: s.enum(['live', 'offline'] as const),
  /** The sports fixture the room covers, null for a chat room. */
  fixtureId: s.nullable(s.string()),
  viewers: s.integer({ minimum: 0 }),
  title: s.string(),
  streams: s.array(VideoStream),
});
export type VideoRoom = Infer<typeof VideoRoom>;

export const VideoRoomPage = s.object({
  rooms: s.array(VideoRoom),
  total: s.integer({ minimum: 0 }),
  page: s.integer({ minimum: 1 }),
  pageSize: s.integer({ minimum: 1 }),
});
export type VideoRoomPage = Infer<typeof VideoRoomPage>;

/** Playing data (inside `x1`): what is on now and how far behind live the stream plays. */
export const VideoPlaying = s.object({
  roomId: s.string(),
  status: s.enum(['live', 'offline'] as const),
  viewers: s.integer({ minimum: 0 }),
  fixtureId: s.nullable(s.string()),
  /** About how many seconds the picture is behind the event (segment window + player buffer). */
  delaySeconds: s.integer({ minimum: 0 }),
  /** ISO 8601 time the broadcast started. */
  startedAt: s.string(),
});
export type VideoPlaying = Infer<typeof VideoPlaying>;

/** The live address (inside `x1`): full stream urls on every host, current host first. */
export const VideoUrls = s.object({
  roomId: s.string(),
  urls: s.array(s.string()),
  delaySeconds: s.integer({ minimum: 0 }),
});
export type VideoUrls = Infer<typeof VideoUrls>;

/** The play url's source urls (inside `x1`): the streams by quality, host-relative. */
export const VideoSourceUrls = s.object({
  roomId: s.string(),
  sources: s.array(VideoStream),
});
export type VideoSourceUrls = Infer<typeof VideoSourceUrls>;

/** An answer whose data is encrypted: `x1` is base64 of a 12-byte IV and the AES-256-GCM ciphertext with its tag. */
export const EncryptedData = s.object({ x1: s.string() });

/** One endpoint of the video host. */
export interface VideoHostEndpoint<Req, Res> {
  readonly path: string;
  readonly method: 'GET' | 'POST';
  /** `form`: an `application/x-www-form-urlencoded` POST with the client-type and API-token headers. */
  readonly style: 'query' | 'form';
  /** Carries the md5 `sign` and `t` parameters. */
  readonly signed: boolean;
  /** Answers `{ x1 }`, decrypted by the client into `response`. */
  readonly encrypted: boolean;
  readonly request: Schema<Req>;
  readonly response: Schema<Res>;
}

const endpoint = <Req, Res>(definition: VideoHostEndpoint<Req, Res>) => definition;

const page = s.optional(s.integer({ minimum: 1, maximum: 10_000 }));
const pageSize = s.optional(s.integer({ minimum: 1, maximum: 100, description: 'At most 100 (spec section 9: popular live page size)' }));

/** The video host's endpoints, by the spec's names. */
export const VIDEO_HOST_ENDPOINTS = {
  domains: endpoint({ path: '/api/domains', method: 'GET', style: 'query', signed: false, encrypted: false, request: s.empty(), response: s.object({ domains: s.array(s.string()) }) }),
  categories: endpoint({ path: '/api/categories', method: 'GET', style: 'query', signed: false, encrypted: false, request: s.empty(), response: s.object({ categories: s.array(VideoCategory) }) }),
  liveList: endpoint({
    path: '/api/live_list', method: 'GET', style: 'query', signed: true, encrypted: false,
    request: s.object({ categoryId: s.optional(s.integer({ minimum: 1, maximum: 1000 })), page, pageSize }),
    response: VideoRoomPage,
  }),
  playingData: endpoint({ path: '/api/playing', method: 'GET', style: 'query', signed: true, encrypted: true, request: s.object({ roomId }), response: VideoPlaying }),
  urls: endpoint({ path: '/api/live_address', method: 'POST', style: 'form', signed: true, encrypted: true, request: s.object({ roomId }), response: VideoUrls }),
  sourceUrls: endpoint({ path: '/api/play_url', method: 'POST', style: 'form', signed: true, encrypted: true, request: s.object({ roomId }), response: VideoSourceUrls }),
  anchorMatchRooms: endpoint({
    path: '/api/anchor_match_rooms', method: 'GET', style: 'query', signed: true, encrypted: false,
    request: s.object({ fixtureIds: s.optional(s.string({ maxLength: 2000, description: 'Comma-separated fixture ids; every covered fixture when absent' })) }),
    response: s.object({ rooms: s.array(VideoRoom) }),
  }),
  room: endpoint({ path: '/api/room', method: 'GET', style: 'query', signed: true, encrypted: false, request: s.object({ roomId }), response: VideoRoom }),
} as const;

export type VideoHostEndpointName = keyof typeof VIDEO_HOST_ENDPOINTS;
export type VideoHostRequest<N extends VideoHostEndpointName> = (typeof VIDEO_HOST_ENDPOINTS)[N] extends VideoHostEndpoint<infer Req, unknown> ? Req : never;
export type VideoHostResponse<N extends VideoHostEndpointName> = (typeof VIDEO_HOST_ENDPOINTS)[N] extends VideoHostEndpoint<unknown, infer Res> ? Res : never;
