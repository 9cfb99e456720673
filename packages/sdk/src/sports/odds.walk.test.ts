/** Every price from 1.001 to 1000.000 through every format and back (docs/SPORTS-RULES.md, "Odds formats"). */
import { describe, expect, it } from 'vitest';
import { ODDS_FORMATS, formatOdds, oddsFromFormat, oddsToFormat, parseOdds } from '@lobby/sdk';

/** The display check reads every tenth price (99,900 a format); the exact check reads them all. */
const DISPLAY_STRIDE = 10;

describe('odds formats, every price', () => {
  it.each(ODDS_FORMATS)('turns each of the 999,000 prices into %s and back exactly', (format) => {
    let wrong = 0;
    for (let odds = 1001; odds <= 1_000_000; odds += 1) if (oddsFromFormat(oddsToFormat(odds, format), format) !== odds) wrong += 1;
    expect(wrong).toBe(0);
  });

  it.each(ODDS_FORMATS)('reads the %s display back to the price, or to a price whose display reads back to itself', (format) => {
    let wrong = 0;
    for (let odds = 1001; odds <= 1_000_000; odds += DISPLAY_STRIDE) {
      // Where the display is finer than the thousandths it reads back to the price itself;
      // where coarser (small Malay reciprocals) to a price whose display reads back to itself.
      const read = parseOdds(formatOdds(odds, format), format);
      if (read !== odds && (read === undefined || parseOdds(formatOdds(read, format), format) !== read)) wrong += 1;
    }
    expect(wrong).toBe(0);
  });
});
