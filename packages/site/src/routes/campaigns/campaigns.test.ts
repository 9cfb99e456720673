import { describe, expect, it } from 'vitest';
import { carnivalModal } from '@lobby/sdk';
import { carnivalVideoView } from './carnival-video.js';
import { REFRESH_GUARD_KEY, refreshTooSoon } from './refresh-guard.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('the carnival page rules', () => {
  it('says "don\'t refresh" when the same activity loads again within 5000 ms, and stores the load otherwise', () => {
    const storage = memoryStorage();
    expect(refreshTooSoon(storage, 7, 10_000)).toBe(false);
    expect(JSON.parse(storage.items.get(REFRESH_GUARD_KEY)!)).toEqual({ activityId: 7, at: 10_000 });
    expect(refreshTooSoon(storage, 7, 14_999)).toBe(true);
    expect(refreshTooSoon(storage, 8, 15_000)).toBe(false);
    expect(refreshTooSoon(storage, 8, 20_000)).toBe(false);
    storage.setItem(REFRESH_GUARD_KEY, 'not json');
    expect(refreshTooSoon(storage, 8, 20_001)).toBe(false);
  });
  it('opens the modal the spec names after each apply step', () => {
    expect(carnivalModal(1, 200)).toBe(1);
    expect(carnivalModal(1, 711)).toBe(2);
    expect(carnivalModal(2, 200)).toBe(3);
    expect(carnivalModal(2, 711)).toBe(2);
    expect(carnivalModal(2, 270001)).toBe(1);
  });
});

describe('the carnival videos', () => {
  const origin = 'https://lobby.example';

  it('plays only a video file of this site in the page: the CSP takes media from this origin only', () => {
    expect(carnivalVideoView('/media/final.mp4', origin)).toEqual({ kind: 'player', src: '/media/final.mp4' });
    expect(carnivalVideoView('/media/final.WEBM?v=2', origin)).toEqual({ kind: 'player', src: '/media/final.WEBM?v=2' });
    expect(carnivalVideoView('https://lobby.example/media/final.mp4', origin)).toEqual({ kind: 'player', src: '/media/final.mp4' });
  });

  it('links a video on another host out to a new tab, naming the host, and a page of this site in the app', () => {
    expect(carnivalVideoView('https://cdn.example/final.mp4', origin)).toEqual({ kind: 'elsewhere', href: 'https://cdn.example/final.mp4', host: 'cdn.example' });
    expect(carnivalVideoView('https://video.example/watch?v=1', origin)).toEqual({ kind: 'elsewhere', href: 'https://video.example/watch?v=1', host: 'video.example' });
    expect(carnivalVideoView('/app/news', origin)).toEqual({ kind: 'page', to: '/app/news' });
  });

  it('shows no link for an address that is not safe', () => {
    for (const url of ['javascript:alert(1)', '//evil.host/final.mp4', 'http://cdn.example/final.mp4', 'data:video/mp4;base64,AAAA']) expect(carnivalVideoView(url, origin), url).toEqual({ kind: 'none' });
  });
});
