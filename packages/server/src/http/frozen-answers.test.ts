import { describe, expect, it } from 'vitest';
import { frozenAnswer, frozenEnvelopeText } from './frozen-answers.js';
import { errorEnvelope, okEnvelope } from './errors.js';

describe('frozen answers', () => {
  it('serializes a frozen answer exactly as JSON.stringify would, and cannot change under its text', () => {
    const answer = frozenAnswer({ centerWalletBalance: 100.5, venueList: [{ channelCode: 'AG', money: 0, maintenance: false }], name: '中文 <b>' });
    const text = frozenEnvelopeText(okEnvelope(answer));
    expect(text).toBe(JSON.stringify({ code: 0, msg: 'ok', data: answer }));
    expect(() => {
      (answer.venueList[0] as { money: number }).money = 5;
    }).toThrow(TypeError);
    expect(frozenEnvelopeText(okEnvelope(answer))).toBe(text);
  });

  it('leaves answers that are not frozen, and refusals, to the usual serializer', () => {
    expect(frozenEnvelopeText(okEnvelope({ a: 1 }))).toBeUndefined();
    expect(frozenEnvelopeText(okEnvelope(null))).toBeUndefined();
    expect(frozenEnvelopeText(errorEnvelope(220001, 'exceedsBalance', Object.freeze({ a: 1 })))).toBeUndefined();
  });
});
