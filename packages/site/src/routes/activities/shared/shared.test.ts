import { describe, expect, it } from 'vitest';
import { textIn } from '@lobby/sdk';
import { ACTIVITY_KIND_ROUTES, activityHref, activityIdOf } from './activity-routes.js';
import { conditionLines } from './conditions.js';
import { spanText } from './status-badge.js';
import { activityTexts, type ActivityTextKey } from './texts.js';

describe('activity pages: shared parts', () => {
  it("maps every kind to its page and an unknown kind to the plain display page", () => {
    expect(activityHref('sign_in', 7)).toBe('/app/signGift/7');
    expect(activityHref('raffle', 3)).toBe('/app/raffle?id=3');
    expect(activityHref('spin_wheel', 4)).toBe('/app/drawGift/4');
    expect(activityHref('discount', 5)).toBe('/app/discountDetails/5');
    expect(activityHref('race', 6)).toBe('/app/race-page/6');
    expect(activityHref('no_such_kind', 9)).toBe('/app/pureDisplay/9');
    expect(activityHref('__proto__', 9)).toBe('/app/pureDisplay/9');
    expect(activityHref('football_guess', 8)).toBe('/app/world-cup-guess/8');
    expect(activityHref('carnival', 8)).toBe('/app/euro-cup/8');
    expect(activityHref('football_shot', 8)).toBe('/app/football-shot/8');
    expect(Object.keys(ACTIVITY_KIND_ROUTES).length).toBeGreaterThanOrEqual(22);
  });

  it('reads an activity id only from a positive 32-bit integer', () => {
    expect(activityIdOf('12')).toBe(12);
    for (const bad of [undefined, null, '', '0', '-1', '1.5', '1e3', '2147483648', ' 1', 'abc']) expect(activityIdOf(bad)).toBeUndefined();
  });

  it('writes a countdown as d hh:mm:ss, hh:mm:ss or mm:ss', () => {
    const days = (count: number) => `${count} d `;
    expect(spanText(90_061, days)).toBe('1 d 01:01:01');
    expect(spanText(3_725, days)).toBe('01:02:05');
    expect(spanText(65, days)).toBe('01:05');
    expect(spanText(-3, days)).toBe('00:00');
  });

  it('says the conditions in words, none for an open activity', () => {
    const text = (key: ActivityTextKey, params?: Record<string, string | number>) => textIn(activityTexts, 'en', key, params);
    expect(conditionLines({ oneRewardPer: [] }, text)).toEqual([]);
    expect(conditionLines({ minDepositMinor: 100_00, requirePhone: true, minVipLevel: 2, claimsPerMember: 1, oneRewardPer: ['device', 'bankCard'] }, text)).toEqual([
      'Deposits of 100.00 yuan during the activity', 'VIP2 or higher', 'A bound phone number', 'At most 1 claim per member', 'One reward per device / bank card',
    ]);
  });
});
