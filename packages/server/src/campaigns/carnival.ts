/**
 * The Euro cup carnival (issue 21; docs/CAMPAIGNS.md "Carnival"): every field of spec section 3
 * "Euro cup config" from the activity's config, carnival videos, the star vote (one a Beijing
 * day), the fans rank, the countdown, and the two apply steps of spec section 4: step 1 checks
 * (writes nothing), step 2 applies and pays the reward once; a second application answers 711.
 */
import type { Database } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { budgetLeftMinor, checkClaim, liveActivity, payReward, visibleActivity } from '../activities/engine/index.js';
import { carnivalConfigOf } from '../activities/football/config.js';
import { maskedName } from '../activities/race/index.js';
import { beijingDay } from '../activities/sign-in/days.js';
import { CheckPassed, campaignHead, hasClaim } from './shared.js';

const KIND = 'carnival';
const APPLY_KEY = 'apply';
const FANS_SHOWN = 10;

const alreadyApplied = (activityId: number) => new BusinessError('carnivalAlreadyApplied', `you applied to carnival ${activityId} already`);

/** The carnival page: config field for field, videos, stars with their votes, the fans rank, the member's state. */
export async function carnivalInfoOf(db: Database, siteId: number, activityId: number, memberId: number | null, now: Date) {
  const activity = await visibleActivity(db, siteId, activityId, KIND);
  const rules = carnivalConfigOf(activity.config);
  const votes = await db.query<{ star_id: string; votes: number }>('SELECT star_id, count(*)::int AS votes FROM campaign_votes WHERE activity_id = $1 GROUP BY star_id', [activity.id]);
  const byStar = new Map(votes.rows.map((row) => [row.star_id, row.votes]));
  const fans = await db.query<{ name: string; votes: number }>(
    `SELECT m.name, count(*)::int AS votes FROM campaign_votes v JOIN members m ON m.id = v.member_id WHERE v.activity_id = $1
      GROUP BY m.id, m.name ORDER BY count(*) DESC, min(v.voted_at), m.id LIMIT ${FANS_SHOWN}`,
    [activity.id],
  );
  let applied = false;
  let votedToday: string | null = null;
  if (memberId !== null) {
    applied = await hasClaim(db, activity.id, memberId, APPLY_KEY);
    const today = await db.query<{ star_id: string }>('SELECT star_id FROM campaign_votes WHERE activity_id = $1 AND member_id = $2 AND day = $3', [activity.id, memberId, beijingDay(now)]);
    votedToday = today.rows[0]?.star_id ?? null;
  }
  const detail = rules.activityCarnivalDetailConfig;
  return {
    ...campaignHead(activity, now),
    config: {
      activityCarnivalDetailConfig: detail,
      baseConfig: rules.baseConfig,
      activityCarnivalConfig: { ...rules.activityCarnivalConfig, activityId: activity.id, id: activity.id },
      list: rules.list,
    },
    carnivalVideos: rules.carnivalVideos,
    stars: rules.stars.map((star) => ({ ...star, votes: byStar.get(star.id) ?? 0 })),
    fansRank: fans.rows.map((row, index) => ({ rank: index + 1, name: maskedName(row.name), votes: row.votes })),
    applyRewardMinor: rules.applyRewardMinor,
    applied,
    votedToday,
    countdownSeconds: Math.max(0, Math.floor((Date.parse(detail.targetTime) - now.getTime()) / 1000)),
  };
}

/**
 * Step 1: may the member apply? The claim guard's checks (terms version, eligibility, rate,
 * caps, abuse rules) and the budget, in a transaction that always rolls back; 711 when applied.
 */
export async function carnivalApplyCheck(db: Database, siteId: number, memberId: number, activityId: number, termsVersion: number, now: Date) {
  let rewardMinor = 0;
  try {
    await db.transaction(async (tx) => {
      const activity = await liveActivity(tx, siteId, activityId, KIND, now);
      rewardMinor = carnivalConfigOf(activity.config).applyRewardMinor;
      if (await hasClaim(tx, activity.id, memberId, APPLY_KEY)) throw alreadyApplied(activity.id);
      await checkClaim(tx, activity, memberId, now, { termsVersion, amountMinor: rewardMinor, claimKey: APPLY_KEY });
      if ((await budgetLeftMinor(tx, activity.id)) < rewardMinor) throw new BusinessError('activityBudgetSpent', 'the carnival\'s budget is spent');
      throw new CheckPassed();
    });
  } catch (error) {
    if (error instanceof CheckPassed) return { rewardMinor };
    throw error;
  }
  throw new Error('unreachable: the check always throws');
}

/** Step 2: applies and pays the reward from the budget, once (711 when applied before, whatever the idempotency key). */
export async function carnivalApply(db: Database, siteId: number, memberId: number, activityId: number, termsVersion: number, now: Date) {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, siteId, activityId, KIND, now);
    const rewardMinor = carnivalConfigOf(activity.config).applyRewardMinor;
    if (await hasClaim(tx, activity.id, memberId, APPLY_KEY)) throw alreadyApplied(activity.id);
    await checkClaim(tx, activity, memberId, now, { termsVersion, amountMinor: rewardMinor, claimKey: APPLY_KEY });
    const paid = await payReward(tx, { activity, memberId, claimKey: APPLY_KEY, amountMinor: rewardMinor, wallet: 'centre', termsVersion, now });
    // Two applications racing past the first look: the member's lock lets one pay; the other finds it paid.
    if (!paid.fresh) throw alreadyApplied(activity.id);
    return { rewardMinor: paid.amountMinor, wallet: 'centre' as const };
  });
}

/** The european vote: one vote a Beijing day for a star of the carnival, while voting is switched on. */
export async function carnivalVote(db: Database, siteId: number, memberId: number, activityId: number, starId: string, now: Date) {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, siteId, activityId, KIND, now);
    const rules = carnivalConfigOf(activity.config);
    if (rules.activityCarnivalConfig.voteSwitch !== 1) throw new BusinessError('carnivalVoteClosed', 'voting is switched off');
    if (!rules.stars.some((star) => star.id === starId)) throw new BusinessError('carnivalStarUnknown', `no star ${starId}`);
    const inserted = await tx.query(
      'INSERT INTO campaign_votes (activity_id, member_id, day, star_id, voted_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING star_id',
      [activity.id, memberId, beijingDay(now), starId, now],
    );
    if (inserted.rows.length === 0) throw new BusinessError('carnivalAlreadyVoted', `one vote a day (Beijing time): you voted on ${beijingDay(now)}`);
    const { rows } = await tx.query<{ votes: number }>('SELECT count(*)::int AS votes FROM campaign_votes WHERE activity_id = $1 AND star_id = $2', [activity.id, starId]);
    return { starId, votes: rows[0]!.votes };
  });
}
