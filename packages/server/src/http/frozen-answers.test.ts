import { describe, expect, it } from 'vitest';
import { frozenAnswer, frozenEnvelopeBytes } from './frozen-answers.js';
import { errorEnvelope, okEnvelope } from './errors.js';

describe('frozen answers', () => {
  it('serializes a frozen answer once, to the UTF-8 of what JSON.stringify gives, and cannot change under its text', () => {
    const answer = frozenAnswer({ centerWalletBalance: 100.5, venueList: [{ channelCode: 'AG', money: 0, maintenance: false }], name: '中文 <b>' });
    const bytes = frozenEnvelopeBytes(okEnvelope(answer));
    expect(bytes?.toString('utf8')).toBe(JSON.stringify({ code: 0, msg: 'ok', data: answer }));
    expect(() => {
      (answer.venueList[0] as { money: number }).money = 5;
    }).toThrow(TypeError);
    expect(frozenEnvelopeBytes(okEnvelope(answer))).toBe(bytes);
  });

  it('leaves answers that are not frozen, and refusals, to the usual serializer', () => {
    expect(frozenEnvelopeBytes(okEnvelope({ a: 1 }))).toBeUndefined();
    expect(frozenEnvelopeBytes(okEnvelope(null))).toBeUndefined();
    expect(frozenEnvelopeBytes(errorEnvelope(220001, 'exceedsBalance', Object.freeze({ a: 1 })))).toBeUndefined();
  });
});
