/**
 * Provably fair rounds of promotions (issue 20; docs/PROMO-FAIRNESS.md). Every draw, wheel
 * spin, raffle, scratch card and red-packet split belongs to a round of its activity: the
 * round's server seed is made (crypto.randomBytes) and its SHA-256 published when the round
 * is committed, before any result is computed from it; the seed is revealed once the round
 * has closed. A result is the sdk's rule (`pick`, `split`, `unit`, `sample`) applied to the
 * bytes HMAC-SHA256(server seed, `${clientSeed}:${nonce}`) — the studio's primitive — here
 * with Node's HMAC, in the member's browser with WebCrypto (`verifyFairRecord`).
 *
 * @example
 * await commitRound(tx, { activityId, roundKey: 'day:2026-11-26', opensAt, closesAt });
 * const { result, fair } = await drawFair(tx, { activityId, roundKey: 'day:2026-11-26', clientSeed: memberClientSeed(activityId, memberId), nonce: 1, rule: { kind: 'pick', weights: [80, 15, 5] }, now });
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { byteSourceFrom, fairMessage, resultFrom, ruleProblem, type ByteSource, type FairResult, type FairRule, type Seeds } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';

/** A round's commitment as anyone may read it: the seed only once revealed. */
export interface FairRound {
  activityId: number;
  roundKey: string;
  seedHash: string;
  opensAt: Date;
  closesAt: Date;
  committedAt: Date;
  revealedAt: Date | null;
  /** Null until the round has closed and been revealed. */
  serverSeed: string | null;
}

/** What a result records beside it (in `promo_claims.detail.fair` or the kind's own table) so the member can recompute it. */
export interface FairDetail {
  roundKey: string;
  clientSeed: string;
  nonce: number;
  rule: FairRule;
  result: FairResult;
}

interface RoundRow {
  activity_id: number; round_key: string; server_seed: string; seed_hash: string; opens_at: Date; closes_at: Date; committed_at: Date; revealed_at: Date | null;
}
const ROUND_COLUMNS = 'activity_id, round_key, server_seed, seed_hash, opens_at, closes_at, committed_at, revealed_at';

const ROUND_KEY = /^[A-Za-z0-9:_.-]{1,100}$/;

function publicRound(row: RoundRow): FairRound {
  return {
    activityId: row.activity_id, roundKey: row.round_key, seedHash: row.seed_hash, opensAt: row.opens_at, closesAt: row.closes_at,
    committedAt: row.committed_at, revealedAt: row.revealed_at, serverSeed: row.revealed_at ? row.server_seed : null,
  };
}

/** SHA-256 of a seed's UTF-8 bytes in lower-case hex (the sdk's serverSeedHash, synchronously). */
export function seedHashOf(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/**
 * Commits a round: makes its seed and publishes the hash. Idempotent per (activity, round
 * key): a second call answers the first commitment and never changes its seed or times.
 * `committedAt` defaults to now (the wall clock); pass the caller's clock for tests.
 */
export async function commitRound(
  q: Queryable,
  round: { activityId: number; roundKey: string; opensAt: Date; closesAt: Date; committedAt?: Date },
): Promise<{ seedHash: string }> {
  if (!ROUND_KEY.test(round.roundKey)) throw new Error(`round key must be 1 to 100 letters, digits or :_.-, got ${JSON.stringify(round.roundKey)}`);
  if (!(round.closesAt > round.opensAt)) throw new Error(`round ${round.roundKey} must close after it opens`);
  const serverSeed = randomBytes(32).toString('hex');
  await q.query(
    `INSERT INTO promo_fair_rounds (activity_id, round_key, server_seed, seed_hash, opens_at, closes_at, committed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (activity_id, round_key) DO NOTHING`,
    [round.activityId, round.roundKey, serverSeed, seedHashOf(serverSeed), round.opensAt, round.closesAt, round.committedAt ?? new Date()],
  );
  const { rows } = await q.query<{ seed_hash: string }>('SELECT seed_hash FROM promo_fair_rounds WHERE activity_id = $1 AND round_key = $2', [round.activityId, round.roundKey]);
  return { seedHash: rows[0]!.seed_hash };
}

/** The round with its secret seed: for the server's own computations only, never answered to a member before the reveal. */
export async function roundSeed(q: Queryable, activityId: number, roundKey: string): Promise<(FairRound & { serverSeed: string }) | undefined> {
  const { rows } = await q.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM promo_fair_rounds WHERE activity_id = $1 AND round_key = $2`, [activityId, roundKey]);
  const row = rows[0];
  return row ? { ...publicRound(row), serverSeed: row.server_seed } : undefined;
}

/**
 * The round as anyone may see it at `now`, revealing its seed first when it has closed
 * (`revealed_at` = now, once). Undefined for a round never committed.
 */
export async function revealIfClosed(q: Queryable, activityId: number, roundKey: string, now: Date): Promise<FairRound | undefined> {
  await q.query(
    'UPDATE promo_fair_rounds SET revealed_at = $3 WHERE activity_id = $1 AND round_key = $2 AND revealed_at IS NULL AND closes_at <= $3',
    [activityId, roundKey, now],
  );
  const { rows } = await q.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM promo_fair_rounds WHERE activity_id = $1 AND round_key = $2`, [activityId, roundKey]);
  return rows[0] ? publicRound(rows[0]) : undefined;
}

/** Every round of an activity as anyone may see it at `now` (closed ones revealed), oldest first. */
export async function activityRounds(q: Queryable, activityId: number, now: Date): Promise<FairRound[]> {
  await q.query('UPDATE promo_fair_rounds SET revealed_at = $2 WHERE activity_id = $1 AND revealed_at IS NULL AND closes_at <= $2', [activityId, now]);
  const { rows } = await q.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM promo_fair_rounds WHERE activity_id = $1 ORDER BY opens_at, round_key`, [activityId]);
  return rows.map(publicRound);
}

/** The byte source of seeds over Node's HMAC (block 0, 1, ... as the rule reads them). */
export function nodeBytes(seeds: Seeds): ByteSource {
  return byteSourceFrom((cursor) => createHmac('sha256', seeds.serverSeed).update(fairMessage(seeds, cursor)).digest());
}

/** A number in [0, 1) from seeds (sdk unitFrom: 52 bits of the first 7 bytes). */
export function fairUnit(seeds: Seeds): number {
  return resultFrom({ kind: 'unit' }, nodeBytes(seeds)) as number;
}

/** An index of `weights` (whole numbers, sum 1 to 2^32) with probability weight / sum (sdk pickFrom). */
export function fairPick(weights: readonly number[], seeds: Seeds): number {
  return resultFrom({ kind: 'pick', weights: [...weights] }, nodeBytes(seeds)) as number;
}

/** `parts` whole amounts of at least `minEachMinor` adding up to exactly `totalMinor` (sdk splitFrom). */
export function fairSplit(totalMinor: number, parts: number, minEachMinor: number, seeds: Seeds): number[] {
  return resultFrom({ kind: 'split', totalMinor, parts, minEachMinor }, nodeBytes(seeds)) as number[];
}

/** `count` distinct indexes of [0, size) in the order drawn (sdk sampleFrom). */
export function fairSample(size: number, count: number, seeds: Seeds): number[] {
  return resultFrom({ kind: 'sample', size, count }, nodeBytes(seeds)) as number[];
}

/** The client seed of a member in an activity: `a<activity>-m<member>` (no `:`, so messages never collide). */
export function memberClientSeed(activityId: number, memberId: number): string {
  return `a${activityId}-m${memberId}`;
}

/**
 * Computes one result in an open round: refuses `fairRoundNotFound` when the round was never
 * committed and `drawNotOpen` outside [opensAt, closesAt). Answers the result and the detail
 * to record beside it.
 */
export async function drawFair(
  q: Queryable,
  input: { activityId: number; roundKey: string; clientSeed: string; nonce: number; rule: FairRule; now: Date },
): Promise<{ result: FairResult; fair: FairDetail; seedHash: string }> {
  const round = await roundSeed(q, input.activityId, input.roundKey);
  if (!round) throw new BusinessError('fairRoundNotFound', `round ${input.roundKey} of activity ${input.activityId} is not committed`);
  if (input.now < round.opensAt || input.now >= round.closesAt) {
    throw new BusinessError('drawNotOpen', `round ${input.roundKey} is open from ${round.opensAt.toISOString()} to ${round.closesAt.toISOString()}`);
  }
  const problem = ruleProblem(input.rule);
  if (problem) throw new Error(`fair rule: ${problem}`);
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) throw new Error(`nonce must be a whole number from 0, got ${input.nonce}`);
  const seeds = { serverSeed: round.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce };
  const result = resultFrom(input.rule, nodeBytes(seeds));
  return { result, seedHash: round.seedHash, fair: { roundKey: input.roundKey, clientSeed: input.clientSeed, nonce: input.nonce, rule: input.rule, result } };
}
