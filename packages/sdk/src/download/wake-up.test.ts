import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANDROID_FALLBACK_MS, WAKE_UP_DELAY_MS, wakeUp } from '@lobby/sdk';

function setup(isAndroid: boolean, overrides: { wakeUpDelayMs?: number; androidFallbackMs?: number } = {}) {
  const visits: string[] = [];
  const events = new EventTarget();
  let hidden = false;
  const running = wakeUp({ scheme: 'lobbyapp://open', fallbackUrl: 'https://dl.example/app.apk', isAndroid, navigate: (url) => visits.push(url), events, isHidden: () => hidden, ...overrides });
  return { visits, events, running, hide: () => { hidden = true; events.dispatchEvent(new Event('visibilitychange')); } };
}

describe('wake-up (spec section 9: 300 ms delay, 50 ms Android fallback)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the scheme after 300 ms, then on Android falls back 50 ms later', () => {
    const { visits } = setup(true);
    vi.advanceTimersByTime(WAKE_UP_DELAY_MS - 1);
    expect(visits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(visits).toEqual(['lobbyapp://open']);
    vi.advanceTimersByTime(ANDROID_FALLBACK_MS);
    expect(visits).toEqual(['lobbyapp://open', 'https://dl.example/app.apk']);
  });

  it('elsewhere the fallback waits the wake-up delay again; a page can change both delays', () => {
    const { visits } = setup(false);
    vi.advanceTimersByTime(WAKE_UP_DELAY_MS + ANDROID_FALLBACK_MS);
    expect(visits).toEqual(['lobbyapp://open']);
    vi.advanceTimersByTime(WAKE_UP_DELAY_MS);
    expect(visits).toHaveLength(2);
    const custom = setup(true, { wakeUpDelayMs: 10, androidFallbackMs: 5 });
    vi.advanceTimersByTime(15);
    expect(custom.visits).toHaveLength(2);
  });

  it('the page going hidden or away cancels the fallback', () => {
    const hiddenCase = setup(true);
    vi.advanceTimersByTime(WAKE_UP_DELAY_MS);
    hiddenCase.hide();
    vi.advanceTimersByTime(1000);
    expect(hiddenCase.visits).toEqual(['lobbyapp://open']);
    const leftCase = setup(true);
    vi.advanceTimersByTime(WAKE_UP_DELAY_MS);
    leftCase.events.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(1000);
    expect(leftCase.visits).toEqual(['lobbyapp://open']);
  });

  it('a visible visibilitychange does not cancel; cancel() does', () => {
    const { visits, events, running } = setup(true);
    events.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(WAKE_UP_DELAY_MS);
    running.cancel();
    vi.advanceTimersByTime(1000);
    expect(visits).toEqual(['lobbyapp://open']);
  });
});
