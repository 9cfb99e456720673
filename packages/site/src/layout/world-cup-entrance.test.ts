import { describe, expect, it } from 'vitest';
import { showsWorldCupEntrance } from './world-cup-entrance.js';

describe('showsWorldCupEntrance', () => {
  it('shows on skins 5 and 6 in simplified Chinese only', () => {
    expect(showsWorldCupEntrance(5, 'zh-CN')).toBe(true);
    expect(showsWorldCupEntrance(6, 'zh-CN')).toBe(true);
    expect(showsWorldCupEntrance(6, 'en')).toBe(false);
    expect(showsWorldCupEntrance(1, 'zh-CN')).toBe(false);
    expect(showsWorldCupEntrance(undefined, 'zh-CN')).toBe(false);
  });
});
