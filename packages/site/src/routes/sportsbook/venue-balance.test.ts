import { describe, expect, it } from 'vitest';
import { sportsbookTexts } from './texts.js';
import { transferNoteOf } from './venue-balance.js';

describe("the sportsbook's transfer in", () => {
  it('tells a pending transfer (the venue may still complete it) apart from a failed one', () => {
    expect(transferNoteOf('completed')).toEqual({ key: 'transferDone', error: false });
    expect(transferNoteOf('pending')).toEqual({ key: 'transferPending', error: false });
    expect(transferNoteOf('failed')).toEqual({ key: 'transferFailed', error: true });
    for (const language of ['zh-CN', 'en'] as const) expect(sportsbookTexts[language].transferPending).not.toBe(sportsbookTexts[language].transferFailed);
  });
});
