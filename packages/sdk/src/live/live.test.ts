import { describe, expect, it } from 'vitest';
import {
  VIDEO_HOST_DEMO_X1_KEY, VIDEO_HOST_ERROR_LIMIT, VIDEO_HOST_SANDBOX_BASES, VIDEO_HOSTS_STORAGE_KEY, X1DecryptError,
  VIDEO_HOST_DEMO_API_TOKEN, VIDEO_HOST_DEMO_SIGN_KEY, createHostRotation, createVideoHostClient, decryptX1, encryptX1, md5Hex, signVideoParams,
  usableDomains, videoSigningText, type KeyValueStorage,
} from '@lobby/sdk';

/** A storage of its own per test (a browser's localStorage for one origin). */
function storage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) };
}

const [hostA, hostB] = VIDEO_HOST_SANDBOX_BASES;

describe('video host rotation', () => {
  it('stays on the first host until it has failed VIDEO_HOST_ERROR_LIMIT times in a row, then moves to the second', () => {
    const hosts = createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES, storage: storage() });
    expect(hosts.current()).toBe(hostA);
    for (let error = 1; error < VIDEO_HOST_ERROR_LIMIT; error += 1) expect(hosts.reportError(hostA)).toBe(hostA);
    expect(hosts.errorsOf(hostA)).toBe(VIDEO_HOST_ERROR_LIMIT - 1);
    expect(hosts.reportError(hostA)).toBe(hostB);
    expect(hosts.ordered()).toEqual([hostB, hostA]);
  });

  it('clears a host\'s count on a good answer, so scattered errors never move it', () => {
    const hosts = createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES, storage: storage() });
    for (let round = 0; round < 5; round += 1) {
      for (let error = 1; error < VIDEO_HOST_ERROR_LIMIT; error += 1) hosts.reportError(hostA);
      hosts.reportSuccess(hostA);
    }
    expect(hosts.current()).toBe(hostA);
    expect(hosts.errorsOf(hostA)).toBe(0);
  });

  it('leaves a host at once on a failure, and errors of the host not in use move nothing', () => {
    const hosts = createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES, storage: storage() });
    expect(hosts.reportFailure(hostA)).toBe(hostB);
    for (let error = 0; error < VIDEO_HOST_ERROR_LIMIT + 1; error += 1) hosts.reportError(hostA);
    expect(hosts.current()).toBe(hostB);
    expect(hosts.reportFailure(hostB)).toBe(hostA);
  });

  it('keeps its list, choice and counts in storage: a new page starts on the host the last one moved to', () => {
    const kept = storage();
    const first = createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES, storage: kept });
    first.reportFailure(hostA);
    first.reportError(hostB);
    const reloaded = createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES, storage: kept });
    expect(reloaded.current()).toBe(hostB);
    expect(reloaded.errorsOf(hostB)).toBe(1);
    expect(JSON.parse(kept.map.get(VIDEO_HOSTS_STORAGE_KEY)!)).toEqual({ domains: [...VIDEO_HOST_SANDBOX_BASES], current: 1, errors: [0, 1] });
  });

  it('starts again from the defaults when what is stored is damaged', () => {
    const kept = storage();
    for (const junk of ['not json', '{"domains":[],"current":0,"errors":[]}', '{"domains":["x"],"current":3,"errors":[0]}', '{"domains":["x"],"current":0,"errors":[-1]}']) {
      kept.map.set(VIDEO_HOSTS_STORAGE_KEY, junk);
      expect(createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES, storage: kept }).current()).toBe(hostA);
    }
  });

  it('takes a new domain list from the host and stays on the host in use when it is still listed', () => {
    const hosts = createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES, storage: storage() });
    hosts.reportFailure(hostA);
    hosts.setDomains(['/cdn/c', hostB]);
    expect(hosts.ordered()).toEqual([hostB, '/cdn/c']);
    hosts.setDomains(['/cdn/d', '/cdn/e']);
    expect(hosts.current()).toBe('/cdn/d');
  });
});

describe('the domain list from the host (spec section 7 "domains")', () => {
  /** A client whose hosts answer `domains` with this list, or fail (HTTP 503) when named in `down`; records the hosts asked. */
  function clientAnswering(domains: unknown, down: string[] = []) {
    const kept = storage();
    const asked: string[] = [];
    const fetch = (async (url: string) => {
      const host = VIDEO_HOST_SANDBOX_BASES.find((base) => url.startsWith(`${base}/`)) ?? url.replace(/\/api\/domains$/, '');
      asked.push(host);
      if (down.includes(host)) return new Response('down', { status: 503 });
      return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { domains } }), { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const rotation = createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES, storage: kept });
    const client = createVideoHostClient({ rotation, signKey: VIDEO_HOST_DEMO_SIGN_KEY, x1Key: VIDEO_HOST_DEMO_X1_KEY, apiToken: VIDEO_HOST_DEMO_API_TOKEN, fetch });
    return { client, kept, asked };
  }

  it('keeps the two hosts the host names, and stays on the host in use when it is still listed', async () => {
    const { client, kept, asked } = clientAnswering(['https://v1.example.net/live', hostB]);
    client.rotation.reportFailure(hostA);
    expect(await client.refreshDomains()).toEqual([hostB, 'https://v1.example.net/live']);
    expect(asked).toEqual([hostB]);
    expect(JSON.parse(kept.map.get(VIDEO_HOSTS_STORAGE_KEY)!)).toMatchObject({ domains: ['https://v1.example.net/live', hostB], current: 1 });
  });

  it('asks the other stored host when the one in use fails, and keeps its answer', async () => {
    const { client, asked } = clientAnswering(['/cdn/one', '/cdn/two'], [hostA]);
    expect(await client.refreshDomains()).toEqual(['/cdn/one', '/cdn/two']);
    expect(asked).toEqual([hostA, hostB]);
  });

  it('keeps the stored list when the answer names no usable host', async () => {
    const { client } = clientAnswering(['javascript:alert(1)', 'http://plain.example', '//other.example', 7]);
    expect(await client.refreshDomains()).toEqual([hostA, hostB]);
  });

  it('keeps host bases only, each once, at most two, without a trailing slash', () => {
    expect(usableDomains(['/v/a/', 'data:text/html,x', '/v/a', 'https://cdn.example.com:8443', ' /v/b', '/v/c', '/v/d'])).toEqual(['/v/a', 'https://cdn.example.com:8443']);
    expect(usableDomains([null, {}, '', 'https://', 'https://a.example/x?y=1'])).toEqual([]);
  });
});

describe('the md5 sign of video host calls', () => {
  it('covers the path, the parameters sorted by name, the timestamp and the key, and is the md5 of exactly that', () => {
    const text = videoSigningText('/api/live_list', { pageSize: '100', categoryId: '1', page: '1' }, '1764130000000', 'k');
    expect(text).toBe('/api/live_list\ncategoryId=1&page=1&pageSize=100\n1764130000000\nk');
    const signed = signVideoParams('/api/live_list', { page: '1', categoryId: '1', pageSize: '100' }, 'k', 1764130000000);
    expect(signed).toEqual({ page: '1', categoryId: '1', pageSize: '100', t: '1764130000000', sign: md5Hex(text) });
  });

  it('changes when any parameter, the path, the time or the key changes', () => {
    const base = signVideoParams('/api/room', { roomId: 'pitch-1' }, 'k', 1).sign;
    expect(signVideoParams('/api/room', { roomId: 'pitch-2' }, 'k', 1).sign).not.toBe(base);
    expect(signVideoParams('/api/playing', { roomId: 'pitch-1' }, 'k', 1).sign).not.toBe(base);
    expect(signVideoParams('/api/room', { roomId: 'pitch-1' }, 'k', 2).sign).not.toBe(base);
    expect(signVideoParams('/api/room', { roomId: 'pitch-1' }, 'j', 1).sign).not.toBe(base);
  });
});

describe('x1, the encrypted field', () => {
  const value = { roomId: 'pitch-1', urls: ['/sandbox/video/a/live/pitch-1/live.m3u8'], delaySeconds: 8, name: '小林 Lin' };

  it('decrypts and parses what the host encrypted, with a fresh IV each time', async () => {
    const [one, two] = [await encryptX1(value, VIDEO_HOST_DEMO_X1_KEY), await encryptX1(value, VIDEO_HOST_DEMO_X1_KEY)];
    expect(one).not.toBe(two);
    expect(await decryptX1(one, VIDEO_HOST_DEMO_X1_KEY)).toEqual(value);
  });

  it('refuses a changed byte, a wrong key, text that is not base64 and a field too short to hold anything', async () => {
    const sealed = await encryptX1(value, VIDEO_HOST_DEMO_X1_KEY);
    const bytes = Uint8Array.from(atob(sealed), (char) => char.charCodeAt(0));
    bytes[20]! ^= 1;
    const changed = btoa(String.fromCharCode(...bytes));
    const otherKey = btoa('another-32-byte-key-for-x1-test!');
    await expect(decryptX1(changed, VIDEO_HOST_DEMO_X1_KEY)).rejects.toThrow(X1DecryptError);
    await expect(decryptX1(sealed, otherKey)).rejects.toThrow('does not decrypt');
    await expect(decryptX1('***', VIDEO_HOST_DEMO_X1_KEY)).rejects.toThrow('not base64');
    await expect(decryptX1(btoa('short'), VIDEO_HOST_DEMO_X1_KEY)).rejects.toThrow('too short');
  });
});
