import { describe, expect, it } from 'vitest';
import type { SpeedToCardInfo } from '@lobby/sdk';
import { clockTime, speedActions } from './speed-logic.js';

const info = (orderState: number, extra: Partial<SpeedToCardInfo> = {}): SpeedToCardInfo =>
  ({
    order: { orderState } as SpeedToCardInfo['order'],
    payerName: '', payDeadline: '', payExpireTime: 0, confirmDeadline: '', confirmExpireTime: 0,
    remindCount: 0, remindLimit: 3, remindAfter: 0, appealReason: '', appealContent: '', cancelCount: 0, cancelLimit: 3,
    ...extra,
  });
const appealStates = [102, 103, 105];

describe('speed order actions', () => {
  it('confirms and cancels only while pending payment, and not once the cancellations are used up', () => {
    expect(speedActions(info(101), 0, appealStates)).toEqual({ confirm: true, cancel: true, remind: null, appeal: false });
    expect(speedActions(info(101, { cancelCount: 3 }), 0, appealStates).cancel).toBe(false);
  });
  it('reminds while pending confirmation: now, after the wait, never past the limit', () => {
    expect(speedActions(info(102), 0, appealStates)).toEqual({ confirm: false, cancel: false, remind: 'now', appeal: true });
    expect(speedActions(info(102, { remindCount: 1 }), 12, appealStates).remind).toBe('wait');
    expect(speedActions(info(102, { remindCount: 3 }), 0, appealStates).remind).toBe('none');
  });
  it('appeals in the configured states until appealed', () => {
    expect(speedActions(info(103), 0, appealStates).appeal).toBe(true);
    expect(speedActions(info(105, { appealReason: 'other' }), 0, appealStates).appeal).toBe(false);
    expect(speedActions(info(104), 0, appealStates)).toEqual({ confirm: false, cancel: false, remind: null, appeal: false });
  });
  it('shows a deadline as hh:mm:ss, nothing for none', () => {
    expect(clockTime('')).toBe('');
    expect(clockTime('not a time')).toBe('');
    expect(clockTime(new Date(2026, 0, 1, 9, 5, 7).toISOString())).toBe('09:05:07');
  });
});
