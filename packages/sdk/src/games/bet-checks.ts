/** Bet validation shared by the engines: each problem names the field, in English. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A problem with an unexpected key of the bet, or null. */
export function unknownKeyProblem(bet: Record<string, unknown>, allowed: readonly string[]): string | null {
  const extra = Object.keys(bet).find((key) => !allowed.includes(key));
  return extra === undefined ? null : `bet.${extra} is not a field of this game's bet (expected ${allowed.join(', ')})`;
}

/** A problem with an amount of fen in [min, max] and a multiple of step, or null. */
export function amountProblem(field: string, value: unknown, min: number, max: number, step = 1): string | null {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return `${field} must be a whole number of fen`;
  if (value < min) return `${field} must be at least ${min} fen`;
  if (value > max) return `${field} must be at most ${max} fen`;
  if (value % step !== 0) return `${field} must be a multiple of ${step} fen`;
  return null;
}

/**
 * Checks a table bet `{ spots: { code: fen } }`: known spots, each at least `minStakeMinor`
 * and a multiple of `stepMinor`, the round's total at most `maxStakeMinor`.
 */
export function spotBetProblem(
  bet: unknown,
  spotCodes: readonly string[],
  limits: { minStakeMinor: number; maxStakeMinor: number; stepMinor: number },
): string | null {
  if (!isRecord(bet)) return 'bet must be an object';
  const extra = unknownKeyProblem(bet, ['spots']);
  if (extra) return extra;
  if (!isRecord(bet.spots)) return 'bet.spots must be an object of stakes by spot';
  const entries = Object.entries(bet.spots);
  if (entries.length === 0) return 'bet.spots must stake at least one spot';
  let total = 0;
  for (const [code, stake] of entries) {
    if (!spotCodes.includes(code)) return `bet.spots.${code} is not a spot of this game (spots: ${spotCodes.join(', ')})`;
    const problem = amountProblem(`bet.spots.${code}`, stake, limits.minStakeMinor, limits.maxStakeMinor, limits.stepMinor);
    if (problem) return problem;
    total += stake as number;
  }
  if (total > limits.maxStakeMinor) return `bet.spots must total at most ${limits.maxStakeMinor} fen (got ${total})`;
  return null;
}

/** The staked spots of a validated table bet, in the rules' order. */
export function stakedSpots<T extends { code: string }>(spots: readonly T[], bet: { spots: Partial<Record<string, number>> }): { spot: T; stakeMinor: number }[] {
  return spots.flatMap((spot) => {
    const stakeMinor = bet.spots[spot.code];
    return stakeMinor ? [{ spot, stakeMinor }] : [];
  });
}
