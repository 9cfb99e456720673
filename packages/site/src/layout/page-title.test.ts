import { describe, expect, it } from 'vitest';
import { documentTitle } from './page-title.js';

describe('documentTitle', () => {
  it('joins the page title and the site title', () => {
    expect(documentTitle('VIP', 'Lobby')).toBe('VIP - Lobby');
  });

  it('uses what there is while the config loads or on a page without a title', () => {
    expect(documentTitle('VIP', undefined)).toBe('VIP');
    expect(documentTitle(undefined, 'Lobby')).toBe('Lobby');
    expect(documentTitle(undefined, undefined)).toBe('');
  });
});
