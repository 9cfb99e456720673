import { describe, expect, it } from 'vitest';
import { activityRoute, promoTarget, type FloatWindowItem } from './target.js';

const item = (over: Partial<FloatWindowItem>): FloatWindowItem => ({
  id: 1,
  webSuspensionIcon: '/p.png',
  jumpType: 1,
  activityId: null,
  activityType: null,
  webLink: '',
  linkType: 1,
  ...over,
});

describe('float window promo target', () => {
  it('sends a web link to an internal route or a new window by link type', () => {
    expect(promoTarget(item({ webLink: '/app/vip', linkType: 1 }))).toEqual({ kind: 'route', route: '/app/vip' });
    expect(promoTarget(item({ webLink: 'https://example.com/x', linkType: 2 }))).toEqual({ kind: 'window', url: 'https://example.com/x' });
  });

  it('sends an activity to its activity page', () => {
    expect(promoTarget(item({ jumpType: 2, activityId: 7, activityType: 'present' }))).toEqual({ kind: 'route', route: '/app/present/7' });
    expect(promoTarget(item({ jumpType: 2, activityId: 7, activityType: null, linkType: 2 }))).toEqual({ kind: 'window', url: '/app/preferentialActivity/7' });
    expect(activityRoute({ activityId: 3, activityType: '../../evil' })).toBe('/app/preferentialActivity/3');
  });

  it('follows nothing that is not a site path or http(s) URL', () => {
    for (const webLink of ['javascript:alert(1)', '//evil.example/x', '/\\evil.example/x', '/\t/evil.example', 'https:///evil.example', 'data:text/html,x', '']) {
      expect(promoTarget(item({ webLink, linkType: 2 })), webLink).toEqual({ kind: 'none' });
    }
    expect(promoTarget(item({ jumpType: 2, activityId: null }))).toEqual({ kind: 'none' });
  });
});
