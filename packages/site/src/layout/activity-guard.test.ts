import { describe, expect, it } from 'vitest';
import { isIntercepted, VISITOR } from './activity-guard.js';

describe('isIntercepted', () => {
  it.each(['/app/present/5', '/app/raffle', '/app/SignGift/1', '/app/signGift/1', '/app/football-shot/2', '/app/fissile', '/app/registrantion'])(
    'intercepts the activity page %s',
    (pathname) => {
      expect(isIntercepted(pathname, '', null)).toBe(true);
    },
  );

  it.each(['/app/home', '/app/activity', '/app/football-shot-demo', '/app/surviving/1', '/app/world-cup-guess/1', '/app/presenter'])(
    'lets %s through',
    (pathname) => {
      expect(isIntercepted(pathname, '', null)).toBe(false);
    },
  );

  it('lets a logged-in member through, but not one on the promotion blacklist', () => {
    const member = { loggedIn: true, blacklisted: false };
    expect(isIntercepted('/app/signGift/3', '', null, member)).toBe(false);
    expect(isIntercepted('/app/redPackRain/9', '?x=1', null, member)).toBe(false);
    expect(isIntercepted('/app/signGift/3', '', null, { loggedIn: true, blacklisted: true })).toBe(true);
    expect(isIntercepted('/app/signGift/3', '?preview=1', null, { loggedIn: true, blacklisted: true })).toBe(false);
    expect(isIntercepted('/app/home', '', null, { loggedIn: true, blacklisted: true })).toBe(false);
    expect(isIntercepted('/app/signGift/3', '', null, VISITOR)).toBe(true);
  });

  it('lets the preview flag and a return from the blacklist page through', () => {
    expect(isIntercepted('/app/raffle', '?preview=1', null)).toBe(false);
    expect(isIntercepted('/app/raffle', '?a=1&preview', null)).toBe(false);
    expect(isIntercepted('/app/raffle', '', { fromBlackList: true })).toBe(false);
    expect(isIntercepted('/app/raffle', '?previews=1', { fromBlackList: 'yes' })).toBe(true);
  });
});
