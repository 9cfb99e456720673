import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import type { Activity, SharedIdentityKey } from './activity-types.js';
import { budgetKind } from './rewards.js';
import { exclusionRefusal } from '../../responsible/exclusion/exclusion-guard.js';

/** What the engine knows about a member when it checks a claim (docs/PROMOTIONS.md "Eligibility"). */
export interface MemberFacts {
  memberId: number;
  siteId: number;
  registeredAt: Date;
  /** A phone number is bound to the account. */
  phoneBound: boolean;
  /** A real name is set on the account. */
  realNamed: boolean;
  vipLevel: number;
  /** Confirmed (completed, state 104) deposit orders in the window, minor units (the yuan value for a USDT order). */
  depositsMinor: number;
  depositCount: number;
  /** The first confirmed deposit ever, or null. */
  firstDepositAt: Date | null;
  /** The first completed withdrawal draw (state 4015) ever, or null. */
  firstWithdrawalAt: Date | null;
  /** Valid bets of the member's settled game bets settled in the window, minor units. */
  turnoverMinor: number;
  /** The operator excluded the member from promotions (docs/PROMOTIONS.md "Blacklist"). */
  blacklisted: boolean;
}

/**
 * A member's facts for eligibility: profile, VIP level, confirmed deposits and turnover in
 * `window` (from inclusive, to exclusive), first deposit and first withdrawal ever.
 * Deposits are deposit orders completed (104) at `updated_at` — the time of the
 * completion, written with the server's clock; turnover is game_bets settled in the window.
 * Throws activityNotFound for an unknown member.
 *
 * @example const facts = await memberFacts(tx, memberId, { from: activity.startsAt, to: now });
 */
export async function memberFacts(q: Queryable, memberId: number, window: { from: Date; to: Date }): Promise<MemberFacts> {
  const { rows } = await q.query<{
    site_id: number; created_at: Date; phone: string; real_name: string; grade: number; deposits: string | number; deposit_count: string | number;
    first_deposit: Date | null; first_withdrawal: Date | null; turnover: string | number; blacklisted: boolean;
  }>(
    `SELECT m.site_id, m.created_at, m.phone, m.real_name, m.grade,
       (SELECT coalesce(sum(amount_minor), 0) FROM deposit_orders WHERE member_id = m.id AND state = 104 AND updated_at >= $2 AND updated_at < $3) AS deposits,
       (SELECT count(*) FROM deposit_orders WHERE member_id = m.id AND state = 104 AND updated_at >= $2 AND updated_at < $3) AS deposit_count,
       (SELECT min(updated_at) FROM deposit_orders WHERE member_id = m.id AND state = 104) AS first_deposit,
       (SELECT min(updated_at) FROM withdrawal_draws WHERE member_id = m.id AND state = 4015) AS first_withdrawal,
       (SELECT coalesce(sum(valid_bet_minor), 0) FROM game_bets WHERE member_id = m.id AND status = 'settled' AND settled_at >= $2 AND settled_at < $3) AS turnover,
       EXISTS (SELECT 1 FROM promo_blacklist b WHERE b.member_id = m.id) AS blacklisted
     FROM members m WHERE m.id = $1`,
    [memberId, window.from, window.to],
  );
  const row = rows[0];
  if (!row) throw new BusinessError('activityNotFound', `no member ${memberId}`);
  return {
    memberId, siteId: row.site_id, registeredAt: row.created_at, phoneBound: row.phone !== '', realNamed: row.real_name.trim() !== '', vipLevel: Number(row.grade),
    depositsMinor: Number(row.deposits), depositCount: Number(row.deposit_count), firstDepositAt: row.first_deposit, firstWithdrawalAt: row.first_withdrawal,
    turnoverMinor: Number(row.turnover), blacklisted: row.blacklisted,
  };
}

const yuan = (minor: number) => (minor / 100).toFixed(2);
const DAY_MS = 86_400_000;

/**
 * The first condition of the activity's eligibility the member does not meet, in words
 * (e.g. 'needs a bound phone'), or null when the member may take part. Deposits count in
 * the activity's window (from its start to `now`) unless `depositsSince` is 'ever'; turnover
 * counts in the window.
 *
 * @example const reason = await eligibilityProblem(tx, activity, memberId, now); if (reason) show(reason);
 */
export async function eligibilityProblem(q: Queryable, activity: Activity, memberId: number, now: Date): Promise<string | null> {
  const rules = activity.eligibility;
  const from = activity.startsAt;
  const facts = await memberFacts(q, memberId, { from, to: now });
  if (facts.siteId !== activity.siteId) return 'the activity belongs to another brand';
  if (facts.blacklisted) return 'the account is excluded from promotions';
  if (await exclusionRefusal(q, { memberId, door: 'activityReward', amountMinor: 0, at: now })) return 'the account is on a break from play (time-out or self-exclusion)';
  if (rules.requirePhone && !facts.phoneBound) return 'needs a bound phone';
  if (rules.requireRealName && !facts.realNamed) return 'needs a real name on the account';
  if (rules.minVipLevel !== undefined && facts.vipLevel < rules.minVipLevel) return `needs VIP level ${rules.minVipLevel} (the account is at ${facts.vipLevel})`;
  if (rules.registeredWithinDays !== undefined && now.getTime() - facts.registeredAt.getTime() > rules.registeredWithinDays * DAY_MS) {
    return `for members registered within ${rules.registeredWithinDays} days`;
  }
  if (rules.registeredBeforeStart && facts.registeredAt >= activity.startsAt) return 'for members registered before the activity started';
  if (rules.minDepositMinor !== undefined && rules.minDepositMinor > 0) {
    const deposits = rules.depositsSince === 'ever' ? (await memberFacts(q, memberId, { from: new Date(0), to: now })).depositsMinor : facts.depositsMinor;
    if (deposits < rules.minDepositMinor) {
      return `needs deposits of ${yuan(rules.minDepositMinor)} ${rules.depositsSince === 'ever' ? 'in total' : 'since the activity started'} (so far ${yuan(deposits)})`;
    }
  }
  if (rules.minTurnoverMinor !== undefined && rules.minTurnoverMinor > 0 && facts.turnoverMinor < rules.minTurnoverMinor) {
    return `needs valid bets of ${yuan(rules.minTurnoverMinor)} since the activity started (so far ${yuan(facts.turnoverMinor)})`;
  }
  return null;
}

/** The claim rate limit: at most `claims` rewards of one activity to one member within `withinMs`. */
export interface RateLimit {
  claims: number;
  withinMs: number;
}
/** The default claim rate limit (docs/PROMOTIONS.md): 10 claims of one activity by one member within 10 seconds. */
export const CLAIM_RATE_LIMIT: RateLimit = { claims: 10, withinMs: 10_000 };

export interface ClaimCheckOptions {
  /** The terms version the member was shown beside the claim button. */
  termsVersion: number;
  /** What this claim would pay, minor units (for the money caps); 0 when absent. */
  amountMinor?: number;
  /** The claim key about to be paid: a claim already paid under it passes (payReward answers the first payment). */
  claimKey?: string;
  /** Skip the eligibility conditions (a kind that checked its own entry conditions). Caps, abuse rules and the rate limit still apply. */
  skipEligibility?: boolean;
  /** A kind's own rate limit (a rain session's grabs), instead of CLAIM_RATE_LIMIT. */
  rateLimit?: RateLimit;
}

/** Serialises claims holding the same key until the transaction ends (PostgreSQL; PGlite has one connection, so its transactions are serial already). */
async function lockKey(tx: Queryable, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}

/** The member's values of one shared-identity key, and the other members of the brand sharing one of them. */
const SHARED_QUERIES: Record<SharedIdentityKey, { values: string; sharers: string }> = {
  device: {
    values: "SELECT DISTINCT device_id AS value FROM sessions WHERE member_id = $1 AND device_id <> ''",
    sharers: 'SELECT DISTINCT s.member_id FROM sessions s WHERE s.device_id = ANY($2::text[]) AND s.member_id <> $1',
  },
  phone: {
    values: "SELECT area_code || ' ' || phone AS value FROM members WHERE id = $1 AND phone <> ''",
    sharers: "SELECT o.id AS member_id FROM members o, members m WHERE m.id = $1 AND o.site_id = m.site_id AND o.id <> $1 AND o.area_code || ' ' || o.phone = ANY($2::text[])",
  },
  bankCard: {
    values: "SELECT DISTINCT replace(card_no, ' ', '') AS value FROM member_bank_cards WHERE member_id = $1 AND card_no <> ''",
    sharers: "SELECT DISTINCT member_id FROM member_bank_cards WHERE replace(card_no, ' ', '') = ANY($2::text[]) AND member_id <> $1",
  },
  paymentAccount: {
    values: "SELECT DISTINCT lower(address) AS value FROM member_virtual_addresses WHERE member_id = $1 AND address <> ''",
    sharers: 'SELECT DISTINCT member_id FROM member_virtual_addresses WHERE lower(address) = ANY($2::text[]) AND member_id <> $1',
  },
};

const IDENTITY_WORDS: Record<SharedIdentityKey, string> = { device: 'device', phone: 'phone number', bankCard: 'bank card', paymentAccount: 'payment account' };

/** Every value of the activity's shared-identity keys for the member, as `key:value`, sorted (the lock order). */
async function identityValues(tx: Queryable, activity: Activity, memberId: number): Promise<Map<SharedIdentityKey, string[]>> {
  const found = new Map<SharedIdentityKey, string[]>();
  for (const key of activity.oneRewardPer) {
    const { rows } = await tx.query<{ value: string }>(SHARED_QUERIES[key].values, [memberId]);
    if (rows.length > 0) found.set(key, rows.map((row) => row.value).sort());
  }
  return found;
}

/**
 * The claim guard every activity kind runs inside its claim transaction, before payReward.
 * Throws, naming the reason, and writes nothing:
 * - activityTermsChanged: the terms version shown is not the current one;
 * - activityNotEligible: the first condition not met (or the member is blacklisted, or of another brand);
 * - activityClaimTooFrequent: the rate limit (CLAIM_RATE_LIMIT unless the kind gives its own);
 * - activityCapReached: claims per member, money per member, money per campaign;
 * - activitySharedIdentity: another account sharing this member's device id, phone, bank
 *   card or payment account (the activity's `oneRewardPer`) already has a claim of it.
 * It first takes a transaction lock per member and activity (and one per shared identity
 * value, and the budget account's row for a campaign cap), so concurrent claims of one
 * member serialise and every cap holds under concurrency. A claim key already paid passes
 * at once: payReward answers the first payment.
 *
 * @example
 * await db.transaction(async (tx) => {
 *   const activity = await liveActivity(tx, siteId, id, 'sign_in', now);
 *   await checkClaim(tx, activity, memberId, now, { termsVersion, amountMinor: 2_00, claimKey });
 *   return payReward(tx, { activity, memberId, claimKey, amountMinor: 2_00, wallet: 'centre', termsVersion, now });
 * });
 */
export async function checkClaim(tx: Queryable, activity: Activity, memberId: number, now: Date, options: ClaimCheckOptions): Promise<void> {
  await lockKey(tx, `promo:${activity.id}:member:${memberId}`);
  if (options.claimKey !== undefined) {
    const paid = await tx.query('SELECT 1 FROM promo_claims WHERE activity_id = $1 AND member_id = $2 AND claim_key = $3', [activity.id, memberId, options.claimKey]);
    if (paid.rows.length > 0) return;
  }
  // Responsible play (issue 22): no activity rewards during a time-out or self-exclusion.
  const onBreak = await exclusionRefusal(tx, { memberId, door: 'activityReward', amountMinor: 0, at: now });
  if (onBreak) throw onBreak;
  // Re-read under the lock: the operator may have changed the terms since the caller read the activity.
  const current = await tx.query<{ terms_version: number; state: string }>('SELECT terms_version, state FROM promo_activities WHERE id = $1', [activity.id]);
  const termsVersion = current.rows[0]?.terms_version ?? activity.termsVersion;
  if (options.termsVersion !== termsVersion) {
    throw new BusinessError('activityTermsChanged', `the terms are at version ${termsVersion}; the claim was made on version ${options.termsVersion}`, { termsVersion });
  }
  if (current.rows[0] && current.rows[0].state !== 'published') throw new BusinessError('activityNotLive', `activity ${activity.id} is ${current.rows[0].state}`);
  const amountMinor = options.amountMinor ?? 0;

  if (options.skipEligibility) {
    const member = await tx.query<{ site_id: number; blacklisted: boolean }>(
      'SELECT site_id, EXISTS (SELECT 1 FROM promo_blacklist b WHERE b.member_id = m.id) AS blacklisted FROM members m WHERE id = $1',
      [memberId],
    );
    if (!member.rows[0] || member.rows[0].site_id !== activity.siteId) throw new BusinessError('activityNotEligible', 'the activity belongs to another brand');
    if (member.rows[0].blacklisted) throw new BusinessError('activityNotEligible', 'the account is excluded from promotions');
  } else {
    const problem = await eligibilityProblem(tx, activity, memberId, now);
    if (problem !== null) throw new BusinessError('activityNotEligible', problem);
  }

  const limit = options.rateLimit ?? CLAIM_RATE_LIMIT;
  const mine = await tx.query<{ claims: string | number; paid: string | number; recent: string | number }>(
    `SELECT count(*) AS claims, coalesce(sum(amount_minor), 0) AS paid, count(*) FILTER (WHERE created_at > $3) AS recent
       FROM promo_claims WHERE activity_id = $1 AND member_id = $2`,
    [activity.id, memberId, new Date(now.getTime() - limit.withinMs)],
  );
  const claims = Number(mine.rows[0]?.claims ?? 0);
  const paid = Number(mine.rows[0]?.paid ?? 0);
  if (Number(mine.rows[0]?.recent ?? 0) >= limit.claims) {
    throw new BusinessError('activityClaimTooFrequent', `at most ${limit.claims} claims of this activity within ${limit.withinMs / 1000} s; try again shortly`);
  }
  const caps = activity.caps;
  if (caps.claimsPerMember !== undefined && claims >= caps.claimsPerMember) {
    throw new BusinessError('activityCapReached', `at most ${caps.claimsPerMember} claims per member; ${claims} made`);
  }
  if (caps.perMemberMinor !== undefined && paid + amountMinor > caps.perMemberMinor) {
    throw new BusinessError('activityCapReached', `at most ${yuan(caps.perMemberMinor)} per member; ${yuan(paid)} received`);
  }

  const identities = await identityValues(tx, activity, memberId);
  const locks = [...identities].flatMap(([key, values]) => values.map((value) => `promo:${activity.id}:${key}:${value}`)).sort();
  for (const key of locks) await lockKey(tx, key);
  for (const [key, values] of identities) {
    const sharers = await tx.query<{ member_id: number }>(SHARED_QUERIES[key].sharers, [memberId, values]);
    if (sharers.rows.length === 0) continue;
    const rewarded = await tx.query(
      'SELECT 1 FROM promo_claims WHERE activity_id = $1 AND member_id = ANY($2::bigint[]) LIMIT 1',
      [activity.id, sharers.rows.map((row) => row.member_id)],
    );
    if (rewarded.rows.length > 0) {
      throw new BusinessError('activitySharedIdentity', `another account sharing this ${IDENTITY_WORDS[key]} already took part; one reward per ${IDENTITY_WORDS[key]}`, { rule: key });
    }
  }

  if (caps.perCampaignMinor !== undefined) {
    // The budget account's row is the campaign's lock: every payment of the activity takes it anyway.
    await tx.query('SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = $1 AND currency = $2 FOR UPDATE', [budgetKind(activity.id), 'CNY']);
    const all = await tx.query<{ paid: string | number }>('SELECT coalesce(sum(amount_minor), 0) AS paid FROM promo_claims WHERE activity_id = $1', [activity.id]);
    const total = Number(all.rows[0]?.paid ?? 0);
    if (total + amountMinor > caps.perCampaignMinor) {
      throw new BusinessError('activityCapReached', `the campaign pays at most ${yuan(caps.perCampaignMinor)}; ${yuan(total)} paid`);
    }
  }
}

/** Whether the member is excluded from promotions (the operator's blacklist). */
export async function isBlacklisted(q: Queryable, memberId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM promo_blacklist WHERE member_id = $1', [memberId]);
  return rows.length > 0;
}

/** Puts a member on (or takes it off) the promotion blacklist; answers the state after. Idempotent. */
export async function setBlacklisted(q: Queryable, memberId: number, blacklisted: boolean, reason: string, actor: string, now: Date): Promise<boolean> {
  if (blacklisted) {
    await q.query(
      'INSERT INTO promo_blacklist (member_id, reason, actor, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (member_id) DO UPDATE SET reason = EXCLUDED.reason, actor = EXCLUDED.actor',
      [memberId, reason, actor, now],
    );
  } else {
    await q.query('DELETE FROM promo_blacklist WHERE member_id = $1', [memberId]);
  }
  return blacklisted;
}
