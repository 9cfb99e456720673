import type { DrawRecord } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import type { RewardWallet } from '../engine/index.js';
import type { FairDetail } from './fairness.js';

/** What a fair claim records in `promo_claims.detail`: the award's name and the fair inputs and result. */
export interface FairClaimDetail {
  awardName: string;
  fair: FairDetail;
}

interface RecordRow {
  claim_key: string; amount_minor: string | number; wallet: RewardWallet; created_at: Date; detail: Partial<FairClaimDetail>;
  seed_hash: string; server_seed: string; revealed_at: Date | null; committed_at: Date; opens_at: Date; closes_at: Date;
}

/** The most records one read answers (newest first). */
export const RECORDS_MAX = 200;

/**
 * The member's fair claims of an activity (any kind that records `detail.fair`), newest
 * first, each with its round's commitment; the seed of a round shows once it has closed
 * (closed rounds are revealed first). `prefix` narrows to e.g. 'draw:', `claimKey` to one claim.
 */
export async function fairRecordsOf(
  q: Queryable, activityId: number, memberId: number, now: Date, only: { prefix?: string; claimKey?: string } = {},
): Promise<DrawRecord[]> {
  await q.query('UPDATE promo_fair_rounds SET revealed_at = $2 WHERE activity_id = $1 AND revealed_at IS NULL AND closes_at <= $2', [activityId, now]);
  const { rows } = await q.query<RecordRow>(
    `SELECT c.claim_key, c.amount_minor, c.wallet, c.created_at, c.detail,
            r.seed_hash, r.server_seed, r.revealed_at, r.committed_at, r.opens_at, r.closes_at
       FROM promo_claims c
       JOIN promo_fair_rounds r ON r.activity_id = c.activity_id AND r.round_key = c.detail->'fair'->>'roundKey'
      WHERE c.activity_id = $1 AND c.member_id = $2 AND ($3::text IS NULL OR starts_with(c.claim_key, $3)) AND ($4::text IS NULL OR c.claim_key = $4)
      ORDER BY c.created_at DESC, c.id DESC LIMIT ${RECORDS_MAX}`,
    [activityId, memberId, only.prefix ?? null, only.claimKey ?? null],
  );
  return rows.map((row) => recordOf(row));
}

function recordOf(row: RecordRow): DrawRecord {
  const fair = row.detail.fair!;
  return {
    claimKey: row.claim_key,
    awardName: typeof row.detail.awardName === 'string' ? row.detail.awardName : '',
    amountMinor: Number(row.amount_minor),
    wallet: row.wallet,
    createdAt: row.created_at.toISOString(),
    fair: {
      roundKey: fair.roundKey,
      seedHash: row.seed_hash,
      serverSeed: row.revealed_at ? row.server_seed : null,
      committedAt: row.committed_at.toISOString(),
      opensAt: row.opens_at.toISOString(),
      closesAt: row.closes_at.toISOString(),
      clientSeed: fair.clientSeed,
      nonce: fair.nonce,
      rule: fair.rule,
      result: fair.result,
    },
  };
}
