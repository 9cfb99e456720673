import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import type { PlayDoor, PlayRequest } from '../guard.js';
import { limitsOf, type LimitRow, type MoneyKind } from './limits-repository.js';
import { PERIODS, windowsOf, type Period, type WindowUse } from './windows.js';

/**
 * The money limits at the doors (issue 22; docs/RESPONSIBLE-PLAY.md "Limits"): deposit,
 * net loss, wager and the maximum single stake, per 24 hours, 7 days and 1 month (rolling
 * windows, windows.ts); when several stand, each is checked, so the tightest wins.
 * - deposit: the order's amount must fit every deposit limit;
 * - venueTransferIn: refused only when a loss or wager window is used up; otherwise the door
 *   caps the transfer at `limitAllowance` (the remaining loss and wager allowance);
 * - seamlessBet: the stake must fit the stake, loss and wager limits;
 * - sportsBet: the stake must fit the stake limit; refused when a loss or wager window is
 *   used up (its money came into the venue through a transfer in, already counted);
 * - coinPurchase: the money must fit the loss limits.
 */

const MONEY_KINDS_OF: Record<PlayDoor, readonly MoneyKind[]> = {
  deposit: ['deposit'],
  venueTransferIn: ['loss', 'wager'],
  seamlessBet: ['stake', 'loss', 'wager'],
  sportsBet: ['stake', 'loss', 'wager'],
  coinPurchase: ['loss'],
  gameLaunch: [],
  activityReward: [],
};

/** Doors where a loss or wager limit refuses only once its window is used up (the amount is capped, or counted elsewhere). */
const REACHED_ONLY: ReadonlySet<PlayDoor> = new Set(['venueTransferIn', 'sportsBet']);

const PERIOD_NAME: Record<Period, string> = { day: '24-hour', week: '7-day', month: '1-month' };
const CODE_OF = { deposit: 'limitDepositReached', loss: 'limitLossReached', wager: 'limitWagerReached', stake: 'limitStakeExceeded' } as const;

/** Fen as yuan with two decimals: 50000 -> '500.00'. */
export function yuan(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A time as the refusal names it: '2026-11-27 10:00 UTC'. */
export function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** What a window of this kind has used, and when its oldest counted entry leaves it. */
export function usedOf(kind: 'deposit' | 'loss' | 'wager', use: WindowUse): { usedMinor: number; resetsAt: Date | null } {
  if (kind === 'deposit') return { usedMinor: use.depositMinor, resetsAt: use.depositResetsAt };
  if (kind === 'loss') return { usedMinor: use.lossMinor, resetsAt: use.lossResetsAt };
  return { usedMinor: use.wagerMinor, resetsAt: use.wagerResetsAt };
}

/** The refusal's details (envelope data), for the page. */
export interface LimitRefusalData {
  kind: MoneyKind;
  period: Period;
  limitMinor: number;
  usedMinor: number;
  leftMinor: number;
  resetsAt: string | null;
}

function refusal(kind: MoneyKind, period: Period, limitMinor: number, usedMinor: number, amountMinor: number, resetsAt: Date | null): BusinessError {
  const left = Math.max(0, limitMinor - usedMinor);
  const data: LimitRefusalData = { kind, period, limitMinor, usedMinor, leftMinor: left, resetsAt: resetsAt?.toISOString() ?? null };
  if (kind === 'stake') {
    return new BusinessError(CODE_OF.stake, `Your maximum stake of ${yuan(limitMinor)} per bet (${PERIOD_NAME[period]} limit) is below this stake of ${yuan(amountMinor)}`, data);
  }
  const reset = resetsAt ? `; it resets at ${utcMinute(resetsAt)}` : '';
  const what = left === 0 ? 'is reached' : `leaves ${yuan(left)}, less than ${yuan(amountMinor)}`;
  return new BusinessError(CODE_OF[kind], `Your ${PERIOD_NAME[period]} ${kind} limit of ${yuan(limitMinor)} ${what}${reset}`, data);
}

/** The refusal of a request by the member's money limits (deposit, loss, wager, stake), or null. */
export async function limitRefusal(tx: Queryable, request: PlayRequest): Promise<BusinessError | null> {
  const kinds = MONEY_KINDS_OF[request.door];
  if (kinds.length === 0) return null;
  const limits = (await limitsOf(tx, request.memberId)).filter((limit): limit is LimitRow & { kind: MoneyKind; period: Period } => kinds.includes(limit.kind as MoneyKind));
  if (limits.length === 0) return null;
  const amount = request.amountMinor;
  for (const limit of limits.filter((l) => l.kind === 'stake').sort((a, b) => a.value - b.value)) {
    if (amount > limit.value) return refusal('stake', limit.period, limit.value, 0, amount, null);
  }
  const windowed = limits.filter((l) => l.kind !== 'stake');
  if (windowed.length === 0) return null;
  const windows = await windowsOf(tx, request.memberId, request.at);
  const reachedOnly = REACHED_ONLY.has(request.door);
  for (const period of PERIODS) {
    for (const limit of windowed.filter((l) => l.period === period)) {
      const { usedMinor, resetsAt } = usedOf(limit.kind as 'deposit' | 'loss' | 'wager', windows[period]);
      const over = reachedOnly ? usedMinor >= limit.value : usedMinor + amount > limit.value;
      if (over) return refusal(limit.kind, period, limit.value, usedMinor, reachedOnly ? 0 : amount, resetsAt);
    }
  }
  return null;
}

/** What the door may take at most now under the member's limits, or null when none caps it. */
export async function limitAllowance(tx: Queryable, memberId: number, door: PlayDoor, at: Date): Promise<number | null> {
  const kinds = MONEY_KINDS_OF[door];
  if (kinds.length === 0) return null;
  const limits = (await limitsOf(tx, memberId)).filter((limit) => kinds.includes(limit.kind as MoneyKind));
  if (limits.length === 0) return null;
  let allowance: number | null = null;
  const cap = (value: number) => {
    allowance = allowance === null ? Math.max(0, value) : Math.min(allowance, Math.max(0, value));
  };
  for (const limit of limits.filter((l) => l.kind === 'stake')) cap(limit.value);
  const windowed = limits.filter((l) => l.kind !== 'stake');
  if (windowed.length > 0) {
    const windows = await windowsOf(tx, memberId, at);
    for (const limit of windowed) {
      const { usedMinor } = usedOf(limit.kind as 'deposit' | 'loss' | 'wager', windows[limit.period as Period]);
      // A sports stake is not counted in the windows (its transfer in was): only a used-up window stops it.
      if (door === 'sportsBet') {
        if (usedMinor >= limit.value) cap(0);
      } else cap(limit.value - usedMinor);
    }
  }
  return allowance;
}
