import { describe, expect, it } from 'vitest';
import { readBootData } from './boot-data.js';

const page = (content: string | null) => ({ querySelector: () => (content === null ? null : { getAttribute: () => content }) });
const config = { siteId: 4, title: 'Lobby', language: { default: 'zh-CN', list: ['zh-CN'] }, venues: {} };
const banners = { list: [{ id: 1, title: { zh: '横幅', en: 'Banner' }, imageUrl: 'data:image/png;base64,AA', link: '/app/home' }], intervalMs: 5000 };

describe('home boot data', () => {
  it('reads the base config and banners the server wrote into the page', () => {
    expect(readBootData(page(JSON.stringify({ baseConfig: config, banners })))).toEqual({ baseConfig: config, banners });
  });

  it('is empty on pages without it, an unreplaced placeholder or malformed fields', () => {
    const empty = { baseConfig: null, banners: null };
    expect(readBootData(page(null))).toEqual(empty);
    expect(readBootData(page('%LOBBY_BOOT%'))).toEqual(empty);
    expect(readBootData(page('{}'))).toEqual(empty);
    expect(readBootData(page(JSON.stringify({ baseConfig: { siteId: '4' }, banners: { list: [{}], intervalMs: 1 } })))).toEqual(empty);
  });
});
