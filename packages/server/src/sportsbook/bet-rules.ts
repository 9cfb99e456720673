import { settleBet, type BetSettlement, type SelectionResult, type SettledLeg, type SportsBet } from '@lobby/sdk';
import { betKindOf, type BetRow, type BetStatus, type BetStep, type LegWithResult, type MarketResult } from './bets-repository.js';

/**
 * A leg's result from its market's outcome (docs/SPORTSBOOK.md, "Settlement"): void when a
 * cancel window covers the bet's placement (a bet taken after its outcome was known); the
 * selection's result when the market is settled (a selection the feed did not name is void);
 * void when the whole market is cancelled; open (undefined) otherwise.
 */
export function legResultOf(market: MarketResult | undefined, selectionId: string, placedAt: Date): SelectionResult | undefined {
  if (!market) return undefined;
  const placed = placedAt.getTime();
  if (market.voidWindows.some((w) => Date.parse(w.from) <= placed && placed < Date.parse(w.to))) return { outcome: 'void' };
  if (market.state === 'open') return undefined;
  if (market.state === 'cancelled') return { outcome: 'void' };
  const result = market.results[selectionId];
  if (market.state === 'settled') return result ?? { outcome: 'void' };
  return result;
}

/** Where a bet should be after its markets' outcomes: open, or settled with its figures. */
export interface BetTarget {
  status: 'open' | 'settled' | 'void';
  outcome: SportsBet['outcome'];
  payoutMinor: number | null;
  validBetMinor: number;
}

/** settleBet's answers by bet kind, stake and legs (a pure function: a market's many alike bets settle once each kind). */
const settled = new Map<string, BetSettlement>();

function settleOnce(bet: BetRow, legs: readonly SettledLeg[]): BetSettlement {
  const key = `${bet.kind}|${bet.size ?? ''}|${bet.stakePerLineMinor}|${JSON.stringify(legs)}`;
  let answer = settled.get(key);
  if (!answer) {
    if (settled.size >= 50_000) settled.clear();
    answer = settleBet(legs, betKindOf(bet), bet.stakePerLineMinor);
    settled.set(key, answer);
  }
  return answer;
}

/** A leg as a bet's target needs it: the odds taken, the selection and its market's outcome. */
export interface TargetLeg {
  odds: number;
  selectionId: string;
  market: MarketResult | undefined;
}

/** The sdk's settlement of the bet once every leg has a result; open while one has none. */
export function betTargetOf(bet: BetRow, legs: readonly TargetLeg[]): BetTarget {
  const results: SettledLeg[] = [];
  for (const leg of legs) {
    const result = legResultOf(leg.market, leg.selectionId, bet.placedAt);
    if (!result) return { status: 'open', outcome: null, payoutMinor: null, validBetMinor: 0 };
    results.push({ odds: leg.odds, result });
  }
  const answer = settleOnce(bet, results);
  return { status: answer.outcome === 'void' ? 'void' : 'settled', outcome: answer.outcome, payoutMinor: answer.payoutMinor, validBetMinor: answer.validBetMinor };
}

/** A leg's state for the member: open, or its selection's result (won with a dead heat stays won). */
function legStateOf(result: SelectionResult | undefined): SportsBet['legs'][number]['state'] {
  if (!result) return 'open';
  if (result.outcome === 'won' && result.voidFactor === 500) return 'half_won';
  if (result.outcome === 'lost' && result.voidFactor === 500) return 'half_lost';
  if ((result.outcome === 'won' || result.outcome === 'lost') && result.voidFactor === 1000) return 'void';
  return result.outcome;
}

/** The bet as the member sees it (contract `SportsBet`). */
export function betViewOf(bet: BetRow, legs: readonly LegWithResult[], steps: readonly BetStep[]): SportsBet {
  const placedStep = { version: 1, status: (bet.acceptAt ? 'pending' : 'open') as BetStatus, payoutMinor: 0, reason: 'Placed', at: bet.placedAt.toISOString() };
  const history = [placedStep, ...steps.map((s) => ({ version: s.version, status: s.status, payoutMinor: s.payoutMinor, reason: s.reason, at: s.at.toISOString() }))];
  const settlements = steps.filter((s) => s.status !== 'rejected').length;
  return {
    betId: bet.betId, slipId: bet.slipId, venueCode: bet.venueCode, betKind: bet.kind,
    size: bet.kind === 'n_from_m' ? bet.size : bet.kind === 'single' ? 1 : bet.kind === 'accumulator' ? legs.length : null,
    lines: bet.lines.length, stakePerLineMinor: bet.stakePerLineMinor, stakeMinor: bet.stakeMinor, potentialPayoutMinor: bet.potentialPayoutMinor,
    payoutMinor: bet.status === 'pending' || bet.status === 'open' ? null : bet.payoutMinor, validBetMinor: bet.validBetMinor, outcome: bet.outcome,
    status: bet.status, oddsChangePolicy: bet.policy, placedAt: bet.placedAt.toISOString(), acceptAt: bet.status === 'pending' && bet.acceptAt ? bet.acceptAt.toISOString() : null,
    settledAt: bet.settledAt ? bet.settledAt.toISOString() : null, version: bet.version, reason: bet.reason, resettled: settlements > 1,
    legs: legs.map((leg) => {
      const result = legResultOf(leg.market, leg.selectionId, bet.placedAt);
      const deadHeat = result?.outcome === 'won' && result.deadHeatFactor !== undefined && result.deadHeatFactor !== 1000 ? result.deadHeatFactor : null;
      return {
        fixtureId: leg.fixtureId, marketId: leg.marketId, selectionId: leg.selectionId, ...leg.shown, odds: leg.odds, live: leg.live,
        state: legStateOf(result), deadHeatFactor: deadHeat,
      };
    }),
    history,
  };
}
