/**
 * Provably fair promotions (issue 20; docs/PROMO-FAIRNESS.md): draws, wheel spins, raffle
 * winners, scratch cards and red-packet splits. Built on the studio's primitive
 * (games/fair.ts): the bytes of a result are HMAC-SHA256(key = UTF-8 server seed, message =
 * `${clientSeed}:${nonce}`), block 1 `${clientSeed}:${nonce}:1` and so on when more are
 * needed. The round's server seed is committed (its SHA-256 published) before the round
 * opens and revealed after it closes. The same functions run on the server (over Node's
 * HMAC) and in the browser (over WebCrypto), so a member recomputes their own result.
 */
import { byteSourceOfBlocks, OutOfBytesError, uniformInt, type ByteSource } from '../games/byte-source.js';
import { fairBytes, serverSeedHash, type Seeds } from '../games/fair.js';

const TWO_POW_32 = 0x1_0000_0000;

/**
 * A number in [0, 1) with 52 bits: the first 4 bytes big-endian (h, 32 bits) and the top 20
 * bits of the next 3 bytes (l); unit = (h * 2^20 + l) / 2^52. Exact in a double.
 * @example unitFrom(bytes) < 0.25 // a one-in-four chance
 */
export function unitFrom(bytes: ByteSource): number {
  const high = ((bytes.nextByte() << 24) >>> 0) + (bytes.nextByte() << 16) + (bytes.nextByte() << 8) + bytes.nextByte();
  const low = ((bytes.nextByte() << 16) + (bytes.nextByte() << 8) + bytes.nextByte()) >>> 4;
  return (high * 0x10_0000 + low) / 2 ** 52;
}

/** Why a weights list cannot be drawn from, or null when it can. */
export function weightsProblem(weights: readonly number[]): string | null {
  if (weights.length < 1) return 'weights must list at least one entry';
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) return 'weights must be whole numbers from 0';
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total < 1) return 'weights must add up to at least 1';
  if (total > TWO_POW_32) return 'weights must add up to at most 2^32';
  return null;
}

/**
 * Index i with probability weights[i] / sum: r = a uniform integer in [0, sum) (4 bytes,
 * rejection sampling, games/byte-source.ts), the first index whose running sum exceeds r.
 * An entry of weight 0 is never picked.
 * @example pickFrom([1, 1, 98], bytes) // 2 with 98 %
 */
export function pickFrom(weights: readonly number[], bytes: ByteSource): number {
  const problem = weightsProblem(weights);
  if (problem) throw new RangeError(problem);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const r = uniformInt(bytes, total);
  let running = 0;
  for (let index = 0; index < weights.length; index += 1) {
    running += weights[index]!;
    if (r < running) return index;
  }
  throw new Error('unreachable: r is below the total');
}

/** Why a split cannot be made, or null when it can. */
export function splitProblem(totalMinor: number, parts: number, minEachMinor: number): string | null {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) return 'the total must be a whole number of minor units from 0';
  if (!Number.isSafeInteger(parts) || parts < 1 || parts > 100_000) return 'parts must be a whole number from 1 to 100000';
  if (!Number.isSafeInteger(minEachMinor) || minEachMinor < 0) return 'the least part must be a whole number of minor units from 0';
  if (parts * minEachMinor > totalMinor) return `${parts} parts of at least ${minEachMinor} do not fit in ${totalMinor}`;
  if (totalMinor - parts * minEachMinor >= TWO_POW_32) return 'the amount above the least parts must be below 2^32 minor units';
  return null;
}

/**
 * Splits `totalMinor` into `parts` whole amounts of at least `minEachMinor`, adding up to the
 * total exactly. The spare = total - parts x least is cut at parts - 1 points, each a uniform
 * integer in [0, spare] read in order; the points are sorted ascending and part i gets the
 * least plus the gap between point i-1 and point i (point -1 is 0, point parts-1 is spare).
 * @example splitFrom(100_00, 3, 1, bytes) // e.g. [2345, 7001, 654]
 */
export function splitFrom(totalMinor: number, parts: number, minEachMinor: number, bytes: ByteSource): number[] {
  const problem = splitProblem(totalMinor, parts, minEachMinor);
  if (problem) throw new RangeError(problem);
  const spare = totalMinor - parts * minEachMinor;
  const cuts: number[] = [];
  for (let index = 0; index < parts - 1; index += 1) cuts.push(uniformInt(bytes, spare + 1));
  cuts.sort((a, b) => a - b);
  cuts.push(spare);
  let previous = 0;
  return cuts.map((cut) => {
    const part = minEachMinor + cut - previous;
    previous = cut;
    return part;
  });
}

/**
 * What a fair result was computed by, as recorded beside it and shown to the member:
 * - `pick`: the index pickFrom(weights) (an award list, a wheel's segments);
 * - `split`: splitFrom(totalMinor, parts, minEachMinor) (a red-packet session);
 * - `unit`: unitFrom (a number in [0, 1));
 * - `sample`: `count` distinct indexes of [0, size) drawn in order, each a uniform integer in
 *   [0, remaining) over the entries not yet drawn (raffle winners: the tickets, in ticket order).
 */
export type FairRule =
  | { kind: 'pick'; weights: number[] }
  | { kind: 'split'; totalMinor: number; parts: number; minEachMinor: number }
  | { kind: 'unit' }
  | { kind: 'sample'; size: number; count: number };

export type FairResult = number | number[];

/**
 * `count` distinct indexes of [0, size) in the order drawn: each draw is a uniform integer j
 * in [0, size - drawn so far) and takes the j-th index (ascending) not yet drawn.
 * @example sampleFrom(1000, 3, bytes) // three winning tickets
 */
export function sampleFrom(size: number, count: number, bytes: ByteSource): number[] {
  if (!Number.isSafeInteger(size) || size < 0 || size > TWO_POW_32) throw new RangeError('size must be a whole number from 0 to 2^32');
  if (!Number.isSafeInteger(count) || count < 0 || count > size || count > 100_000) throw new RangeError('count must be a whole number from 0 to size (at most 100000)');
  const drawn: number[] = [];
  const sorted: number[] = [];
  for (let round = 0; round < count; round += 1) {
    let j = uniformInt(bytes, size - round);
    // The j-th index not yet drawn: walk the drawn ones ascending, each at or below the candidate moves it up.
    for (const taken of sorted) {
      if (taken <= j) j += 1;
      else break;
    }
    drawn.push(j);
    const at = sorted.findIndex((taken) => taken > j);
    sorted.splice(at === -1 ? sorted.length : at, 0, j);
  }
  return drawn;
}

/** Why a rule cannot be computed, or null. */
export function ruleProblem(rule: FairRule): string | null {
  switch (rule.kind) {
    case 'pick': return Array.isArray(rule.weights) ? weightsProblem(rule.weights) : 'weights must be a list';
    case 'split': return splitProblem(rule.totalMinor, rule.parts, rule.minEachMinor);
    case 'unit': return null;
    case 'sample':
      if (!Number.isSafeInteger(rule.size) || rule.size < 0 || rule.size > TWO_POW_32) return 'size must be a whole number from 0 to 2^32';
      if (!Number.isSafeInteger(rule.count) || rule.count < 0 || rule.count > rule.size || rule.count > 100_000) return 'count must be a whole number from 0 to size';
      return null;
    default: return 'unknown rule';
  }
}

/** Applies a rule to a byte source (synchronously; the server's Node HMAC or blocks computed beforehand). */
export function resultFrom(rule: FairRule, bytes: ByteSource): FairResult {
  switch (rule.kind) {
    case 'pick': return pickFrom(rule.weights, bytes);
    case 'split': return splitFrom(rule.totalMinor, rule.parts, rule.minEachMinor, bytes);
    case 'unit': return unitFrom(bytes);
    case 'sample': return sampleFrom(rule.size, rule.count, bytes);
  }
}

/**
 * A rule's result from seeds with WebCrypto (browser or Node 20), computing HMAC blocks as
 * the rule reads them.
 * @example await fairResult({ serverSeed, clientSeed: 'a12-m7', nonce: 3 }, { kind: 'pick', weights: [50, 30, 20] })
 */
export async function fairResult(seeds: Seeds, rule: FairRule): Promise<FairResult> {
  const blocks: Uint8Array[] = [await fairBytes(seeds, 0)];
  for (;;) {
    try {
      return resultFrom(rule, byteSourceOfBlocks(blocks));
    } catch (error) {
      if (!(error instanceof OutOfBytesError)) throw error;
      blocks.push(await fairBytes(seeds, blocks.length));
    }
  }
}

/** One result as the server recorded it, with every input needed to recompute it. */
export interface FairRecord {
  /** The round's revealed server seed (null until the round closes). */
  serverSeed: string | null;
  /** The SHA-256 published before the round opened. */
  seedHash: string;
  clientSeed: string;
  nonce: number;
  rule: FairRule;
  result: FairResult;
}

export interface FairCheck {
  /** False until the seed is revealed. */
  revealed: boolean;
  /** SHA-256(server seed) equals the published hash. */
  hashMatches: boolean;
  /** The recomputed result equals the recorded one. */
  resultMatches: boolean;
  recomputed: FairResult | null;
}

/**
 * The verify view's check, in the browser: the revealed seed hashes to the commitment, and
 * the rule recomputes the recorded result.
 * @example const { hashMatches, resultMatches } = await verifyFairRecord(record);
 */
export async function verifyFairRecord(record: FairRecord): Promise<FairCheck> {
  if (!record.serverSeed) return { revealed: false, hashMatches: false, resultMatches: false, recomputed: null };
  const hashMatches = (await serverSeedHash(record.serverSeed)) === record.seedHash.toLowerCase();
  if (ruleProblem(record.rule)) return { revealed: true, hashMatches, resultMatches: false, recomputed: null };
  const recomputed = await fairResult({ serverSeed: record.serverSeed, clientSeed: record.clientSeed, nonce: record.nonce }, record.rule);
  const resultMatches = Array.isArray(recomputed)
    ? Array.isArray(record.result) && recomputed.length === record.result.length && recomputed.every((value, index) => value === (record.result as number[])[index])
    : recomputed === record.result;
  return { revealed: true, hashMatches, resultMatches, recomputed };
}
