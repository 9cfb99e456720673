import { describe, expect, it } from 'vitest';
import { textIn } from '@lobby/sdk';
import { lineText, marketName } from './labels.js';
import { sportsbookTexts, type SportsbookTextKey } from './texts.js';

describe('sportsbook labels', () => {
  it('writes lines in quarters as goals: handicaps signed, totals not', () => {
    expect([-5, -1, 0, 2, 3].map((quarters) => lineText(quarters, true))).toEqual(['-1.25', '-0.25', '0', '+0.5', '+0.75']);
    expect(lineText(10, false)).toBe('2.5');
    expect(lineText(9, false)).toBe('2.25');
    expect(lineText(undefined, true)).toBe('');
  });

  it('names markets with their line in both languages', () => {
    const en = (key: SportsbookTextKey, params?: Record<string, string | number>) => textIn(sportsbookTexts, 'en', key, params);
    const zh = (key: SportsbookTextKey, params?: Record<string, string | number>) => textIn(sportsbookTexts, 'zh-CN', key, params);
    expect(marketName(en, { type: 'asian_handicap', line: -3 })).toBe('Asian handicap -0.75');
    expect(marketName(zh, { type: 'over_under', line: 9 })).toBe('大小 2.25');
    expect(marketName(en, { type: '1x2' })).toBe('Match result');
  });
});
