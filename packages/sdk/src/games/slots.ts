/**
 * Reel slots: each reel stops at a uniform position of its strip, in reel order; the
 * window shows `rows` symbols from the stop down (wrapping). A line pays its left-most
 * symbol's run from reel 1 (`pays[run - 1]` x the line bet); scatters pay anywhere by count
 * (`scatterPays[count - 1]` x the total stake).
 */
import { uniformInt, type ByteSource } from './byte-source.js';
import { addRational, rational, type Rational } from './rational.js';
import type { RoundOutcome, SlotBet, SlotRules, SlotSymbol } from './types.js';

export interface SlotDisplay {
  stops: number[];
  /** grid[reel][row], symbol codes. */
  grid: string[][];
  lines: { line: number; symbol: string; count: number; payoutMinor: number }[];
  scatter: { count: number; payoutMinor: number } | null;
}

/** Per rules, the symbols by code and the scatter codes, built once (rules are immutable data). */
const lookups = new WeakMap<SlotRules, { symbols: Map<string, SlotSymbol>; scatters: Set<string> }>();

function lookupsOf(rules: SlotRules) {
  let found = lookups.get(rules);
  if (!found) {
    found = {
      symbols: new Map(rules.symbols.map((symbol) => [symbol.code, symbol])),
      scatters: new Set(rules.symbols.filter((symbol) => symbol.scatter).map((symbol) => symbol.code)),
    };
    lookups.set(rules, found);
  }
  return found;
}

/** The symbols shown on each reel for the given stops. */
export function slotWindow(rules: SlotRules, stops: readonly number[]): string[][] {
  const grid: string[][] = [];
  for (let reel = 0; reel < rules.strips.length; reel++) {
    const strip = rules.strips[reel] as readonly string[];
    const shown: string[] = [];
    for (let row = 0; row < rules.rows; row++) shown.push(strip[((stops[reel] as number) + row) % strip.length] as string);
    grid.push(shown);
  }
  return grid;
}

/** A line's paying symbol and run, or null when it pays nothing. */
function lineWin(rules: SlotRules, grid: readonly string[][], line: readonly number[]): { symbol: SlotSymbol; count: number; multiplier: number } | null {
  const first = grid[0]?.[line[0] as number];
  const symbol = first === undefined ? undefined : lookupsOf(rules).symbols.get(first);
  if (!symbol || symbol.scatter) return null;
  let count = 1;
  while (count < grid.length && grid[count]?.[line[count] as number] === symbol.code) count++;
  const multiplier = symbol.pays[count - 1] ?? 0;
  return multiplier > 0 ? { symbol, count, multiplier } : null;
}

export function slotOutcome(rules: SlotRules, bytes: ByteSource, bet: SlotBet): RoundOutcome {
  const stops = rules.strips.map((strip) => uniformInt(bytes, strip.length));
  const grid = slotWindow(rules, stops);
  const stakeMinor = bet.lineBetMinor * rules.lines.length;
  const lines: SlotDisplay['lines'] = [];
  rules.lines.forEach((line, index) => {
    const win = lineWin(rules, grid, line);
    if (win) lines.push({ line: index + 1, symbol: win.symbol.code, count: win.count, payoutMinor: win.multiplier * bet.lineBetMinor });
  });
  const scatters = lookupsOf(rules).scatters;
  let scatterCount = 0;
  if (scatters.size > 0) for (const reel of grid) for (const code of reel) if (scatters.has(code)) scatterCount++;
  const scatterMultiplier = rules.scatterPays?.[scatterCount - 1] ?? 0;
  const scatter = scatterMultiplier > 0 ? { count: scatterCount, payoutMinor: scatterMultiplier * stakeMinor } : null;
  const payoutMinor = lines.reduce((total, win) => total + win.payoutMinor, 0) + (scatter?.payoutMinor ?? 0);
  const display: SlotDisplay = { stops, grid, lines, scatter };
  const summary = lines.length === 0 ? 'no line wins' : `${lines.length} line${lines.length === 1 ? '' : 's'} win`;
  return {
    stakeMinor,
    payoutMinor,
    result: `Reels ${grid.map((reel) => reel.join('-')).join(' | ')}: ${summary}${scatter ? `, ${scatter.count} scatters` : ''}`,
    display,
  };
}

/** How many times a symbol is on a strip. */
function countOn(strip: readonly string[], code: string): bigint {
  return BigInt(strip.filter((entry) => entry === code).length);
}

/**
 * The expected line multiplier of one line: each reel's row shows its strip's symbols in
 * proportion to their counts, independently of the other reels, so a run of exactly k of
 * symbol S has probability (product of c_i(S) / L_i for i < k) x (1 - c_k(S) / L_k).
 */
export function expectedLineMultiplier(rules: SlotRules): Rational {
  const lengths = rules.strips.map((strip) => BigInt(strip.length));
  let expected = rational(0);
  for (const symbol of rules.symbols) {
    if (symbol.scatter) continue;
    let numerator = 1n;
    let denominator = 1n;
    for (let reel = 0; reel < rules.strips.length; reel++) {
      const strip = rules.strips[reel] as readonly string[];
      const length = lengths[reel] as bigint;
      const here = countOn(strip, symbol.code);
      const last = reel === rules.strips.length - 1;
      const nextLength = last ? 1n : BigInt((rules.strips[reel + 1] as readonly string[]).length);
      const stops = last ? 1n : nextLength - countOn(rules.strips[reel + 1] as readonly string[], symbol.code);
      numerator *= here;
      denominator *= length;
      const pay = BigInt(symbol.pays[reel] ?? 0);
      if (pay > 0n) {
        expected = addRational(expected, rational(numerator * stops * pay, denominator * nextLength));
      }
    }
  }
  return expected;
}

/** The expected scatter multiplier: the distribution of visible scatters per reel (over its stops), convolved over reels. */
export function expectedScatterMultiplier(rules: SlotRules): Rational {
  if (!rules.scatterPays?.length) return rational(0);
  const scatterCodes = new Set(rules.symbols.filter((symbol) => symbol.scatter).map((symbol) => symbol.code));
  let distribution: bigint[] = [1n];
  let denominator = 1n;
  for (const strip of rules.strips) {
    const perReel: bigint[] = Array.from({ length: rules.rows + 1 }, () => 0n);
    for (let stop = 0; stop < strip.length; stop++) {
      let visible = 0;
      for (let row = 0; row < rules.rows; row++) if (scatterCodes.has(strip[(stop + row) % strip.length] as string)) visible++;
      perReel[visible] = (perReel[visible] as bigint) + 1n;
    }
    const next: bigint[] = Array.from({ length: distribution.length + rules.rows }, () => 0n);
    distribution.forEach((ways, count) => perReel.forEach((reelWays, visible) => (next[count + visible] = (next[count + visible] as bigint) + ways * reelWays)));
    distribution = next;
    denominator *= BigInt(strip.length);
  }
  let numerator = 0n;
  distribution.forEach((ways, count) => (numerator += ways * BigInt(rules.scatterPays?.[count - 1] ?? 0)));
  return rational(numerator, denominator);
}

/** A slot's exact RTP: the expected line multiplier (every line alike) plus the expected scatter multiplier. */
export function slotRtp(rules: SlotRules): Rational {
  return addRational(expectedLineMultiplier(rules), expectedScatterMultiplier(rules));
}
