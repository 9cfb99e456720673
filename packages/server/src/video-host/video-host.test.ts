import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  CODE, anchorRoomDetail, homeSport, popularLiveList, VIDEO_HOST_CODE, VIDEO_HOST_DEMO_API_TOKEN, VIDEO_HOST_DEMO_SIGN_KEY, VIDEO_HOST_DEMO_X1_KEY, VIDEO_HOST_ERROR_LIMIT, VIDEO_HOST_SANDBOX_BASES,
  createHostRotation, createVideoHostClient, signVideoParams, type KeyValueStorage, type VideoHostError,
} from '@lobby/sdk';
import { routeGroups } from '../route-groups.js';
import { buildTestApp } from '../testing/app.js';
import { callApi } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { NO_VIDEO_HOST, VideoHostUnavailableError } from './video-host.js';

const [hostA, hostB] = VIDEO_HOST_SANDBOX_BASES;

/** fetch answered by the app itself (no port), as a browser would see it. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: String(input),
      headers: (init.headers ?? {}) as Record<string, string>,
      ...(init.body === undefined ? {} : { payload: String(init.body) }),
    });
    return new Response(new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: answer.headers as Record<string, string> });
  }) as typeof fetch;
}

function memory(): KeyValueStorage {
  const map = new Map<string, string>();
  return { getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) };
}

describe.each(testEngines())('the sandbox video host on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true, routeGroups });
  const client = (overrides: { x1Key?: string; apiToken?: string; signKey?: string } = {}) => createVideoHostClient({
    rotation: createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES, storage: memory() }),
    signKey: VIDEO_HOST_DEMO_SIGN_KEY, x1Key: VIDEO_HOST_DEMO_X1_KEY, apiToken: VIDEO_HOST_DEMO_API_TOKEN,
    fetch: injectFetch(suite.app), now: () => suite.clock.now(), ...overrides,
  });
  const door = async (path: string, payload: object) => (await suite.app.inject({ method: 'POST', url: `/sandbox/video/${path}`, payload })).json() as { code: number; msg: string };
  const reset = () => door('reset', {});

  it('answers the spec\'s calls: domains, categories, live list by viewers, room, playing data, source urls', async () => {
    await reset();
    const host = client();
    expect(await host.call('domains', {})).toEqual({ domains: [hostA, hostB] });
    expect((await host.call('categories', {})).categories.map((category) => category.nameEn)).toEqual(['Football', 'Basketball', 'E-sports', 'Entertainment']);
    const list = await host.call('liveList', { page: 1, pageSize: 100 });
    expect(list.total).toBe(5);
    expect(list.rooms.every((room) => room.status === 'live')).toBe(true);
    expect(list.rooms.map((room) => room.viewers)).toEqual([...list.rooms.map((room) => room.viewers)].sort((a, b) => b - a));
    expect((await host.call('liveList', { categoryId: 2 })).rooms.map((room) => room.roomId)).toEqual(['court-1']);
    expect(await host.call('room', { roomId: 'court-2' })).toMatchObject({ status: 'offline', streams: [], viewers: 0 });
    const playing = await host.call('playingData', { roomId: 'pitch-1' });
    expect(playing).toMatchObject({ roomId: 'pitch-1', status: 'live', delaySeconds: 8, fixtureId: null });
    expect(await host.call('sourceUrls', { roomId: 'pitch-1' })).toEqual({ roomId: 'pitch-1', sources: [{ quality: '240p', path: '/live/pitch-1/live.m3u8', mimeType: 'application/vnd.apple.mpegurl' }] });
  });

  it('sends the live address encrypted as x1; the client decrypts it, and a wrong key cannot', async () => {
    const raw = await suite.app.inject({
      method: 'POST', url: `${hostA}/api/live_address`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'client-type': 'web', 'api-token': VIDEO_HOST_DEMO_API_TOKEN },
      payload: new URLSearchParams(signVideoParams('/api/live_address', { roomId: 'arena-1' }, VIDEO_HOST_DEMO_SIGN_KEY, suite.clock.now())).toString(),
    });
    expect(Object.keys(raw.json().data)).toEqual(['x1']);
    expect(raw.body).not.toContain('m3u8');
    expect(await client().call('urls', { roomId: 'arena-1' })).toEqual({ roomId: 'arena-1', urls: [`${hostA}/live/arena-1/live.m3u8`, `${hostB}/live/arena-1/live.m3u8`], delaySeconds: 8 });
    await expect(client({ x1Key: btoa('a-different-thirty-two-byte-key!') }).call('urls', { roomId: 'arena-1' })).rejects.toThrow('does not decrypt');
  });

  it('refuses a bad sign, a stale timestamp, a missing API token and an unknown room, with its own codes', async () => {
    const refused = async (call: Promise<unknown>) => call.then(() => 0, (error: VideoHostError) => error.code);
    expect(await refused(client({ signKey: 'wrong' }).call('room', { roomId: 'pitch-1' }))).toBe(VIDEO_HOST_CODE.signInvalid);
    const stale = createVideoHostClient({
      rotation: createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES, storage: memory() }), signKey: VIDEO_HOST_DEMO_SIGN_KEY, x1Key: VIDEO_HOST_DEMO_X1_KEY,
      apiToken: VIDEO_HOST_DEMO_API_TOKEN, fetch: injectFetch(suite.app), now: () => suite.clock.now() - 600_000,
    });
    expect(await refused(stale.call('room', { roomId: 'pitch-1' }))).toBe(VIDEO_HOST_CODE.signInvalid);
    expect(await refused(client({ apiToken: 'guess' }).call('sourceUrls', { roomId: 'pitch-1' }))).toBe(VIDEO_HOST_CODE.tokenInvalid);
    expect(await refused(client().call('room', { roomId: 'nobody' }))).toBe(VIDEO_HOST_CODE.roomNotFound);
    expect(await refused(client().call('liveList', { pageSize: 101 }))).toBe(VIDEO_HOST_CODE.badRequest);
    const unsigned = await suite.app.inject({ url: `${hostA}/api/room?roomId=pitch-1` });
    expect(unsigned.json()).toMatchObject({ code: VIDEO_HOST_CODE.signInvalid, data: null });
  });

  it('fails when told to; the client counts the error against that host, answers from the other and moves after the limit', async () => {
    await reset();
    expect(await door('fault', { host: 'a', down: true })).toMatchObject({ code: 0 });
    const host = client();
    for (let call = 1; call <= VIDEO_HOST_ERROR_LIMIT; call += 1) {
      expect((await host.call('room', { roomId: 'pitch-1' })).roomId).toBe('pitch-1');
      expect(host.rotation.current()).toBe(call < VIDEO_HOST_ERROR_LIMIT ? hostA : hostB);
    }
    const live = await suite.app.inject({ url: `${hostA}/live/pitch-1/index.m3u8` });
    expect(live.statusCode).toBe(503);
    await door('fault', { host: 'b', down: true });
    await expect(host.call('room', { roomId: 'pitch-1' })).rejects.toMatchObject({ code: VIDEO_HOST_CODE.unavailable });
    await reset();
  });

  it('fails the next n requests of a host, and fails or delays a share of them at a fault rate', async () => {
    await reset();
    await door('fault', { host: 'b', failNext: 2 });
    const media = (host: string) => suite.app.inject({ url: `${host}/live/court-1/index.m3u8` }).then((answer) => answer.statusCode);
    expect([await media(hostB), await media(hostB), await media(hostB)]).toEqual([503, 503, 200]);
    await door('fault', { host: 'b', faultRatePercent: 50, delayMsMax: 20 });
    const statuses = await Promise.all(Array.from({ length: 60 }, () => media(hostB)));
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(5);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(5);
    expect((await door('fault', { host: 'c', down: true })).msg).toContain('host: a or b');
    expect((await door('fault', { host: 'a', faultRatePercent: 101 })).msg).toContain('faultRatePercent: 0 to 100');
    await reset();
  });

  it('serves the stream: master and live playlists uncached, segments cached, each with its media type; an offline room has none', async () => {
    const get = (path: string) => suite.app.inject({ url: `${hostB}/live/${path}` });
    const master = await get('pitch-2/live.m3u8');
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('no-cache');
    expect(master.body).toContain('index.m3u8');
    const live = await get('pitch-2/index.m3u8');
    expect(live.body).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(live.body).not.toContain('#EXT-X-ENDLIST');
    const segment = live.body.split('\n').find((line) => line.endsWith('.m4s'))!;
    const bytes = await get(`pitch-2/${segment}`);
    expect(bytes.headers['content-type']).toBe('video/iso.segment');
    expect(bytes.headers['cache-control']).toBe('public, max-age=86400, immutable');
    expect(bytes.rawPayload.subarray(4, 8).toString()).toMatch(/styp|moof/);
    expect((await get('pitch-2/init.mp4')).headers['content-type']).toBe('video/mp4');
    expect((await get('court-2/live.m3u8')).statusCode).toBe(404);
    expect((await get('pitch-2/..%2Fcourt%2Fseg0.m4s')).statusCode).toBe(404);
    expect((await get('pitch-2/seg99.m4s')).statusCode).toBe(404);
  });

  it('gives lobby\'s server the adapter: rooms covering fixtures, and host b when a fails, unavailable when both do', async () => {
    await reset();
    expect(await door('cover', { roomId: 'court-1', fixtureId: 'fx-42' })).toMatchObject({ code: 0 });
    expect((await door('cover', { roomId: 'nobody', fixtureId: 'fx-1' })).msg).toContain('no such room');
    const adapter = suite.app.videoHost;
    expect((await adapter.anchorMatchRooms(['fx-42'])).map((room) => room.roomId)).toEqual(['court-1']);
    expect(await adapter.anchorMatchRooms(['fx-0'])).toEqual([]);
    await door('fault', { host: 'a', down: true });
    expect((await adapter.room('court-1'))?.fixtureId).toBe('fx-42');
    expect(await adapter.room('nobody')).toBeNull();
    await door('fault', { host: 'b', down: true });
    await expect(adapter.playingData('court-1')).rejects.toThrow(VideoHostUnavailableError);
    await reset();
    expect(await adapter.anchorMatchRooms()).toEqual([]);
  });
});

describe.each(testEngines())('the video host with the sandbox off on %s', (engine) => {
  const suite = serverSuite(engine);

  it('serves no sandbox host, API nor stream, and the pages list no anchor room and play nothing', async () => {
    const closed = await buildTestApp(suite.db, { config: { sandbox: false } });
    try {
      for (const url of [`${hostA}/api/domains`, `${hostB}/api/categories`, `${hostA}/api/live_list`, `${hostA}/live/pitch-1/live.m3u8`, `${hostB}/live/pitch-1/init.mp4`]) {
        const answer = await closed.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(404);
      }
      expect((await closed.inject({ method: 'POST', url: `${hostA}/api/live_address`, payload: 'roomId=pitch-1' })).statusCode).toBe(404);
      expect((await closed.inject({ method: 'POST', url: '/sandbox/video/reset' })).statusCode).toBe(404);
      expect(closed.videoHostSandbox).toBeUndefined();
      expect(await closed.videoHost.domains()).toEqual([]);
      expect(await closed.videoHost.room('pitch-1')).toBeNull();
      expect(await closed.videoHost.urls('pitch-1')).toBeNull();
      expect((await callApi(closed, popularLiveList, {})).body.data).toMatchObject({ list: [], total: 0 });
      expect((await callApi(closed, anchorRoomDetail, { roomId: 'pitch-1' })).body.code).toBe(CODE.liveRoomNotFound);
      const home = (await callApi(closed, homeSport, {})).body;
      expect(home.code).toBe(0);
      expect(home.data.matchVideoDetail).toBeNull();
    } finally {
      await closed.close();
    }
  });

  it('keeps a real host plugged in before the routes, with the sandbox off', async () => {
    const closed = await buildTestApp(suite.db, { config: { sandbox: false }, routeGroups: [(app) => { app.decorate('videoHost', { ...NO_VIDEO_HOST, domains: async () => ['https://video.example'] }); }, ...routeGroups] });
    try {
      expect(await closed.videoHost.domains()).toEqual(['https://video.example']);
      expect((await closed.inject({ method: 'GET', url: `${hostA}/api/domains` })).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
