import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_CODE } from '@lobby/sdk';
import { createMoneyAction } from './money-action.js';

function keys() {
  let next = 0;
  return () => `key-${++next}`;
}

describe('createMoneyAction', () => {
  it('sends one request for a double click, with one key', async () => {
    const action = createMoneyAction(keys());
    const sent: string[] = [];
    let finish: (value: string) => void = () => undefined;
    const send = (key: string) => {
      sent.push(key);
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = action.run({ amount: 1 }, send);
    const second = action.run({ amount: 1 }, send);
    expect(action.busy()).toBe(true);
    finish('done');
    expect(await first).toBe('done');
    expect(await second).toBe('done');
    expect(sent).toEqual(['key-1']);
    expect(action.busy()).toBe(false);
  });

  it('reuses the key for a retry after no answer, and takes a new one after an answer or for another request', async () => {
    const action = createMoneyAction(keys());
    const sent: string[] = [];
    const lost = (key: string) => {
      sent.push(key);
      return Promise.reject(new ApiError({ code: CLIENT_CODE.networkError, status: 0, message: 'offline' }));
    };
    const refused = (key: string) => {
      sent.push(key);
      return Promise.reject(new ApiError({ code: 222004, status: 200, message: 'refused' }));
    };
    await expect(action.run({ amount: 1 }, lost)).rejects.toThrow('offline');
    await expect(action.run({ amount: 1 }, refused)).rejects.toThrow('refused');
    await expect(action.run({ amount: 1 }, lost)).rejects.toThrow('offline');
    await expect(action.run({ amount: 2 }, lost)).rejects.toThrow('offline');
    expect(sent).toEqual(['key-1', 'key-1', 'key-2', 'key-3']);
  });

  it('keeps the key after an answer that is not final (a pending transfer) for the same request only', async () => {
    const action = createMoneyAction(keys());
    const sent: string[] = [];
    const answer = (state: string) => (key: string) => {
      sent.push(key);
      return Promise.resolve({ state });
    };
    const open = (sent: { state: string }) => sent.state === 'pending';
    await action.run({ amount: 1 }, answer('pending'), open);
    await action.run({ amount: 1 }, answer('completed'), open); // the same transfer asked again: how it ended
    await action.run({ amount: 1 }, answer('pending'), open); // a new transfer after a final answer
    await action.run({ amount: 2 }, answer('completed'), open); // another amount: another transfer
    expect(sent).toEqual(['key-1', 'key-1', 'key-2', 'key-3']);
  });
});
