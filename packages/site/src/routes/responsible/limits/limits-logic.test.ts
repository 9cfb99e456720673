import { describe, expect, it } from 'vitest';
import type { PlayLimitsView } from '@lobby/sdk';
import { LIMIT_SLOTS, depositPromptSkippedKey, limitOf, periodsOf, usedOf, valueOf } from './limits-logic.js';

const view: PlayLimitsView = {
  serverTime: '2026-11-26T10:00:00.000Z',
  limits: [{ kind: 'deposit', period: 'week', value: 500_00, setAt: '2026-11-26T09:00:00.000Z', usedMinor: 120_00, leftMinor: 380_00, resetsAt: '2026-12-01T09:00:00.000Z' }],
  pending: [],
  windows: (['day', 'week', 'month'] as const).map((period) => ({
    period, from: '2026-11-25T10:00:00.000Z', depositMinor: 120_00, lossMinor: -30_00, wagerMinor: 900_00, depositResetsAt: '2026-12-01T09:00:00.000Z', lossResetsAt: null, wagerResetsAt: null,
  })),
};

describe('the limits page logic', () => {
  it('lists every money kind per 24 hours, 7 days and 1 month, then the session time', () => {
    expect(LIMIT_SLOTS).toHaveLength(13);
    expect(LIMIT_SLOTS.at(-1)).toEqual({ kind: 'session', period: 'session' });
    expect(periodsOf('session')).toEqual(['session']);
    expect(periodsOf('stake')).toEqual(['day', 'week', 'month']);
  });

  it('shows what each window used, also with no limit set, and nothing for stake and session', () => {
    expect(limitOf(view, 'deposit', 'week')?.value).toBe(500_00);
    expect(limitOf(view, 'deposit', 'day')).toBeUndefined();
    expect(usedOf(view, 'loss', 'day')).toEqual({ usedMinor: -30_00, resetsAt: null });
    expect(usedOf(view, 'wager', 'month')?.usedMinor).toBe(900_00);
    expect(usedOf(view, 'stake', 'day')).toBeNull();
    expect(usedOf(view, 'session', 'session')).toBeNull();
  });

  it('reads yuan with at most two decimals as fen, and whole minutes for the session; anything else is not valid', () => {
    expect(valueOf('deposit', '500')).toBe(500_00);
    expect(valueOf('loss', ' 12.5 ')).toBe(12_50);
    expect(valueOf('stake', '0.01')).toBe(1);
    for (const bad of ['', '0', '0.00', '-5', '1.234', '1e3', 'abc', '12,5', '99999999999']) expect(valueOf('deposit', bad), bad).toBeNull();
    expect(valueOf('session', '90')).toBe(90);
    for (const bad of ['0', '1441', '1.5', 'x']) expect(valueOf('session', bad), bad).toBeNull();
  });
});

describe('the deposit-limit question', () => {
  it('remembers "not now" per member, so another member on the same device is still asked', () => {
    expect(depositPromptSkippedKey(42)).toBe('lobby.depositLimitPromptSkipped.42');
    expect(depositPromptSkippedKey(43)).not.toBe(depositPromptSkippedKey(42));
  });
});
