import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { byteSourceFrom, byteSourceOfBlocks } from '../games/byte-source.js';
import { fairMessage } from '../games/fair.js';
import { fairResult, pickFrom, ruleProblem, sampleFrom, splitFrom, unitFrom, verifyFairRecord, type FairRule } from './fairness.js';

const SERVER_SEED = '5f2b6c1d9e8a7b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4';

/** The round's bytes with Node's HMAC, computed here independently of the sdk's WebCrypto path. */
const nodeBytes = (clientSeed: string, nonce: number) =>
  byteSourceFrom((cursor) => createHmac('sha256', SERVER_SEED).update(cursor > 0 ? `${clientSeed}:${nonce}:${cursor}` : `${clientSeed}:${nonce}`).digest());

describe('promotion fairness rules', () => {
  it('derives the unit from the first 7 bytes: 32 bits, then the top 20 of the next 24, over 2^52', () => {
    const digest = createHmac('sha256', SERVER_SEED).update('a1-m2:7').digest();
    const expected = (digest.readUInt32BE(0) * 2 ** 20 + (digest.readUIntBE(4, 3) >>> 4)) / 2 ** 52;
    expect(unitFrom(nodeBytes('a1-m2', 7))).toBe(expected);
    expect(expected).toBeGreaterThanOrEqual(0);
    expect(expected).toBeLessThan(1);
    expect(unitFrom(byteSourceOfBlocks([new Uint8Array(32).fill(255)]))).toBe((2 ** 52 - 1) / 2 ** 52);
    expect(unitFrom(byteSourceOfBlocks([new Uint8Array(32)]))).toBe(0);
  });

  it('picks by the first 4 bytes mod the total (no rejection below the limit) and never picks a weight of 0', () => {
    const digest = createHmac('sha256', SERVER_SEED).update('a1-m2:0').digest();
    const r = digest.readUInt32BE(0) % 100; // 2^32 - (2^32 mod 100) is above almost every value; checked below
    expect(digest.readUInt32BE(0)).toBeLessThan(2 ** 32 - (2 ** 32 % 100));
    const weights = [50, 0, 30, 20];
    const expected = r < 50 ? 0 : r < 80 ? 2 : 3;
    expect(pickFrom(weights, nodeBytes('a1-m2', 0))).toBe(expected);
    for (let nonce = 0; nonce < 500; nonce += 1) expect(pickFrom([3, 0, 1], nodeBytes('z', nonce))).not.toBe(1);
  });

  it('picks each award within 4 standard deviations of its weight over 40,000 seeds, and the chi-square stays under the 0.1 % critical value', () => {
    const weights = [500, 300, 150, 45, 5];
    const total = weights.reduce((a, b) => a + b, 0);
    const n = 40_000;
    const counts = weights.map(() => 0);
    for (let nonce = 0; nonce < n; nonce += 1) counts[pickFrom(weights, nodeBytes('stat', nonce))]! += 1;
    let chi = 0;
    weights.forEach((weight, index) => {
      const p = weight / total;
      const mean = n * p;
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs(counts[index]! - mean)).toBeLessThan(4 * sd);
      chi += (counts[index]! - mean) ** 2 / mean;
    });
    expect(chi).toBeLessThan(18.47); // 4 degrees of freedom, p = 0.001
    // The check can fail: a picker biased towards the first award by 2 % of draws is caught.
    const biased = counts.map((count, index) => (index === 0 ? count + 0.02 * n : count - (0.02 * n) / (weights.length - 1)));
    const biasedChi = weights.reduce((sum, weight, index) => sum + (biased[index]! - (n * weight) / total) ** 2 / ((n * weight) / total), 0);
    expect(biasedChi).toBeGreaterThan(18.47);
  });

  it('splits into whole amounts of at least the least part that add up to the total exactly', () => {
    for (let nonce = 0; nonce < 300; nonce += 1) {
      const parts = 1 + (nonce % 37);
      const total = 10_000 + nonce * 97;
      const split = splitFrom(total, parts, 1, nodeBytes('rain', nonce));
      expect(split).toHaveLength(parts);
      expect(split.reduce((a, b) => a + b, 0)).toBe(total);
      for (const part of split) {
        expect(Number.isInteger(part)).toBe(true);
        expect(part).toBeGreaterThanOrEqual(1);
      }
    }
    expect(splitFrom(500, 5, 100, nodeBytes('x', 1))).toEqual([100, 100, 100, 100, 100]);
    expect(() => splitFrom(499, 5, 100, nodeBytes('x', 1))).toThrow(RangeError);
    expect(() => splitFrom(1.5, 1, 0, nodeBytes('x', 1))).toThrow(RangeError);
  });

  it('samples distinct indexes in the order drawn', () => {
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const sample = sampleFrom(20, 7, nodeBytes('raffle', nonce));
      expect(new Set(sample).size).toBe(7);
      for (const index of sample) expect(index).toBeGreaterThanOrEqual(0);
      for (const index of sample) expect(index).toBeLessThan(20);
    }
    expect([...sampleFrom(5, 5, nodeBytes('raffle', 1))].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives the same results with WebCrypto as with Node HMAC, reading further blocks when a rule needs them', async () => {
    const rules: FairRule[] = [
      { kind: 'pick', weights: [1, 2, 3, 4] },
      { kind: 'unit' },
      { kind: 'split', totalMinor: 1_000_00, parts: 40, minEachMinor: 10 },
      { kind: 'sample', size: 1000, count: 12 },
    ];
    for (const rule of rules) {
      const web = await fairResult({ serverSeed: SERVER_SEED, clientSeed: 'a9-m3', nonce: 4 }, rule);
      const node = rule.kind === 'pick' ? pickFrom(rule.weights, nodeBytes('a9-m3', 4))
        : rule.kind === 'unit' ? unitFrom(nodeBytes('a9-m3', 4))
          : rule.kind === 'split' ? splitFrom(rule.totalMinor, rule.parts, rule.minEachMinor, nodeBytes('a9-m3', 4))
            : sampleFrom(rule.size, rule.count, nodeBytes('a9-m3', 4));
      expect(web).toEqual(node);
    }
    expect(fairMessage({ serverSeed: SERVER_SEED, clientSeed: 'a9-m3', nonce: 4 }, 2)).toBe('a9-m3:4:2');
  });

  it('verifies a record: a matching one, a wrong result, a wrong seed, an unrevealed one', async () => {
    const seedHash = createHash('sha256').update(SERVER_SEED).digest('hex');
    const rule: FairRule = { kind: 'pick', weights: [70, 20, 10] };
    const result = pickFrom(rule.weights, nodeBytes('a1-m1', 1));
    const record = { serverSeed: SERVER_SEED, seedHash, clientSeed: 'a1-m1', nonce: 1, rule, result };
    expect(await verifyFairRecord(record)).toEqual({ revealed: true, hashMatches: true, resultMatches: true, recomputed: result });
    expect((await verifyFairRecord({ ...record, result: (result + 1) % 3 })).resultMatches).toBe(false);
    expect((await verifyFairRecord({ ...record, serverSeed: SERVER_SEED.replace('5f', '6f') })).hashMatches).toBe(false);
    expect(await verifyFairRecord({ ...record, serverSeed: null })).toMatchObject({ revealed: false, resultMatches: false });
    expect(ruleProblem({ kind: 'pick', weights: [0, 0] })).toMatch(/at least 1/);
    expect(ruleProblem({ kind: 'split', totalMinor: 10, parts: 11, minEachMinor: 1 })).toMatch(/do not fit/);
  });
});
