import { describe, expect, it } from 'vitest';
import { VIDEO_HOST_SANDBOX_BASES, createHostRotation, type KeyValueStorage } from '@lobby/sdk';
import { createPlayerStore } from './player-store.js';
import { sourcesInOrder } from './video-host.js';

function rotation() {
  const map = new Map<string, string>();
  const storage: KeyValueStorage = { getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) };
  return createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES, storage });
}

const urlA = '/sandbox/video/a/live/pitch-1/live.m3u8';
const urlB = '/sandbox/video/b/live/pitch-1/live.m3u8';

describe('the live player store', () => {
  it('starts on the rotation\'s current host, whatever order the urls came in', async () => {
    const hosts = rotation();
    hosts.reportFailure('/sandbox/video/a');
    const store = createPlayerStore(hosts, async () => ({ urls: [urlA, urlB], delaySeconds: 8 }));
    await store.start();
    expect(store.get()).toMatchObject({ status: 'loading', url: urlB, delaySeconds: 8 });
  });

  it('on a fatal error reports the host to the rotation and switches to the other; when both failed it gives up until a restart', async () => {
    const hosts = rotation();
    const store = createPlayerStore(hosts, async () => ({ urls: [urlA, urlB], delaySeconds: 8 }));
    await store.start();
    store.fatal(urlA);
    expect(store.get()).toMatchObject({ status: 'switching', url: urlB });
    expect(hosts.current()).toBe('/sandbox/video/b');
    store.playing(urlB);
    expect(store.get().status).toBe('playing');
    store.fatal(urlB);
    expect(store.get().status).toBe('failed');
    await store.start();
    expect(store.get()).toMatchObject({ status: 'loading', url: urlA });
  });

  it('ignores a late error of a url it already left, and a retry of one url attaches again', async () => {
    const store = createPlayerStore(rotation(), async () => ({ urls: [urlA, urlB], delaySeconds: null }));
    await store.start();
    const first = store.get().attempt;
    store.fatal(urlA);
    store.fatal(urlA);
    expect(store.get()).toMatchObject({ status: 'switching', url: urlB, attempt: first + 1 });
  });

  it('says offline for a room with no stream, and failed when the host cannot say', async () => {
    const offline = createPlayerStore(rotation(), async () => null);
    await offline.start();
    expect(offline.get().status).toBe('offline');
    const failing = createPlayerStore(rotation(), async () => { throw new Error('host down'); });
    await failing.start();
    expect(failing.get().status).toBe('failed');
  });

  it('orders full urls by host too, and puts urls of unknown hosts last', () => {
    const hosts = rotation();
    hosts.reportFailure('/sandbox/video/a');
    expect(sourcesInOrder(['https://cdn.example/x.m3u8', `http://127.0.0.1:8080${urlA}`, urlB], hosts)).toEqual([urlB, `http://127.0.0.1:8080${urlA}`, 'https://cdn.example/x.m3u8']);
  });
});
