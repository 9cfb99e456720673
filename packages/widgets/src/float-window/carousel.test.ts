import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carouselIntervalMs, nextSlide, startCarousel } from './carousel.js';

describe('float window carousel timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loops every `time` seconds, 3 s by default', () => {
    expect(carouselIntervalMs(5)).toBe(5000);
    expect(carouselIntervalMs(undefined)).toBe(3000);
    expect(carouselIntervalMs(0)).toBe(3000);
    expect(carouselIntervalMs(1.5)).toBe(3000);
    expect([0, 1, 2].map((index) => nextSlide(index, 3))).toEqual([1, 2, 0]);
  });

  it('advances on each interval and not before', () => {
    const onAdvance = vi.fn();
    startCarousel({ count: 3, intervalMs: 3000, onAdvance });
    vi.advanceTimersByTime(2999);
    expect(onAdvance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onAdvance).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(6000);
    expect(onAdvance).toHaveBeenCalledTimes(3);
  });

  it('pauses on hover and focus until both end, then counts a full interval again', () => {
    const onAdvance = vi.fn();
    const carousel = startCarousel({ count: 2, intervalMs: 3000, onAdvance });
    vi.advanceTimersByTime(2000);
    carousel.pause('hover');
    carousel.pause('focus');
    vi.advanceTimersByTime(10_000);
    carousel.resume('hover');
    vi.advanceTimersByTime(10_000);
    expect(onAdvance).not.toHaveBeenCalled();
    carousel.resume('focus');
    vi.advanceTimersByTime(2999);
    expect(onAdvance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it('never rotates one slide, and stops for good', () => {
    const single = vi.fn();
    startCarousel({ count: 1, intervalMs: 1000, onAdvance: single });
    const onAdvance = vi.fn();
    const carousel = startCarousel({ count: 3, intervalMs: 1000, onAdvance });
    carousel.stop();
    carousel.resume('hover');
    vi.advanceTimersByTime(5000);
    expect(single).not.toHaveBeenCalled();
    expect(onAdvance).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
