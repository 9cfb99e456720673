import { describe, expect, it } from 'vitest';
import { checkedInput } from '../engine/index.js';
import { validateConfig } from './config.js';
import { seedActivities } from './seed.js';

const money = { id: 'a', giftName: 'Cash', category: 2, amountMinor: 100, basis: 'turnover', threshold: 1_000 };

describe('gift activity configs', () => {
  it('accepts every seeded gift activity, and the engine takes them', () => {
    const seeded = seedActivities(new Date('2026-11-26T00:00:00Z'));
    expect(seeded.map((activity) => activity.kind)).toEqual(['present', 'super_gift', 'promo_v2', 'happy_send', 'luxury_gift', 'top_gift']);
    for (const activity of seeded) {
      expect(validateConfig(activity.kind, activity.config)).toBeNull();
      expect(checkedInput(activity).config).toEqual(activity.config);
    }
  });

  it('names the problem of a bad config', () => {
    expect(validateConfig('present', [])).toBe('config must be a JSON object');
    expect(validateConfig('present', { gifts: [] })).toBe('gifts must list 1 to 30 gifts');
    expect(validateConfig('present', { gifts: [{ ...money, id: 'bad id' }] })).toBe('gifts[0].id must be 1 to 40 letters, digits, _ or -');
    expect(validateConfig('present', { gifts: [money, money] })).toBe('gifts[1].id a is used twice');
    expect(validateConfig('present', { gifts: [{ ...money, amountMinor: 0 }] })).toBe('gifts[0]: a money gift must pay more than 0');
    expect(validateConfig('present', { gifts: [{ ...money, amountMinor: 1.5 }] })).toContain('amountMinor must be an integer');
    expect(validateConfig('present', { gifts: [{ ...money, basis: 'deposit' }] })).toBe('gifts[0].basis must be one of turnover, firstDeposit for a present activity');
    expect(validateConfig('super_gift', { gifts: [{ ...money, basis: 'deposit', imgUrls: ['https://evil.example/x.png'] }] })).toContain('imgUrls');
    expect(validateConfig('luxury_gift', { gifts: [{ ...money, basis: 'points', threshold: 5 }] })).toContain('pointMinor');
    expect(validateConfig('luxury_gift', { pointMinor: 100, gifts: [{ ...money, basis: 'points', threshold: 0 }] })).toContain('at least 1 point');
    expect(validateConfig('promo_v2', { gifts: [{ ...money, basis: 'vipLevel', threshold: 11 }] })).toContain('VIP levels run from 0 to 10');
    expect(validateConfig('promo_v2', { gifts: [{ ...money, basis: 'vipLevel', threshold: 1, buff: { rebateBasisPoints: 20, days: 7 } }] })).toContain('only a virtual gift');
    expect(validateConfig('present', { gifts: [money], webBanner: 'javascript:alert(1)' })).toContain('webBanner');
    expect(validateConfig('present', { gifts: [money] })).toBeNull();
    const top = { pointMinor: 100, gifts: [{ ...money, basis: 'points', threshold: 5 }] };
    expect(validateConfig('present', { gifts: [money], rankPrizes: [] })).toBe('rankPrizes belong to a top_gift activity');
    expect(validateConfig('top_gift', { ...top, rankPrizes: [{ fromRank: 2, toRank: 1, amountMinor: 100 }] })).toContain('without overlapping');
    expect(validateConfig('top_gift', { ...top, rankPrizes: [{ fromRank: 1, toRank: 3, amountMinor: 100 }, { fromRank: 3, toRank: 5, amountMinor: 50 }] })).toContain('without overlapping');
    expect(validateConfig('top_gift', { ...top, rankPrizes: [{ fromRank: 1, toRank: 1, amountMinor: 0 }] })).toContain('above 0');
    expect(validateConfig('top_gift', { ...top, rankPrizes: [{ fromRank: 1, toRank: 1, amountMinor: 100 }, { fromRank: 2, toRank: 10, amountMinor: 50 }] })).toBeNull();
    // Another area's kind is not this module's to judge.
    expect(validateConfig('sign_in', [])).toBeNull();
  });
});
