import { describe, expect, it } from 'vitest';
import { isAppPath, safeHref } from './safe-href.js';

describe('links built from server data', () => {
  it('take in-app paths and https URLs by default', () => {
    expect(safeHref('/app/vip')).toBe('/app/vip');
    expect(safeHref('/')).toBe('/');
    expect(safeHref('/app/activity?category=sports#top')).toBe('/app/activity?category=sports#top');
    expect(safeHref('https://t.me/lobby_support_demo')).toBe('https://t.me/lobby_support_demo');
    expect(safeHref('HTTPS://example.com/a')).toBe('HTTPS://example.com/a');
    expect(safeHref('https://example.com:8443?x=1')).toBe('https://example.com:8443?x=1');
    expect(safeHref('/新闻/赛事')).toBe('/新闻/赛事');
  });

  it('refuse another host behind a path, script and data URLs, logins in the URL, and what the browser would rewrite', () => {
    for (const url of [
      '//evil.host', '//evil.host/app', '/\\evil.host', '/\t/evil.host', ' /app', '/app\n', 'javascript:alert(1)', 'JavaScript:alert(1)', 'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'https:evil.host', 'https:/evil.host', 'https://', 'https://user:pass@bank.example', 'https://bank.example@evil.host',
      'https://good.example\\@evil.host', 'https://evil.host\u007f', '/app\u0085', '/app\u00a0x', 'app/vip', '', 'x'.repeat(3000), 42, null, undefined,
    ]) {
      expect(safeHref(url), String(url)).toBeNull();
    }
  });

  it('take http and mailto only where a page asks for them, and paths only where meant', () => {
    expect(safeHref('http://localhost:3000')).toBeNull();
    expect(safeHref('http://localhost:3000', ['https', 'http'])).toBe('http://localhost:3000');
    expect(safeHref('mailto:agents@lobby.example')).toBeNull();
    expect(safeHref('mailto:agents@lobby.example', ['https', 'mailto'])).toBe('mailto:agents@lobby.example');
    expect(safeHref('mailto:', ['mailto'])).toBeNull();
    expect(safeHref('https://example.com', ['path'])).toBeNull();
    expect(safeHref('/app/home', ['https'])).toBeNull();
  });

  it('tell a path of this site from another site', () => {
    expect(isAppPath('/app/home')).toBe(true);
    expect(isAppPath('https://example.com/')).toBe(false);
  });
});
