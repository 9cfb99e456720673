import { RAIN_STATUS, type RainInfo } from '@lobby/sdk';
import type { Database } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { activityById, centreWalletOf, checkClaim, liveActivity, payReward, statusAt, visibleActivity, type Activity } from '../engine/index.js';
import { rainConfigOf } from './config.js';
import { ensureSession, grabsInSession, grabsOf, rainRoundKey, sessionLimit, storedSession, takePacket, type StoredSession } from './rain-repository.js';
import { sessionsAround, type SessionWindow } from './schedule.js';

const KIND = 'red_packet_rain';

/** Writes (and commits) the session open now and the next one, for a published rain inside its window. */
export async function prepareSessions(db: Database, activity: Activity, now: Date): Promise<{ current: SessionWindow | null; next: SessionWindow | null }> {
  const config = rainConfigOf(activity.config);
  const around = sessionsAround(activity, config, now);
  if (activity.state === 'published' && statusAt(activity, now) !== 2) {
    for (const window of [around.current, around.next]) if (window) await ensureSession(db, activity, config, window, now);
  }
  return around;
}

const wireSession = (session: StoredSession) => ({
  sessionKey: session.key, opensAt: session.opensAt.toISOString(), closesAt: session.closesAt.toISOString(), budgetMinor: session.budgetMinor,
  packetCount: session.packetCount, packetsLeft: session.packetsLeft, seedHash: session.seedHash,
});

/** A window not written yet (a paused rain): its figures from the config, nothing committed. */
const plannedSession = (window: SessionWindow, activity: Activity) => {
  const config = rainConfigOf(activity.config);
  return {
    sessionKey: window.key, opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString(), budgetMinor: config.sessionBudgetMinor,
    packetCount: config.packetsPerSession, packetsLeft: config.packetsPerSession, seedHash: '',
  };
};

/** The rain's page: status, countdown (whole seconds, rounded up), sessions and the member's grabs. */
export async function rainInfo(db: Database, siteId: number, activityId: number, memberId: number | null, now: Date): Promise<RainInfo> {
  const activity = await visibleActivity(db, siteId, activityId, KIND);
  const config = rainConfigOf(activity.config);
  const around = await prepareSessions(db, activity, now);
  const status = statusAt(activity, now);
  const read = async (window: SessionWindow | null) => {
    if (!window || status === 2) return null;
    const stored = await storedSession(db, activity.id, window.key);
    return stored ? wireSession(stored) : plannedSession(window, activity);
  };
  const current = activity.state === 'paused' ? null : await read(around.current);
  const next = await read(around.next);
  const rainStatus = current ? RAIN_STATUS.raining : next ? RAIN_STATUS.beforeOpening : RAIN_STATUS.ended;
  const target = current ? Date.parse(current.closesAt) : next ? Date.parse(next.opensAt) : now.getTime();
  return {
    activityId: activity.id, title: activity.title, status, rainStatus, startsAt: activity.startsAt.toISOString(), endsAt: activity.endsAt.toISOString(),
    termsText: activity.termsText, termsVersion: activity.termsVersion, serverTime: now.toISOString(),
    countdownSeconds: Math.max(0, Math.ceil((target - now.getTime()) / 1000)), current, next,
    grabsPerMember: config.grabsPerMember, packetsPerSession: config.packetsPerSession, sessionBudgetMinor: config.sessionBudgetMinor, wallet: config.wallet,
    gamePlatforms: (config.gamePlatforms ?? []).map((gamePlatform) => ({ gamePlatform })), appdownloadType: config.appdownloadType ?? 0,
    myGrabsThisSession: memberId !== null && current ? await grabsInSession(db, activity.id, current.sessionKey, memberId) : 0,
    myGrabs: memberId === null ? [] : await grabsOf(db, activity.id, memberId),
  };
}

/**
 * One grab, in one transaction: the rain must be live and a session open; the engine's claim
 * guard checks terms, eligibility, caps, shared identity and rate (and serialises the
 * member's claims on this activity); the member's grabs in the session must be under the
 * limit; the lowest free packet is taken and paid from the budget through payReward (claim key
 * `rain:<session>:<packet>`). Any refusal rolls everything back: the packet stays free.
 */
export async function grabPacket(db: Database, input: { siteId: number; activityId: number; memberId: number; termsVersion: number; now: Date }) {
  const { siteId, activityId, memberId, termsVersion, now } = input;
  const activity = await visibleActivity(db, siteId, activityId, KIND);
  const config = rainConfigOf(activity.config);
  const { current, next } = sessionsAround(activity, config, now);
  const notOpen = () => new BusinessError('rainNotOpen', next ? `the next session opens at ${next.opensAt.toISOString()}` : 'no session is left in this rain');
  // Before the first session the rain is not open yet; a paused or ended rain says so (liveActivity names why).
  if (activity.state === 'published' && statusAt(activity, now) === 0) throw notOpen();
  if (activity.state !== 'published' || statusAt(activity, now) !== 1) await liveActivity(db, siteId, activityId, KIND, now);
  if (!current) throw notOpen();
  await ensureSession(db, activity, config, current, now);
  return db.transaction(async (tx) => {
    const limit = await sessionLimit(tx, activity.id, current.key);
    if (!limit) throw new BusinessError('rainNotOpen', `session ${current.key} is not ready`);
    const session = { key: current.key, grabsPerMember: limit.grabsPerMember };
    // The guard re-reads the activity's state and terms under the member's lock (a pause since the read above refuses here).
    await checkClaim(tx, activity, memberId, now, {
      termsVersion, skipEligibility: !hasEligibilityRules(activity), rateLimit: { claims: Math.max(10, session.grabsPerMember), withinMs: 10_000 },
    });
    const mine = await grabsInSession(tx, activity.id, session.key, memberId);
    if (mine >= session.grabsPerMember) throw new BusinessError('rainGrabLimit', `at most ${session.grabsPerMember} packets per member in one session`);
    const packet = await takePacket(tx, activity.id, session.key, memberId, now);
    if (!packet) throw new BusinessError('rainPacketsGone', `every packet of session ${session.key} is taken`);
    const paid = await payReward(tx, {
      activity, memberId, claimKey: `rain:${session.key}:${packet.packetNo}`, amountMinor: packet.amountMinor, wallet: centreWalletOf(activity), termsVersion, now,
      detail: { sessionKey: session.key, packetNo: packet.packetNo, roundKey: rainRoundKey(session.key) },
    });
    return { sessionKey: session.key, packetNo: packet.packetNo, amountMinor: paid.amountMinor, wallet: paid.wallet, grabsLeft: session.grabsPerMember - mine - 1 };
  });
}

/** Whether the activity sets any eligibility condition; without one a grab skips reading the member's facts (the guard still checks brand and blacklist). */
function hasEligibilityRules(activity: Activity): boolean {
  const rules = activity.eligibility;
  return (rules.minDepositMinor ?? 0) > 0 || (rules.minTurnoverMinor ?? 0) > 0 || (rules.minVipLevel ?? 0) > 0 || rules.registeredWithinDays !== undefined
    || rules.registeredBeforeStart === true || rules.requirePhone === true || rules.requireRealName === true;
}

/** Commits the next session of every published rain of every brand (the timer while listening: hashes go out before sessions open). */
export async function prepareAllRains(db: Database, now: Date): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    "SELECT id FROM promo_activities WHERE kind = $1 AND state = 'published' AND ends_at > $2 AND starts_at < $2::timestamptz + interval '1 day'",
    [KIND, now],
  );
  for (const { id } of rows) {
    const activity = await activityById(db, id);
    if (activity) await prepareSessions(db, activity, now);
  }
}
