import type { Market, MarketType, Score, Selection, SelectionResult } from '@lobby/sdk';

/**
 * The sandbox feed's odds model and settlement (a third party's own code: lobby's sportsbook
 * settles with the sdk's functions, never with these). Each side's remaining score is
 * Poisson with the side's expected rate times the time left; every market's fair price comes
 * from the joint distribution of the final score, and the bookmaker's margin scales every
 * implied probability by (1 + margin). Probabilities are floats; odds leave as integer
 * thousandths (OddsMilli), clamped to 1.001..500.000.
 */

export const MIN_ODDS = 1001;
export const MAX_ODDS = 500_000;

/** Bookmaker margins (implied probabilities of a market sum to 1 + margin). */
export const MARGIN = { '1x2': 0.06, asian_handicap: 0.05, over_under: 0.05, correct_score: 0.2, odd_even: 0.05 } as const satisfies Record<MarketType, number>;

/** A two-way market whose favourite is more likely than this is withdrawn (inactive) until it is not. */
export const INACTIVE_ABOVE = 0.95;

/** Poisson probabilities P(0..n) up to where the tail is negligible (and at least `min` long). */
export function poisson(mean: number, min = 1): number[] {
  const out: number[] = [];
  let p = Math.exp(-mean);
  let cumulative = 0;
  for (let k = 0; ; k += 1) {
    if (k > 0) p = (p * mean) / k;
    out.push(p);
    cumulative += p;
    if (k + 1 >= min && (1 - cumulative < 1e-10 || k > mean * 3 + 50)) break;
  }
  return out;
}

export interface PriceInput {
  score: Score;
  /** Expected further score of each side (rate times time left). */
  remainingHome: number;
  remainingAway: number;
}

export interface MarketSpec {
  id: string;
  type: MarketType;
  line?: number;
  selections: { id: string; nameEn: string; nameZh: string }[];
}

/** The halves of a line in quarters: a quarter line is split over its two neighbours. */
function components(line: number): number[] {
  return line % 2 === 0 ? [line] : [line - 1, line + 1];
}

/** A distribution over integers from `offset`: P(value = offset + k) = p[k]. */
interface Distribution {
  offset: number;
  p: number[];
}

/** Win and push probability of a line bet whose margin is `sign * value * 4 + line` in quarters (a quarter line is two half stakes). */
function lineChances(distribution: Distribution, sign: 1 | -1, line: number) {
  const parts = components(line);
  let win = 0;
  let push = 0;
  distribution.p.forEach((p, k) => {
    const value = distribution.offset + k;
    for (const part of parts) {
      const margin = sign * 4 * value + part;
      if (margin > 0) win += p / parts.length;
      else if (margin === 0) push += p / parts.length;
    }
  });
  return { win, push };
}

/** Integer thousandths from an implied probability (with margin), clamped. */
export function oddsOf(implied: number): number {
  if (implied <= 0) return MAX_ODDS;
  return Math.min(MAX_ODDS, Math.max(MIN_ODDS, Math.round(1000 / implied)));
}

/**
 * Prices every market at the score and expected remaining scores: the fair probability of
 * each selection (for line markets the win share of the stake not pushed:
 * win / (1 - push)), times (1 + margin), as odds. A selection that cannot win (a correct
 * score already passed) or is near certain is closed (`active: false`); a two-way market
 * whose favourite passes INACTIVE_ABOVE is inactive.
 */
export function priceMarkets(specs: readonly MarketSpec[], input: PriceInput): { id: string; status: 'active' | 'inactive'; selections: Selection[] }[] {
  const home = poisson(input.remainingHome);
  const away = poisson(input.remainingAway);
  // One pass over the joint distribution of the remaining scores: the final margin and total
  // (every line market reads these) and, when a market needs it, the exact final score.
  const difference: Distribution = { offset: input.score.home - input.score.away - (away.length - 1), p: new Array<number>(home.length + away.length - 1).fill(0) };
  const total: Distribution = { offset: input.score.home + input.score.away, p: new Array<number>(home.length + away.length - 1).fill(0) };
  const wantsScores = specs.some((spec) => spec.type === 'correct_score');
  const scores = new Map<string, number>();
  for (let i = 0; i < home.length; i += 1) {
    const pi = home[i]!;
    if (pi < 1e-13) continue;
    for (let j = 0; j < away.length; j += 1) {
      const p = pi * away[j]!;
      if (p < 1e-15) continue;
      difference.p[i - j + away.length - 1]! += p;
      total.p[i + j]! += p;
      if (wantsScores) {
        const key = `${input.score.home + i}-${input.score.away + j}`;
        scores.set(key, (scores.get(key) ?? 0) + p);
      }
    }
  }
  return specs.map((spec) => {
    const margin = MARGIN[spec.type];
    let fair: Record<string, number>;
    switch (spec.type) {
      case '1x2': {
        fair = { home: 0, draw: 0, away: 0 };
        difference.p.forEach((p, k) => {
          const value = difference.offset + k;
          fair[value > 0 ? 'home' : value < 0 ? 'away' : 'draw']! += p;
        });
        break;
      }
      case 'asian_handicap': {
        const homeSide = lineChances(difference, 1, spec.line!);
        const awaySide = lineChances(difference, -1, -spec.line!);
        fair = { home: homeSide.win / (1 - homeSide.push), away: awaySide.win / (1 - awaySide.push) };
        break;
      }
      case 'over_under': {
        const over = lineChances(total, 1, -spec.line!);
        const under = lineChances(total, -1, spec.line!);
        fair = { over: over.win / (1 - over.push), under: under.win / (1 - under.push) };
        break;
      }
      case 'correct_score': {
        fair = {};
        for (const selection of spec.selections) fair[selection.id] = scores.get(selection.id) ?? 0;
        break;
      }
      case 'odd_even': {
        fair = { odd: 0, even: 0 };
        total.p.forEach((p, k) => {
          fair[(total.offset + k) % 2 === 1 ? 'odd' : 'even']! += p;
        });
        break;
      }
    }
    const twoWay = spec.selections.length === 2;
    const favourite = Math.max(...Object.values(fair));
    const selections = spec.selections.map((selection) => {
      const implied = (fair[selection.id] ?? 0) * (1 + margin);
      const active = implied > 1e-6 && implied < 0.99;
      return { ...selection, odds: oddsOf(implied), active };
    });
    return { id: spec.id, status: twoWay && favourite > INACTIVE_ABOVE ? 'inactive' : 'active', selections };
  });
}

/** The result of a line bet from its margin in quarters (a quarter line is two half stakes). */
function lineResult(margin: number): SelectionResult {
  const halves = margin % 2 === 0 ? [Math.sign(margin), Math.sign(margin)] : [Math.sign(margin - 1), Math.sign(margin + 1)];
  const sum = halves[0]! + halves[1]!;
  if (sum === 2) return { outcome: 'won' };
  if (sum === -2) return { outcome: 'lost' };
  if (sum === 1) return { outcome: 'half_won' };
  if (sum === -1) return { outcome: 'half_lost' };
  return { outcome: 'void' };
}

/** Every selection's result of a market at the final score (the feed's settlement). */
export function settleMarket(market: Pick<Market, 'type' | 'line' | 'selections'>, score: Score): Record<string, SelectionResult> {
  const results: Record<string, SelectionResult> = {};
  const difference = score.home - score.away;
  const total = score.home + score.away;
  for (const { id } of market.selections) {
    switch (market.type) {
      case '1x2':
        results[id] = id === (difference > 0 ? 'home' : difference < 0 ? 'away' : 'draw') ? { outcome: 'won' } : { outcome: 'lost' };
        break;
      case 'asian_handicap':
        results[id] = lineResult(id === 'home' ? 4 * difference + market.line! : -4 * difference - market.line!);
        break;
      case 'over_under':
        results[id] = lineResult(id === 'over' ? 4 * total - market.line! : market.line! - 4 * total);
        break;
      case 'correct_score':
        results[id] = id === `${score.home}-${score.away}` ? { outcome: 'won' } : { outcome: 'lost' };
        break;
      case 'odd_even':
        results[id] = (total % 2 === 1) === (id === 'odd') ? { outcome: 'won' } : { outcome: 'lost' };
        break;
    }
  }
  return results;
}

/** Whether an over/under market is decided before the end: the total already passed both halves of the line (totals only grow). */
export function decidedEarly(market: Pick<Market, 'type' | 'line'>, score: Score): boolean {
  return market.type === 'over_under' && 4 * (score.home + score.away) - market.line! >= 2;
}
