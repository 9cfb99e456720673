import { SIGN_STATUS, type SignStatus } from '@lobby/sdk';
import { addDays, dayNumber } from './days.js';

/**
 * The sign-in cycle as pure rules (docs/SIGN-IN-AND-TASKS.md): cycles of `cycleDays`
 * Beijing days run back to back from the activity's first day; a day's sign status follows
 * from the member's signs, today and the retroactive signs left.
 */

/** The cycle holding `day`: its index from 0 and its first day (a day before the activity is in cycle 0). */
export function cycleOf(firstDay: string, day: string, cycleDays: number): { index: number; start: string } {
  const offset = Math.max(0, dayNumber(day)! - dayNumber(firstDay)!);
  const index = Math.floor(offset / cycleDays);
  return { index, start: addDays(firstDay, index * cycleDays) };
}

/** The days of cycle `index`, in order. */
export function cycleDaysOf(firstDay: string, index: number, cycleDays: number): string[] {
  return Array.from({ length: cycleDays }, (_, offset) => addDays(firstDay, index * cycleDays + offset));
}

/** What a day's status depends on. */
export interface DayFacts {
  day: string;
  today: string;
  /** The activity's first and last Beijing days (while it is live). */
  firstDay: string;
  lastDay: string;
  /** The activity takes signs now (published, not paused, inside its window). */
  live: boolean;
  signed: boolean;
  /** Today's deposits and bets reach the sign rule. */
  ruleMet: boolean;
  retroactiveLeft: number;
}

/**
 * The spec's sign status of one day (section 4): 0 NotStart outside the activity's days,
 * 3 Complete when signed, 1 Pending for a day to come, 2 CanSign today when the sign rule
 * is met (5 NotReached when not), and for a missed day 4 NotSign while a retroactive sign
 * is left, else 6 Forgot.
 *
 * @example signStatusOf({ day: '2026-11-25', today: '2026-11-26', ..., signed: false, retroactiveLeft: 1 }) // 4
 */
export function signStatusOf(facts: DayFacts): SignStatus {
  if (facts.day < facts.firstDay || facts.day > facts.lastDay) return SIGN_STATUS.notStart;
  if (facts.signed) return SIGN_STATUS.complete;
  if (facts.day > facts.today) return SIGN_STATUS.pending;
  if (!facts.live) return SIGN_STATUS.forgot;
  if (facts.day === facts.today) return facts.ruleMet ? SIGN_STATUS.canSign : SIGN_STATUS.notReached;
  return facts.retroactiveLeft > 0 ? SIGN_STATUS.notSign : SIGN_STATUS.forgot;
}
