/**
 * The timetable of a shared round (docs/STUDIO.md "Live table and lottery draws"). Rounds
 * follow each other on a fixed grid counted from the epoch, so every instance, viewer and
 * test agrees on the round of a moment from the clock alone; nothing needs a timer to be
 * right, timers only push the news sooner.
 *
 * Round `n` opens at `n * cycleMs`, takes bets until `opensAt + bettingMs`, shows its
 * result at `closesAt + dealingMs`, and the next round opens at `opensAt + cycleMs`.
 */
export interface TableSchedule {
  cycleMs: number;
  bettingMs: number;
  dealingMs: number;
}

/** Live baccarat: bets for 12 s, cards for 3 s, the result on show for 5 s. */
export const LIVE_BACCARAT_SCHEDULE: TableSchedule = { cycleMs: 20_000, bettingMs: 12_000, dealingMs: 3_000 };

/** Lottery dice: a draw on every minute; bets close 10 s before it. */
export const LOTTERY_DICE_SCHEDULE: TableSchedule = { cycleMs: 60_000, bettingMs: 50_000, dealingMs: 10_000 };

/** Server seeds change every this many rounds; the old seed is revealed then. */
export const ROUNDS_PER_SEED = 100;

export type RoundPhase = 'betting' | 'dealing' | 'result';

export interface RoundTimes {
  roundNo: number;
  opensAtMs: number;
  closesAtMs: number;
  resultAtMs: number;
  nextOpensAtMs: number;
}

/** The times of round `roundNo`. */
export function roundTimes(schedule: TableSchedule, roundNo: number): RoundTimes {
  const opensAtMs = roundNo * schedule.cycleMs;
  const closesAtMs = opensAtMs + schedule.bettingMs;
  return { roundNo, opensAtMs, closesAtMs, resultAtMs: closesAtMs + schedule.dealingMs, nextOpensAtMs: opensAtMs + schedule.cycleMs };
}

/**
 * The round under way at `nowMs` and its phase.
 *
 * @example roundAt(LOTTERY_DICE_SCHEDULE, 125_000) // { phase: 'betting', times: { roundNo: 2, ... } }
 */
export function roundAt(schedule: TableSchedule, nowMs: number): { times: RoundTimes; phase: RoundPhase } {
  const times = roundTimes(schedule, Math.floor(nowMs / schedule.cycleMs));
  const phase = nowMs < times.closesAtMs ? 'betting' : nowMs < times.resultAtMs ? 'dealing' : 'result';
  return { times, phase };
}

/** The last round whose result time has come at `nowMs`. */
export function lastResultRound(schedule: TableSchedule, nowMs: number): number {
  const { times, phase } = roundAt(schedule, nowMs);
  return phase === 'result' ? times.roundNo : times.roundNo - 1;
}

/** The seed block of a round: rounds 0-99 block 0, 100-199 block 1, ... */
export function seedBlockOf(roundNo: number): number {
  return Math.floor(roundNo / ROUNDS_PER_SEED);
}
