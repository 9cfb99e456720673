import { FLOAT_WINDOW_TIME_DEFAULT_S } from '@lobby/sdk';

/**
 * The carousel interval: the list's `time` in seconds, 3 s when missing or not a positive
 * whole number.
 *
 * @example carouselIntervalMs(5) // 5000
 */
export function carouselIntervalMs(timeSeconds: number | null | undefined): number {
  return Number.isSafeInteger(timeSeconds) && (timeSeconds as number) > 0 ? (timeSeconds as number) * 1000 : FLOAT_WINDOW_TIME_DEFAULT_S * 1000;
}

/**
 * The next slide, looping back to the first.
 *
 * @example nextSlide(2, 3) // 0
 */
export function nextSlide(index: number, count: number): number {
  return count <= 0 ? 0 : (index + 1) % count;
}

export interface Carousel {
  /** Pauses (hover, focus); the count starts again on resume. */
  pause(reason: string): void;
  resume(reason: string): void;
  stop(): void;
}

/**
 * Advances `onAdvance` every `intervalMs` while nothing pauses it. Pausing for several
 * reasons (hover and focus) needs all of them resumed. One slide never rotates.
 *
 * @example const carousel = startCarousel({ count: 3, intervalMs: 3000, onAdvance: show }); carousel.pause('hover')
 */
export function startCarousel(options: { count: number; intervalMs: number; onAdvance: () => void }): Carousel {
  const reasons = new Set<string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  const run = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    if (!stopped && reasons.size === 0 && options.count > 1) timer = setInterval(options.onAdvance, options.intervalMs);
  };
  run();
  return {
    pause(reason) {
      reasons.add(reason);
      run();
    },
    resume(reason) {
      if (reasons.delete(reason)) run();
    },
    stop() {
      stopped = true;
      run();
    },
  };
}
