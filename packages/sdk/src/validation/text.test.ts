import { describe, expect, it } from 'vitest';
import { chatWordCount, refusedInValue, refusedText, validateChatContent } from '@lobby/sdk';

describe('text refusals', () => {
  it('finds NUL and lone surrogates, not whole surrogate pairs', () => {
    expect(refusedText('a\u0000b')).toBe('nul');
    expect(refusedText('\ud800')).toBe('loneSurrogate');
    expect(refusedText('x\udc00')).toBe('loneSurrogate');
    expect(refusedText('😀 中文 ok')).toBeUndefined();
  });

  it('finds direction overrides only when asked', () => {
    for (const mark of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(refusedText(`pay ${mark}gnp.exe`, ['directionOverride'])).toBe('directionOverride');
      expect(refusedText(`pay ${mark}gnp.exe`)).toBeUndefined();
    }
    expect(refusedText('family 👨\u200D👩\u200D👧', ['directionOverride'])).toBeUndefined();
  });

  it('looks into the keys and strings of any JSON value', () => {
    expect(refusedInValue({ a: [1, { b: 'x\u0000' }] })).toBe('nul');
    expect(refusedInValue({ ['k\ud800']: 1 })).toBe('loneSurrogate');
    expect(refusedInValue({ a: [1, true, null, 'fine'] })).toBeUndefined();
  });
});

describe('chat content (spec section 9)', () => {
  it('counts the trimmed text in code points', () => {
    expect(chatWordCount('  😀中 ')).toBe(2);
  });

  it('takes trimmed text within the limit and refuses empty, long or disguised text', () => {
    expect(validateChatContent('  hi  ', 2)).toEqual({ ok: true, value: 'hi' });
    expect(validateChatContent('   ', 2)).toEqual({ ok: false, error: 'chatContentEmpty' });
    expect(validateChatContent('abc', 2)).toEqual({ ok: false, error: 'chatContentTooLong' });
    expect(validateChatContent('hi \u202Eevil', 200)).toEqual({ ok: false, error: 'chatContentDisguised' });
  });
});
