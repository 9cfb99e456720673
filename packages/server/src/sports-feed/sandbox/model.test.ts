import { describe, expect, it } from 'vitest';
import { selectionResultFor } from '@lobby/sdk';
import { MARGIN, decidedEarly, priceMarkets, settleMarket, type MarketSpec } from './model.js';
import { SPORT_PARAMS, marketSpecs, planFixture } from './plan.js';

const implied = (odds: number) => 1000 / odds;
const two = (id: string, type: 'asian_handicap' | 'over_under', line: number, a: string, b: string): MarketSpec => ({
  id, type, line, selections: [{ id: a, nameEn: a, nameZh: a }, { id: b, nameEn: b, nameZh: b }],
});
const oneXTwo: MarketSpec = { id: '1x2', type: '1x2', selections: ['home', 'draw', 'away'].map((id) => ({ id, nameEn: id, nameZh: id })) };

describe('the sandbox odds model', () => {
  const states = [
    { score: { home: 0, away: 0 }, remainingHome: 1.5, remainingAway: 1.1 },
    { score: { home: 1, away: 0 }, remainingHome: 0.6, remainingAway: 0.5 },
    { score: { home: 2, away: 2 }, remainingHome: 0.2, remainingAway: 0.3 },
    { score: { home: 50, away: 48 }, remainingHome: 55, remainingAway: 52 },
  ];

  it('prices 1X2 so its implied probabilities sum to 1 + margin (rounding to thousandths aside)', () => {
    for (const state of states) {
      const [market] = priceMarkets([oneXTwo], state);
      const sum = market!.selections.reduce((total, selection) => total + implied(selection.odds), 0);
      expect(sum).toBeCloseTo(1 + MARGIN['1x2'], 2);
      for (const selection of market!.selections) expect(Number.isInteger(selection.odds) && selection.odds >= 1001).toBe(true);
    }
  });

  it('prices both sides of a handicap and a total to 1 + margin, quarter lines included', () => {
    const state = states[0]!;
    for (const line of [-3, -2, -1, 0, 1]) {
      const [ah] = priceMarkets([two(`ah:${line}`, 'asian_handicap', line, 'home', 'away')], state);
      expect(implied(ah!.selections[0]!.odds) + implied(ah!.selections[1]!.odds)).toBeCloseTo(1 + MARGIN.asian_handicap, 2);
    }
    for (const line of [8, 9, 10, 11, 12]) {
      const [ou] = priceMarkets([two(`ou:${line}`, 'over_under', line, 'over', 'under')], state);
      expect(implied(ou!.selections[0]!.odds) + implied(ou!.selections[1]!.odds)).toBeCloseTo(1 + MARGIN.over_under, 2);
    }
  });

  it('prices a quarter line between its two neighbours (home -0.25 between 0 and -0.5; over 2.25 between 2 and 2.5)', () => {
    for (const state of states.slice(0, 3)) {
      const home = (line: number) => priceMarkets([two('ah', 'asian_handicap', line, 'home', 'away')], state)[0]!.selections[0]!.odds;
      for (const quarter of [-3, -1, 1]) {
        const [low, high] = [home(quarter + 1), home(quarter - 1)].sort((a, b) => a - b);
        expect(home(quarter)).toBeGreaterThanOrEqual(low!);
        expect(home(quarter)).toBeLessThanOrEqual(high!);
      }
      const total = state.score.home + state.score.away;
      const over = (line: number) => priceMarkets([two('ou', 'over_under', line, 'over', 'under')], state)[0]!.selections[0]!.odds;
      const quarterLine = 4 * total + 5; // total + 1.25
      expect(over(quarterLine)).toBeGreaterThanOrEqual(over(quarterLine - 1));
      expect(over(quarterLine)).toBeLessThanOrEqual(over(quarterLine + 1));
    }
  });

  it('moves the odds with the score and the time left: a goal shortens the scorer, time shortens the leader', () => {
    const before = priceMarkets([oneXTwo], { score: { home: 0, away: 0 }, remainingHome: 1.2, remainingAway: 1.2 })[0]!;
    const afterGoal = priceMarkets([oneXTwo], { score: { home: 1, away: 0 }, remainingHome: 1.0, remainingAway: 1.0 })[0]!;
    const late = priceMarkets([oneXTwo], { score: { home: 1, away: 0 }, remainingHome: 0.1, remainingAway: 0.1 })[0]!;
    expect(afterGoal.selections[0]!.odds).toBeLessThan(before.selections[0]!.odds);
    expect(late.selections[0]!.odds).toBeLessThan(afterGoal.selections[0]!.odds);
    expect(late.selections[2]!.odds).toBeGreaterThan(afterGoal.selections[2]!.odds);
  });

  it('closes correct scores already passed and withdraws a two-way market near certainty', () => {
    const cs: MarketSpec = { id: 'cs', type: 'correct_score', selections: ['0-0', '1-0', '2-1'].map((id) => ({ id, nameEn: id, nameZh: id })) };
    const [priced] = priceMarkets([cs], { score: { home: 1, away: 0 }, remainingHome: 0.5, remainingAway: 0.5 });
    expect(priced!.selections.find((selection) => selection.id === '0-0')!.active).toBe(false);
    expect(priced!.selections.find((selection) => selection.id === '2-1')!.active).toBe(true);
    const [sure] = priceMarkets([two('ou', 'over_under', 2, 'over', 'under')], { score: { home: 0, away: 0 }, remainingHome: 3, remainingAway: 3 });
    expect(sure!.status).toBe('inactive');
  });

  it('settles every market exactly as the sdk settles a selection (the feed and lobby agree), quarter lines in halves', () => {
    const params = SPORT_PARAMS.football;
    const specs = marketSpecs(params, { en: 'H', zh: 'H' }, { en: 'A', zh: 'A' }, 1.6, 1.0);
    for (const score of [{ home: 0, away: 0 }, { home: 1, away: 1 }, { home: 2, away: 1 }, { home: 0, away: 3 }, { home: 4, away: 4 }]) {
      for (const spec of specs) {
        const results = settleMarket({ type: spec.type, ...(spec.line === undefined ? {} : { line: spec.line }), selections: spec.selections.map((s) => ({ ...s, odds: 2000, active: true })) }, score);
        for (const selection of spec.selections) expect(results[selection.id]).toEqual(selectionResultFor(spec.type, spec.line, selection.id, score));
      }
    }
    expect(settleMarket({ type: 'asian_handicap', line: -1, selections: [{ id: 'home', nameEn: '', nameZh: '', odds: 1900, active: true }] }, { home: 1, away: 1 }).home).toEqual({ outcome: 'half_lost' });
    expect(settleMarket({ type: 'over_under', line: 9, selections: [{ id: 'over', nameEn: '', nameZh: '', odds: 1900, active: true }] }, { home: 2, away: 0 }).over).toEqual({ outcome: 'half_lost' });
  });

  it('knows an over/under decided in play only once the total passed both halves of the line', () => {
    expect(decidedEarly({ type: 'over_under', line: 10 }, { home: 2, away: 1 })).toBe(true);
    expect(decidedEarly({ type: 'over_under', line: 9 }, { home: 2, away: 0 })).toBe(false);
    expect(decidedEarly({ type: 'over_under', line: 8 }, { home: 2, away: 0 })).toBe(false);
    expect(decidedEarly({ type: '1x2' }, { home: 9, away: 0 })).toBe(false);
  });

  it('plans the same match from the same seed, and e-sports with the same engine', () => {
    const a = planFixture({ id: 'football-1', sport: 'football', startsAtMs: 0, seed: 's' });
    const b = planFixture({ id: 'football-1', sport: 'football', startsAtMs: 0, seed: 's' });
    expect(a.scores).toEqual(b.scores);
    const lines = a.markets.filter((market) => market.type === 'asian_handicap').map((market) => market.line!);
    expect(lines.some((line) => line % 2 !== 0)).toBe(true);
    const moba = planFixture({ id: 'moba-1', sport: 'moba', startsAtMs: 0, seed: 's' });
    expect(moba.params.kind).toBe('esports');
    expect(moba.markets.every((market) => market.line === undefined || market.line % 4 === 2)).toBe(true);
  });
});
