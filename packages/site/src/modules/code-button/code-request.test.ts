import { describe, expect, it } from 'vitest';
import { CODE_CLICK_DEBOUNCE_MS } from '@lobby/sdk';
import { createCodeRequest } from './code-request.js';

describe('the get-code request of the SMS login', () => {
  const free = { lastClickAtMs: null, sentAtMs: null };

  it('sends one SMS for a double click, and another only once the first is answered', async () => {
    const request = createCodeRequest();
    let answer: () => void = () => undefined;
    let sent = 0;
    const send = () => {
      sent += 1;
      return new Promise<void>((resolve) => (answer = resolve));
    };
    const first = request.run(free, 0, send);
    expect(request.inFlight()).toBe(true);
    // Past the debounce, the provider still slow: still one SMS.
    expect(await request.run(free, CODE_CLICK_DEBOUNCE_MS + 1, send)).toBe('busy');
    expect(sent).toBe(1);
    answer();
    expect(await first).toBe('sent');
    expect(request.inFlight()).toBe(false);
  });

  it('frees the button after a failure, and keeps the 2 s debounce and the 60 s countdown', async () => {
    const request = createCodeRequest();
    await expect(request.run(free, 0, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(request.inFlight()).toBe(false);
    expect(await request.run({ lastClickAtMs: 0, sentAtMs: null }, CODE_CLICK_DEBOUNCE_MS - 1, async () => undefined)).toBe('ignored');
    expect(await request.run({ lastClickAtMs: 0, sentAtMs: 0 }, 30_000, async () => undefined)).toBe('ignored');
    expect(await request.run({ lastClickAtMs: 0, sentAtMs: null }, CODE_CLICK_DEBOUNCE_MS, async () => undefined)).toBe('sent');
  });
});
