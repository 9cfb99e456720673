import { describe, expect, it } from 'vitest';
import { DownloadSdkError, sendSigned, type PayloadSigner } from '@lobby/sdk';

const signer: PayloadSigner = { kind: 'webcrypto', sign: async (text) => `signed:${text.length}:${text}` };
const options = (fetch: typeof globalThis.fetch, timeoutMs?: number) => ({ baseUrl: 'http://api.test', appKey: 'ak', signer: async () => signer, fetch, timeoutMs });
const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });

function recorder(answers: (() => Promise<Response>)[]) {
  const bodies: Record<string, unknown>[] = [];
  const fetch: typeof globalThis.fetch = (_url, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    return answers[Math.min(bodies.length - 1, answers.length - 1)]!();
  };
  return { bodies, fetch };
}

describe('download SDK transport', () => {
  it('retries 403 and 502 at most twice, each retry with a new nonce and signature', async () => {
    const { bodies, fetch } = recorder([async () => new Response('', { status: 403 }), async () => new Response('', { status: 502 }), async () => ok('done')]);
    expect(await sendSigned(options(fetch), { method: 'POST', path: '/p', fields: { type: 'x' } })).toBe('done');
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies.map((b) => b.nonce)).size).toBe(3);
    expect(new Set(bodies.map((b) => b.sign)).size).toBe(3);
    expect(bodies[0]).toMatchObject({ type: 'x', appkey: 'ak', timestamp: expect.any(Number) });
  });

  it('gives up after the third 502 with an http error', async () => {
    const { bodies, fetch } = recorder([async () => new Response('', { status: 502 })]);
    const error = await sendSigned(options(fetch), { method: 'POST', path: '/p', fields: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadSdkError);
    expect([(error as DownloadSdkError).kind, (error as DownloadSdkError).status]).toEqual(['http', 502]);
    expect(bodies).toHaveLength(3);
  });

  it('does not retry other statuses or refusals', async () => {
    const { bodies, fetch } = recorder([async () => new Response(JSON.stringify({ code: 231002, msg: 'bad sign', data: null }), { status: 200 })]);
    const error = (await sendSigned(options(fetch), { method: 'POST', path: '/p', fields: {} }).catch((e: unknown) => e)) as DownloadSdkError;
    expect([error.kind, error.code, bodies.length]).toEqual(['refused', 231002, 1]);
  });

  it('a timeout and a network error reject with their kind', async () => {
    const never: typeof globalThis.fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const timedOut = (await sendSigned(options(never, 30), { method: 'POST', path: '/p', fields: {} }).catch((e: unknown) => e)) as DownloadSdkError;
    expect(timedOut.kind).toBe('timeout');
    const offline: typeof globalThis.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(((await sendSigned(options(offline), { method: 'POST', path: '/p', fields: {} }).catch((e: unknown) => e)) as DownloadSdkError).kind).toBe('network');
  });

  it('sends GET fields in the query, sign included', async () => {
    let seen = '';
    const fetch: typeof globalThis.fetch = async (url) => {
      seen = String(url);
      return ok('u');
    };
    await sendSigned(options(fetch), { method: 'GET', path: '/g', fields: { platform: 'mac' } });
    const query = new URL(seen).searchParams;
    expect([query.get('platform'), query.get('appkey'), query.get('sign')?.startsWith('signed:')]).toEqual(['mac', 'ak', true]);
  });
});
