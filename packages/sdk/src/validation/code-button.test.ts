import { describe, expect, it } from 'vitest';
import { acceptsCodeClick, CODE_CLICK_DEBOUNCE_MS, CODE_RESEND_COUNTDOWN_MS, codeCountdownSeconds, createThrottle, RECYCLE_THROTTLE_MS } from '@lobby/sdk';

describe('get-code button (spec section 5)', () => {
  it('debounces clicks for 2 s', () => {
    expect(CODE_CLICK_DEBOUNCE_MS).toBe(2000);
    expect(acceptsCodeClick({ lastClickAtMs: null, sentAtMs: null }, 0)).toBe(true);
    expect(acceptsCodeClick({ lastClickAtMs: 1000, sentAtMs: null }, 2999)).toBe(false);
    expect(acceptsCodeClick({ lastClickAtMs: 1000, sentAtMs: null }, 3000)).toBe(true);
  });

  it('stays disabled for the 60 s countdown after sending', () => {
    expect(CODE_RESEND_COUNTDOWN_MS).toBe(60_000);
    expect(codeCountdownSeconds(null, 5)).toBe(0);
    expect(codeCountdownSeconds(0, 0)).toBe(60);
    expect(codeCountdownSeconds(0, 1500)).toBe(59);
    expect(codeCountdownSeconds(0, 59_001)).toBe(1);
    expect(codeCountdownSeconds(0, 60_000)).toBe(0);
    expect(acceptsCodeClick({ lastClickAtMs: 0, sentAtMs: 0 }, 59_999)).toBe(false);
    expect(acceptsCodeClick({ lastClickAtMs: 0, sentAtMs: 0 }, 60_000)).toBe(true);
  });
});

describe('recycling and refresh throttle (spec sections 4 and 9)', () => {
  it('allows once per 10 s and answers "the operation is too frequent" otherwise', () => {
    let nowMs = 0;
    const throttle = createThrottle({ now: () => nowMs });
    expect(RECYCLE_THROTTLE_MS).toBe(10_000);
    expect(throttle.attempt()).toEqual({ ok: true, value: true });
    nowMs = 9_999;
    expect(throttle.attempt()).toEqual({ ok: false, error: 'operationTooFrequent' });
    nowMs = 10_000;
    expect(throttle.attempt().ok).toBe(true);
  });
});
