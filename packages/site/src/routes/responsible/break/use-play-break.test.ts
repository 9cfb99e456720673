import { describe, expect, it } from 'vitest';
import { exclusionTake, md5Hex, TIME_OUT_DAYS } from '@lobby/sdk';
import { TIME_OUT_CHOICES } from './route.js';
import { breakRequest } from './use-play-break.js';

describe('the play break request', () => {
  const choice = { kind: 'timeOut' as const, days: 7, period: '1y' as const, scope: 'operator' as const, password: 'login-pass-1' };

  it('sends days for a time-out and the period for a self-exclusion, never both, with the password hashed', () => {
    expect(breakRequest(choice)).toEqual({ kind: 'timeOut', days: 7, scope: 'operator', password: md5Hex('login-pass-1') });
    expect(breakRequest({ ...choice, kind: 'selfExclusion', scope: 'brand' })).toEqual({ kind: 'selfExclusion', period: '1y', scope: 'brand', password: md5Hex('login-pass-1') });
    expect(JSON.stringify(breakRequest(choice))).not.toContain('login-pass-1');
  });

  it('offers only time-out lengths the server takes (24 hours to 6 weeks)', () => {
    expect(Math.min(...TIME_OUT_CHOICES)).toBe(TIME_OUT_DAYS.min);
    expect(Math.max(...TIME_OUT_CHOICES)).toBe(TIME_OUT_DAYS.max);
    expect(exclusionTake.movesMoney).toBe(true);
  });
});
