import { describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '@lobby/sdk';
import { createToasts } from './toast.js';

describe('toasts', () => {
  it('shows one toast at a time, the newest, for one second', () => {
    vi.useFakeTimers();
    try {
      const toasts = createToasts();
      toasts.show('first');
      toasts.show('second', 'error');
      expect(toasts.current().map((toast) => toast.text)).toEqual(['second']);
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
      expect(toasts.current()).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(toasts.current()).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
