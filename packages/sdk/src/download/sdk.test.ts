import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_SDK_ALERT, createDownloadSdk, type DownloadEnvironment, type PayloadSigner } from '@lobby/sdk';
import { REPORT_BEFORE_LEAVE_MS } from './constants.js';

function fakeEnvironment(search = '') {
  const stored = new Map<string, string>();
  const alerts: string[] = [];
  const sent: { url: string; body: Record<string, unknown> | undefined }[] = [];
  const signer: PayloadSigner = { kind: 'forge', sign: async () => 'c2lnbg==' };
  const loadForgeSigner = vi.fn(async () => async () => signer);
  const env: DownloadEnvironment = {
    alert: (text) => alerts.push(text),
    href: `http://agent.test/landing${search}`,
    search,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0)',
    screen: '1920x1080',
    isSecureContext: false,
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    loadForgeSigner,
    navigate: () => undefined,
    events: new EventTarget(),
    isHidden: () => false,
    fetch: async (url, init) => {
      sent.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { id: sent.length } }));
    },
  };
  return { env, stored, alerts, sent, loadForgeSigner };
}

const key = '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----';

describe('createDownloadSdk', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the alert of a bad config, stops and never calls onready', async () => {
    const onready = vi.fn();
    const { env, alerts, sent } = fakeEnvironment('?i_code=X');
    expect(createDownloadSdk({ appKey: 7, onready }, env)).toBeNull();
    expect(createDownloadSdk({ appKey: 'k', onready, downloadable: 'no' }, env)).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(alerts).toEqual([DOWNLOAD_SDK_ALERT.appKeyNotString, DOWNLOAD_SDK_ALERT.downloadableNotBoolean]);
    expect([onready.mock.calls.length, sent.length]).toEqual([0, 0]);
  });

  it('stores the URL codes and sends the page view 500 ms after an invite code is found', async () => {
    const onready = vi.fn();
    const { env, stored, sent, loadForgeSigner } = fakeEnvironment('?i_code=INV1&r_code=R2&isfission=1&other=x');
    const sdk = createDownloadSdk({ appKey: 'ak', privateKey: key, onready }, env)!;
    expect(Object.fromEntries(stored)).toEqual({ i_code: 'INV1', r_code: 'R2', isfission: '1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(onready).toHaveBeenCalledWith(sdk);
    await vi.advanceTimersByTimeAsync(499);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toMatch(/\/report\/node\/insert$/);
    expect(sent[0]!.body).toMatchObject({ type: 'pageView', appkey: 'ak', data: { i_code: 'INV1', r_code: 'R2', isfission: '1' }, screen: '1920x1080', platform: 'windows', sign: 'c2lnbg==' });
    expect(loadForgeSigner).toHaveBeenCalledTimes(1);
  });

  it('reads the codes an earlier page of the tab stored; no invite code, no page view', async () => {
    const { env, stored, sent } = fakeEnvironment('');
    stored.set('i_code', 'EARLIER');
    expect(createDownloadSdk({ appKey: 'ak', privateKey: key, onready: () => undefined }, env)!.codes).toEqual({ i_code: 'EARLIER' });
    const quiet = fakeEnvironment('');
    createDownloadSdk({ appKey: 'ak', privateKey: key, onready: () => undefined }, quiet.env);
    await vi.advanceTimersByTimeAsync(2000);
    expect([sent.length > 0, quiet.sent.length]).toEqual([true, 0]);
  });

  it('sends the download report before leaving for the file, and leaves anyway when the report hangs', async () => {
    const { env } = fakeEnvironment('');
    const steps: string[] = [];
    let hang = false;
    env.fetch = async (url) => {
      if (String(url).includes('/pc/download/url')) return new Response(JSON.stringify({ code: 0, msg: 'ok', data: 'https://dl.example/setup.exe' }));
      steps.push('report sent');
      if (hang) await new Promise(() => undefined);
      return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { id: 1 } }));
    };
    env.navigate = (url) => void steps.push(`leave for ${url}`);
    const sdk = createDownloadSdk({ appKey: 'ak', privateKey: key, onready: () => undefined }, env)!;
    await sdk.download('windows');
    expect(steps).toEqual(['report sent', 'leave for https://dl.example/setup.exe']);
    hang = true;
    const leaving = sdk.download('windows');
    await vi.advanceTimersByTimeAsync(REPORT_BEFORE_LEAVE_MS - 1);
    expect(steps).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    await leaving;
    expect(steps.slice(2)).toEqual(['report sent', 'leave for https://dl.example/setup.exe']);
  });

  it('reports the URL parameters when isPostParams is on', async () => {
    const { env, sent } = fakeEnvironment('?a=1&b=two');
    createDownloadSdk({ appKey: 'ak', privateKey: key, onready: () => undefined, isPostParams: true }, env);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ params: { a: '1', b: 'two' } });
  });

  it('a failed call goes to onerror and resolves undefined, even when onerror throws', async () => {
    const { env } = fakeEnvironment('');
    env.fetch = async () => {
      throw new TypeError('offline');
    };
    const errors: string[] = [];
    const sdk = createDownloadSdk({ appKey: 'ak', privateKey: key, onready: () => undefined, onerror: (error: { kind: string }) => { errors.push(error.kind); throw new Error('page bug'); } }, env)!;
    await expect(sdk.appDownloadUrl()).resolves.toBeUndefined();
    expect(errors).toEqual(['network']);
  });
});
