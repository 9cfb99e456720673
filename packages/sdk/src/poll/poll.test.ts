import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller, documentVisibility, type VisibilitySource } from '@lobby/sdk';

/** A page whose visibility the test flips. */
function fakeVisibility(hidden = false) {
  const listeners = new Set<() => void>();
  const source: VisibilitySource & { set(next: boolean): void; listeners: Set<() => void> } = {
    listeners,
    isHidden: () => hidden,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      hidden = next;
      for (const listener of listeners) listener();
    },
  };
  return source;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createPoller', () => {
  it('runs at once, then every interval measured from the end of a run', async () => {
    const task = vi.fn(async () => 'x');
    const poller = createPoller({ intervalMs: 1000, task, visibility: null });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    poller.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('never overlaps runs, even when a run outlasts the interval', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const task = vi.fn(async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      inFlight -= 1;
    });
    const poller = createPoller({ intervalMs: 1000, task, visibility: null });
    poller.start();
    poller.runNow();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(maxInFlight).toBe(1);
    // Runs start at 0, 3500, 7000: each 2500 ms long plus a 1000 ms pause.
    expect(task).toHaveBeenCalledTimes(3);
    poller.stop();
  });

  it('waits firstDelayMs before the first run and stops when stopWhen matches', async () => {
    const answers = [{ status: 0 }, { status: 1 }, { status: 0 }];
    const task = vi.fn(async () => answers.shift()!);
    const poller = createPoller({ intervalMs: 60_000, firstDelayMs: 5_000, task, stopWhen: (tip) => tip.status === 1, visibility: null });
    poller.start();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(2);
    expect(poller.active).toBe(false);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('reports errors and keeps polling', async () => {
    const onError = vi.fn();
    const task = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue('ok');
    const poller = createPoller({ intervalMs: 100, task, onError, visibility: null });
    poller.start();
    await vi.advanceTimersByTimeAsync(150);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
    expect(task).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('pauses while hidden and runs at once when visible again', async () => {
    const visibility = fakeVisibility();
    const task = vi.fn(async () => undefined);
    const poller = createPoller({ intervalMs: 1000, task, visibility });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    visibility.set(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
    visibility.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(3);
    poller.stop();
    expect(visibility.listeners.size).toBe(0);
  });

  it('does not start running while the page is hidden', async () => {
    const visibility = fakeVisibility(true);
    const task = vi.fn(async () => undefined);
    const poller = createPoller({ intervalMs: 1000, task, visibility });
    poller.start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();
    visibility.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  it('stop aborts the run in flight and ignores its result', async () => {
    let signal: AbortSignal | undefined;
    const stopWhen = vi.fn(() => false);
    const task = vi.fn(async (given: AbortSignal) => {
      signal = given;
      await new Promise((resolve) => setTimeout(resolve, 500));
      return 1;
    });
    const poller = createPoller({ intervalMs: 1000, task, stopWhen, visibility: null });
    poller.start();
    await vi.advanceTimersByTimeAsync(100);
    poller.stop();
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopWhen).not.toHaveBeenCalled();
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('documentVisibility', () => {
  it('is null without a document (Node)', () => {
    expect(documentVisibility()).toBeNull();
  });

  it('follows document.visibilityState by default', async () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('document', doc);
    const task = vi.fn(async () => undefined);
    const poller = createPoller({ intervalMs: 1000, task });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(2);
    poller.stop();
  });
});
