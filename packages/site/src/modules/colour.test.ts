import { describe, expect, it } from 'vitest';
import { isDarkColour } from './colour.js';

describe('isDarkColour', () => {
  it('tells dark backgrounds from light ones', () => {
    expect(isDarkColour('#101820')).toBe(true);
    expect(isDarkColour('#000')).toBe(true);
    expect(isDarkColour('#f5f5f5')).toBe(false);
    expect(isDarkColour('#FFF')).toBe(false);
    expect(isDarkColour('red')).toBe(false);
  });
});
