import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  VIDEO_HOST_CLIENT_TYPE,
  VIDEO_HOST_CODE,
  VIDEO_HOST_DEMO_API_TOKEN,
  VIDEO_HOST_DEMO_SIGN_KEY,
  VIDEO_HOST_DEMO_X1_KEY,
  VIDEO_HOST_ENDPOINTS,
  VIDEO_HOST_HEADER,
  VIDEO_SIGN_WINDOW_MS,
  encryptX1,
  videoSigningText,
  md5Hex,
  type VideoHostEndpointName,
} from '@lobby/sdk';
import { RawText } from '../http/body-parsers.js';
import { BusinessError } from '../http/errors.js';
import { compileTextValidator } from '../http/validation.js';
import { VIDEO_HOST_NAMES, type VideoHostName } from './faults.js';
import { livePlaylist, masterPlaylist } from './live-playlist.js';
import type { SandboxVideoHost } from './sandbox-video-host.js';
import { VideoHostUnavailableError } from './video-host.js';

/** The host's secrets: the sandbox uses the sdk's public demo values (docs/LIVE-VIDEO.md). */
export interface HostSecrets {
  signKey: string;
  x1Key: string;
  apiToken: string;
}

export const DEMO_HOST_SECRETS: HostSecrets = { signKey: VIDEO_HOST_DEMO_SIGN_KEY, x1Key: VIDEO_HOST_DEMO_X1_KEY, apiToken: VIDEO_HOST_DEMO_API_TOKEN };

/** Playlists change every segment: a cache must ask again; segments never change (each file is the same bytes forever). */
const PLAYLIST_CACHE = 'no-cache';
const SEGMENT_CACHE = 'public, max-age=86400, immutable';
const MEDIA_TYPES: Record<string, string> = { '.m3u8': 'application/vnd.apple.mpegurl', '.mp4': 'video/mp4', '.m4s': 'video/iso.segment' };
const MEDIA_FILE = /^[A-Za-z0-9_-]+\.(m3u8|mp4|m4s)$/;

class HostRefusal extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

const envelope = (code: number, msg: string, data: unknown = null) => ({ code, msg, data });

/** The parameters as sent: the query of a GET, the form body of a POST. */
function paramsOf(request: FastifyRequest, form: boolean): Record<string, string> {
  if (form) {
    const body = request.body instanceof RawText ? request.body.text : '';
    return Object.fromEntries(new URLSearchParams(body));
  }
  return Object.fromEntries(Object.entries(request.query as Record<string, unknown>).map(([name, value]) => [name, String(value)]));
}

function checkSign(path: string, params: Record<string, string>, key: string, nowMs: number): void {
  const t = params.t ?? '';
  if (!/^\d{1,16}$/.test(t) || Math.abs(Number(t) - nowMs) > VIDEO_SIGN_WINDOW_MS) throw new HostRefusal(VIDEO_HOST_CODE.signInvalid, 't: missing or outside the signing window');
  if (params.sign !== md5Hex(videoSigningText(path, params, t, key))) throw new HostRefusal(VIDEO_HOST_CODE.signInvalid, 'sign: does not match');
}

/**
 * The sandbox host's HTTP API at one base (`/sandbox/video/a` or `/b`): each endpoint of
 * VIDEO_HOST_ENDPOINTS with its checks (the form calls' client type and API token, the
 * md5 sign and its window, the parameters) and `x1` for encrypted answers. A host that
 * fails answers HTTP 503 with code `unavailable`.
 */
function hostApi(app: FastifyInstance, host: SandboxVideoHost, name: VideoHostName, index: number, secrets: HostSecrets): void {
  const base = host.bases[index]!;
  for (const endpointName of Object.keys(VIDEO_HOST_ENDPOINTS) as VideoHostEndpointName[]) {
    const endpoint = VIDEO_HOST_ENDPOINTS[endpointName];
    const validate = compileTextValidator(endpoint.request);
    app.route({
      method: endpoint.method,
      url: `${base}${endpoint.path}`,
      handler: async (request, reply) => {
        try {
          await host.through(name);
          const form = endpoint.style === 'form';
          if (form && (request.headers[VIDEO_HOST_HEADER.clientType] !== VIDEO_HOST_CLIENT_TYPE || request.headers[VIDEO_HOST_HEADER.apiToken] !== secrets.apiToken)) {
            throw new HostRefusal(VIDEO_HOST_CODE.tokenInvalid, `${VIDEO_HOST_HEADER.clientType}: web and ${VIDEO_HOST_HEADER.apiToken}: the API token are required`);
          }
          const params = paramsOf(request, form);
          if (endpoint.signed) checkSign(endpoint.path, params, secrets.signKey, host.now());
          const { sign: _sign, t: _t, ...fields } = params;
          const input = validated(validate, fields);
          const data = answer(host, endpointName, input, index);
          if (data === null) throw new HostRefusal(VIDEO_HOST_CODE.roomNotFound, 'roomId: no such room');
          return envelope(0, 'ok', endpoint.encrypted ? { x1: await encryptX1(data, secrets.x1Key) } : data);
        } catch (error) {
          if (error instanceof HostRefusal) return envelope(error.code, error.message);
          if (error instanceof VideoHostUnavailableError) return reply.code(503).send(envelope(VIDEO_HOST_CODE.unavailable, error.message));
          throw error;
        }
      },
    });
  }
  app.get<{ Params: { roomId: string; file: string } }>(`${base}/live/:roomId/:file`, async (request, reply) => serveMedia(host, name, request.params, reply));
}

function validated(validate: (value: unknown) => unknown, fields: Record<string, string>): Record<string, unknown> {
  try {
    return validate(fields) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof BusinessError) throw new HostRefusal(VIDEO_HOST_CODE.badRequest, error.message);
    throw error;
  }
}

function answer(host: SandboxVideoHost, name: VideoHostEndpointName, input: Record<string, unknown>, index: number): unknown {
  const roomId = input.roomId as string;
  switch (name) {
    case 'domains': return { domains: [...host.bases] };
    case 'categories': return { categories: host.categoriesNow() };
    case 'liveList': return host.liveListNow(input);
    case 'playingData': return host.playingNow(roomId);
    case 'urls': return host.urlsNow(roomId, index);
    case 'sourceUrls': return host.sourceUrlsNow(roomId);
    case 'anchorMatchRooms': return { rooms: host.matchRoomsNow(typeof input.fixtureIds === 'string' ? input.fixtureIds.split(',').filter(Boolean) : undefined) };
    case 'room': return host.roomNow(roomId);
  }
}

const files = new Map<string, Promise<Buffer>>();

/** A clip file's bytes, read once (the clips are well under 1 MB together). */
function fileOf(path: string): Promise<Buffer> {
  let bytes = files.get(path);
  if (!bytes) {
    bytes = readFile(path);
    files.set(path, bytes);
  }
  return bytes;
}

/** A room's master playlist, its live media playlist (from the clock), or a file of its clip. */
async function serveMedia(host: SandboxVideoHost, name: VideoHostName, params: { roomId: string; file: string }, reply: FastifyReply): Promise<unknown> {
  try {
    await host.through(name);
  } catch {
    return reply.code(503).header('cache-control', 'no-store').type('text/plain').send('video host unavailable');
  }
  const onAir = host.onAir(params.roomId);
  if (!onAir || !MEDIA_FILE.test(params.file)) return reply.code(404).type('text/plain').send('no such stream');
  const extension = params.file.slice(params.file.lastIndexOf('.'));
  reply.type(MEDIA_TYPES[extension]!);
  if (params.file === 'live.m3u8') return reply.header('cache-control', PLAYLIST_CACHE).send(masterPlaylist());
  if (params.file === 'index.m3u8') return reply.header('cache-control', PLAYLIST_CACHE).send(livePlaylist(onAir.clip, host.now() - host.onAirSinceMs, onAir.room.offsetMs));
  const known = params.file === onAir.clip.init || onAir.clip.segments.some((segment) => segment.file === params.file);
  if (!known) return reply.code(404).type('text/plain').send('no such segment');
  return reply.header('cache-control', SEGMENT_CACHE).send(await fileOf(join(onAir.clip.dir, params.file)));
}

/** Serves the sandbox host at each of its bases (a and b). */
export function sandboxHostApi(app: FastifyInstance, host: SandboxVideoHost, secrets: HostSecrets = DEMO_HOST_SECRETS): void {
  VIDEO_HOST_NAMES.forEach((name, index) => hostApi(app, host, name, index, secrets));
}
