import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as RuntimeModule from './runtime.js';
import type * as SdkModule from '@lobby/sdk';

type Runtime = typeof RuntimeModule;
type Sdk = typeof SdkModule;

/** A fresh copy of the runtime and the sdk, as a second standalone widget file carries. */
async function loadBundleCopy(): Promise<{ runtime: Runtime; sdk: Sdk }> {
  vi.resetModules();
  return { runtime: await import('./runtime.js'), sdk: await import('@lobby/sdk') };
}

function fakeWindow(): EventTarget & { lobby?: unknown } {
  return new EventTarget() as EventTarget & { lobby?: unknown };
}

describe('widget runtime', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('does nothing in Node without a window', async () => {
    const { runtime } = await loadBundleCopy();
    expect(() => runtime.connectRuntime()).not.toThrow();
    expect(runtime.sharedConfig()).toEqual({});
  });

  it('replays calls queued before any widget file, and shares them with a later file', async () => {
    const page = fakeWindow();
    vi.stubGlobal('window', page);
    const { installStub } = await import('../loader/stub.js');
    const lobby = installStub(page);
    lobby('config', { apiBase: 'https://api.example/', siteId: 4, lang: 'en' });
    lobby('session', { token: 'partner-token' });

    const first = await loadBundleCopy();
    first.runtime.connectRuntime();
    expect(first.sdk.$session.get()).toEqual({ token: 'partner-token' });
    expect(first.runtime.sharedConfig()).toEqual({ apiBase: 'https://api.example', siteId: 4, lang: 'en' });

    const second = await loadBundleCopy();
    second.runtime.connectRuntime();
    expect(second.sdk.$session.get()).toEqual({ token: 'partner-token' });

    const changes = vi.fn();
    second.runtime.onSharedChange(changes);
    lobby('logout');
    expect(first.sdk.$session.get()).toBeNull();
    expect(second.sdk.$session.get()).toBeNull();
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('refuses an unknown command and a session without a token, changing nothing', async () => {
    const page = fakeWindow();
    vi.stubGlobal('window', page);
    const { runtime, sdk } = await loadBundleCopy();
    runtime.connectRuntime();
    const lobby = page.lobby as (command: string, ...args: unknown[]) => unknown;
    expect(() => lobby('sesion', { token: 'x' })).toThrow(/unknown command 'sesion'/);
    expect(() => lobby('session', { token: '' })).toThrow(/token must be a non-empty string/);
    expect(sdk.$session.get()).toBeNull();
  });
});
