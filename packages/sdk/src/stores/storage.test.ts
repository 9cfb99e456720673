import { afterEach, describe, expect, it, vi } from 'vitest';

/** A localStorage stand-in that records every access. */
function fakeLocalStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: vi.fn((key: string) => data.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void data.set(key, value)),
    removeItem: vi.fn((key: string) => void data.delete(key)),
    data,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('browser storage', () => {
  it('importing the sdk touches neither localStorage nor document', async () => {
    const storage = fakeLocalStorage({ 'lobby.session': '{"token":"kept"}', 'lobby.language': 'en' });
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('document', new Proxy({}, { get: () => { throw new Error('document read at import'); } }));
    vi.resetModules();
    const sdk = await import('../index.js');
    expect(storage.getItem).not.toHaveBeenCalled();
    vi.stubGlobal('document', undefined);
    expect(sdk.$session.get()).toEqual({ token: 'kept' });
    expect(sdk.$language.get()).toBe('en');
    expect(storage.getItem).toHaveBeenCalledWith('lobby.session');
  });

  it('keeps the session and device id in localStorage when there is one', async () => {
    const storage = fakeLocalStorage();
    vi.stubGlobal('localStorage', storage);
    vi.resetModules();
    const sdk = await import('../index.js');
    sdk.setSession('abc');
    const id = sdk.deviceId();
    expect(storage.data.get('lobby.session')).toBe('{"token":"abc"}');
    expect(storage.data.get('lobby.deviceId')).toBe(id);
    expect(sdk.deviceId()).toBe(id);
  });

  it('a corrupt stored session reads as logged out and is removed', async () => {
    const storage = fakeLocalStorage({ 'lobby.session': '{not json' });
    vi.stubGlobal('localStorage', storage);
    vi.resetModules();
    const sdk = await import('../index.js');
    expect(sdk.$session.get()).toBeNull();
    expect(storage.data.has('lobby.session')).toBe(false);
  });

  it('falls back to memory where localStorage throws', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    vi.resetModules();
    const sdk = await import('../index.js');
    sdk.setSession('mem');
    expect(sdk.localStore().getItem('lobby.session')).toBe('{"token":"mem"}');
    expect(sdk.deviceId()).toBe(sdk.deviceId());
  });
});
