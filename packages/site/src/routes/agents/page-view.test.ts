import { afterEach, describe, expect, it, vi } from 'vitest';
import { invitePageView } from '@lobby/sdk';
import { registrationCodesOf } from '../../modules/invite-codes.js';
import { schedulePageView } from './page-view.js';

describe('the proxy page-view event', () => {
  afterEach(() => vi.useRealTimers());

  it('goes 500 ms after a landing with an invite code, and never without one', async () => {
    vi.useFakeTimers();
    const call = vi.fn(() => Promise.resolve({ counted: true }));
    schedulePageView({ call } as never, new URLSearchParams('i_code=AB12CD34&r_code=bad code'), '/app/home');
    vi.advanceTimersByTime(499);
    expect(call).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(call).toHaveBeenCalledWith(invitePageView, { inviteCode: 'AB12CD34', path: '/app/home' });

    const none = vi.fn(() => Promise.resolve({ counted: false }));
    schedulePageView({ call: none } as never, new URLSearchParams('foo=1'), '/');
    const cancelled = vi.fn(() => Promise.resolve({ counted: false }));
    const cancel = schedulePageView({ call: cancelled } as never, new URLSearchParams('r_code=AG7'), '/');
    cancel();
    vi.advanceTimersByTime(1000);
    expect(none).not.toHaveBeenCalled();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('registration sends every kept code of a sane shape', () => {
    const stored = new Map([['lobby.inviteCodes', JSON.stringify({ i_code: 'AB12', r_code: 'AG7', agent_verify: '<x>', isfission: '1' })]]);
    const storage = { get: (key: string) => stored.get(key) ?? null, set: (key: string, value: string) => void stored.set(key, value) };
    expect(registrationCodesOf(storage)).toEqual({ inviteCode: 'AB12', referralCode: 'AG7', isFission: '1' });
  });
});
