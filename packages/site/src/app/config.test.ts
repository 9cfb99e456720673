import { describe, expect, it } from 'vitest';
import { FALLBACK_CONFIG, readLobbyConfig } from './config.js';

function page(content: string | null) {
  return {
    querySelector: (selectors: string) =>
      selectors === 'meta[name="lobby-config"]' && content !== null ? { getAttribute: () => content } : null,
  };
}

describe('readLobbyConfig', () => {
  it('reads the config the server wrote', () => {
    const content = JSON.stringify({ apiBase: 'https://api.example.test/', siteId: 7, signKey: 'k', brand: 'aurora' });
    expect(readLobbyConfig(page(content))).toEqual({ apiBase: 'https://api.example.test', siteId: 7, signKey: 'k', brand: 'aurora' });
  });

  it('falls back when the placeholder was not replaced or the tag is missing', () => {
    expect(readLobbyConfig(page('%LOBBY_CONFIG%'))).toEqual(FALLBACK_CONFIG);
    expect(readLobbyConfig(page(null))).toEqual(FALLBACK_CONFIG);
  });

  it('replaces fields of the wrong type one by one', () => {
    const content = JSON.stringify({ apiBase: 3, siteId: '4', signKey: 'k', brand: '' });
    expect(readLobbyConfig(page(content))).toEqual({ ...FALLBACK_CONFIG, signKey: 'k' });
  });
});
