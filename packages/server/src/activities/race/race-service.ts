import { CODE } from '@lobby/sdk';
import type { Database, Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { activityById, centreWalletOf, eligibilityProblem, payReward, statusAt, visibleActivity, type Activity } from '../engine/index.js';
import { raceConfigOf } from './config.js';
import { maskedName, memberScore, topScores } from './scores.js';

const KIND = 'race';

/** The race's scoring window: from its start to its end, or to when the operator ended it early. */
export function raceWindow(activity: Activity, now: Date): { from: Date; to: Date } {
  const endedEarly = activity.state === 'ended' && activity.updatedAt < activity.endsAt ? activity.updatedAt : activity.endsAt;
  const to = new Date(Math.min(endedEarly.getTime(), now.getTime()));
  return { from: activity.startsAt, to: to < activity.startsAt ? activity.startsAt : to };
}

/** A race is settled once its window has closed, unless it is a draft or held (paused) by the operator. */
const settleable = (activity: Activity, now: Date) => statusAt(activity, now) === 2 && activity.state !== 'draft' && activity.state !== 'paused';

/**
 * Settles a closed race, exactly once: under the activity's row lock, writes the final board
 * (ranks 1..prizes, members meeting the activity's eligibility at the close) and pays each
 * rank's prize from the budget through payReward with claim key `race:rank`. A second caller
 * finds the settlement and does nothing. Answers whether the race is settled.
 *
 * @example await settleRace(db, activity, now);
 */
export async function settleRace(db: Database, activity: Activity, now: Date): Promise<boolean> {
  if (!settleable(activity, now)) return false;
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM promo_activities WHERE id = $1 FOR UPDATE', [activity.id]);
    const done = await tx.query('SELECT 1 FROM promo_race_settlements WHERE activity_id = $1', [activity.id]);
    if (done.rows.length > 0) return true;
    const config = raceConfigOf(activity.config);
    const wallet = centreWalletOf(activity);
    const window = raceWindow(activity, now);
    await tx.query('INSERT INTO promo_race_settlements (activity_id, settled_at) VALUES ($1, $2)', [activity.id, now]);
    // Read more than the prized ranks: an ineligible member drops out and the next moves up.
    const candidates = await topScores(tx, { siteId: activity.siteId, metric: config.metric, ...window, minScoreMinor: config.minScoreMinor, limit: config.prizesMinor.length * 3 });
    let rank = 0;
    for (const candidate of candidates) {
      if (rank >= config.prizesMinor.length) break;
      if ((await eligibilityProblem(tx, activity, candidate.memberId, window.to)) !== null) continue;
      const prizeMinor = config.prizesMinor[rank]!;
      rank += 1;
      await tx.query(
        'INSERT INTO promo_race_results (activity_id, rank, member_id, score_minor, prize_minor) VALUES ($1, $2, $3, $4, $5)',
        [activity.id, rank, candidate.memberId, candidate.scoreMinor, prizeMinor],
      );
      await payReward(tx, {
        activity, memberId: candidate.memberId, claimKey: 'race:rank', amountMinor: prizeMinor, wallet, termsVersion: activity.termsVersion, now,
        detail: { rank, scoreMinor: candidate.scoreMinor },
      });
    }
    return true;
  });
}

async function settledBoard(q: Queryable, activityId: number) {
  const { rows } = await q.query<{ rank: number; member_id: string | number; name: string; score_minor: string | number; prize_minor: string | number }>(
    `SELECT r.rank, r.member_id, m.name, r.score_minor, r.prize_minor FROM promo_race_results r JOIN members m ON m.id = r.member_id
      WHERE r.activity_id = $1 ORDER BY r.rank`,
    [activityId],
  );
  return rows.map((row) => ({ rank: row.rank, memberId: Number(row.member_id), name: row.name, scoreMinor: Number(row.score_minor), prizeMinor: Number(row.prize_minor) }));
}

/** The race's page: the live board while it runs, the final one (settled on this read if due) once it closed. */
export async function raceBoardOf(db: Database, siteId: number, activityId: number, memberId: number | null, now: Date) {
  const activity = await visibleActivity(db, siteId, activityId, KIND);
  const config = raceConfigOf(activity.config);
  const settled = await settleRace(db, activity, now).catch((error: unknown) => {
    // An under-funded budget, or a config naming the bonus wallet, leaves the race unsettled (the timer retries after the operator's fix); the board still shows.
    if (unsettledFor(error)) return false;
    throw error;
  });
  const window = raceWindow(activity, now);
  const rows = settled
    ? await settledBoard(db, activity.id)
    : (await topScores(db, { siteId, metric: config.metric, ...window, minScoreMinor: config.minScoreMinor, limit: config.boardSize }))
        .map((row, index) => ({ ...row, rank: index + 1, prizeMinor: config.prizesMinor[index] ?? 0 }));
  let me = null;
  if (memberId !== null) {
    const mine = rows.find((row) => row.memberId === memberId);
    const paid = settled ? (await db.query('SELECT 1 FROM promo_claims WHERE activity_id = $1 AND member_id = $2 AND claim_key = $3', [activity.id, memberId, 'race:rank'])).rows.length > 0 : false;
    me = { rank: mine?.rank ?? null, scoreMinor: mine?.scoreMinor ?? (await memberScore(db, memberId, config.metric, window)), prizeMinor: mine?.prizeMinor ?? 0, paid };
  }
  return {
    activityId: activity.id, title: activity.title, status: statusAt(activity, now), metric: config.metric, startsAt: activity.startsAt.toISOString(), endsAt: activity.endsAt.toISOString(),
    termsText: activity.termsText, termsVersion: activity.termsVersion, serverTime: now.toISOString(), prizesMinor: config.prizesMinor, minScoreMinor: config.minScoreMinor,
    wallet: config.wallet, settled, board: rows.map((row) => ({ rank: row.rank, name: maskedName(row.name), scoreMinor: row.scoreMinor, prizeMinor: row.prizeMinor })), me,
  };
}

/** The refusals that leave a race unsettled until the operator acts: a budget too small, or a config naming the bonus wallet (centreWalletOf). */
const unsettledFor = (error: unknown): error is BusinessError =>
  error instanceof BusinessError && (error.code === CODE.activityBudgetSpent || error.code === CODE.activityInvalid);

/**
 * Settles every closed, unsettled race of every brand (the timer while listening). A race
 * whose budget cannot pay its prizes, or whose config names the bonus wallet, stays
 * unsettled (`unpaid`, with the reason) and the others go on.
 */
export async function settleDueRaces(db: Database, now: Date, unpaid: (activityId: number, reason: string) => void = () => undefined): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT a.id FROM promo_activities a WHERE a.kind = $1 AND a.state IN ('published', 'ended') AND (a.ends_at <= $2 OR a.state = 'ended')
        AND NOT EXISTS (SELECT 1 FROM promo_race_settlements s WHERE s.activity_id = a.id) ORDER BY a.id LIMIT 50`,
    [KIND, now],
  );
  let settled = 0;
  for (const { id } of rows) {
    const activity = await activityById(db, id);
    try {
      if (activity && (await settleRace(db, activity, now))) settled += 1;
    } catch (error) {
      if (!unsettledFor(error)) throw error;
      unpaid(id, error.message);
    }
  }
  return settled;
}

/** For callers outside the race's routes: the engine's end of a race settles it first. */
export async function settleRaceById(db: Database, activityId: number, now: Date): Promise<boolean> {
  const activity = await activityById(db, activityId);
  if (!activity || activity.kind !== KIND) throw new BusinessError('activityNotFound', `no race ${activityId}`);
  return settleRace(db, activity, now);
}
