import type { VenueCategory } from '@lobby/sdk';

/**
 * Wagering progress as a pure replay (docs/BONUS-WAGERING.md, "Progress"): the member's
 * settled bets, oldest first, are counted toward its bonuses oldest first (FIFO). A bet
 * counts toward a bonus when it was placed after the bonus was paid and settled before the
 * bonus ended (expiry, or its conversion, forfeit or expiry time), and its stake is at most
 * the bonus's maximum bet. The bonus counts the bet's valid bet x its category's weight;
 * the part of a bet a met bonus did not need flows on to the next bonus.
 */
export interface WageringGrant {
  id: number;
  requiredMinor: number;
  weights: Partial<Record<number, number>>;
  maxBetMinor: number;
  grantedAt: Date;
  /** The end of the bonus's counting window: its resolution time, or its expiry while wagering. */
  endsAt: Date;
}

export interface WageringBet {
  stakeMinor: number;
  validBetMinor: number;
  /** Venue category (1 sports .. 7 fishing); null when unknown (counts nothing). */
  category: VenueCategory | null;
  placedAt: Date;
  settledAt: Date;
}

/**
 * The weighted turnover each bonus counted, by grant id (never above its requirement).
 * `bets` must be in settlement order; `grants` in FIFO order (paid time, then id).
 *
 * @example wageringDone([{ id: 1, requiredMinor: 100_00, weights: { 6: 100 }, maxBetMinor: 50_00, grantedAt, endsAt }], bets).get(1)
 */
export function wageringDone(grants: readonly WageringGrant[], bets: readonly WageringBet[]): Map<number, number> {
  const done = new Map(grants.map((grant) => [grant.id, 0]));
  for (const bet of bets) {
    let validLeftMinor = bet.validBetMinor;
    for (const grant of grants) {
      if (validLeftMinor <= 0) break;
      const counted = done.get(grant.id)!;
      const needMinor = grant.requiredMinor - counted;
      if (needMinor <= 0 || bet.placedAt < grant.grantedAt || bet.settledAt >= grant.endsAt) continue;
      if (bet.stakeMinor > grant.maxBetMinor || bet.category === null) continue;
      const percent = grant.weights[bet.category] ?? 0;
      if (percent <= 0) continue;
      // The valid bet that meets the rest exactly (rounded up), so a met bonus takes no more than it needs.
      const validNeededMinor = Math.ceil((needMinor * 100) / percent);
      const usedMinor = Math.min(validLeftMinor, validNeededMinor);
      done.set(grant.id, Math.min(grant.requiredMinor, counted + Math.floor((usedMinor * percent) / 100)));
      validLeftMinor -= usedMinor;
    }
  }
  return done;
}

/** Whole percent of a requirement met, capped at 100; nothing required is met. */
export function percentMet(doneMinor: number, requiredMinor: number): number {
  return requiredMinor <= 0 ? 100 : Math.min(100, Math.floor((doneMinor * 100) / requiredMinor));
}
