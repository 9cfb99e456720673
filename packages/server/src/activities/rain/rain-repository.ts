import { commitRound, fairSplit, revealIfClosed, roundSeed } from '../draws/index.js';
import type { Database, Queryable } from '../../db/database.js';
import type { Activity } from '../engine/index.js';
import type { RainConfig } from './config.js';
import type { SessionWindow } from './schedule.js';

/** The fairness round of a session, and its client seed (the split is the HMAC of seed, client seed and nonce 0). */
export const rainRoundKey = (sessionKey: number) => `rain:${sessionKey}`;
export const rainClientSeed = (activityId: number, sessionKey: number) => `a${activityId}-rain-${sessionKey}`;

/** A stored session with its packets left and its commitment. */
export interface StoredSession {
  key: number;
  opensAt: Date;
  closesAt: Date;
  budgetMinor: number;
  packetCount: number;
  minPacketMinor: number;
  grabsPerMember: number;
  packetsLeft: number;
  seedHash: string;
}

interface SessionRow {
  session_key: string | number; opens_at: Date; closes_at: Date; budget_minor: string | number; packet_count: number; min_packet_minor: string | number; grabs_per_member: number;
  packets_left: string | number; seed_hash: string | null;
}

const sessionOf = (row: SessionRow): StoredSession => ({
  key: Number(row.session_key), opensAt: row.opens_at, closesAt: row.closes_at, budgetMinor: Number(row.budget_minor), packetCount: row.packet_count, minPacketMinor: Number(row.min_packet_minor),
  grabsPerMember: row.grabs_per_member, packetsLeft: Number(row.packets_left), seedHash: row.seed_hash ?? '',
});

const SESSION_SELECT = `SELECT s.session_key, s.opens_at, s.closes_at, s.budget_minor, s.packet_count, s.min_packet_minor, s.grabs_per_member,
    (SELECT count(*) FROM promo_rain_packets p WHERE p.activity_id = s.activity_id AND p.session_key = s.session_key AND p.member_id IS NULL) AS packets_left,
    r.seed_hash
  FROM promo_rain_sessions s LEFT JOIN promo_fair_rounds r ON r.activity_id = s.activity_id AND r.round_key = 'rain:' || s.session_key`;

/** One stored session, or undefined when it was never written. */
export async function storedSession(q: Queryable, activityId: number, sessionKey: number): Promise<StoredSession | undefined> {
  const { rows } = await q.query<SessionRow>(`${SESSION_SELECT} WHERE s.activity_id = $1 AND s.session_key = $2`, [activityId, sessionKey]);
  return rows[0] ? sessionOf(rows[0]) : undefined;
}

/**
 * Writes a session before it opens, once: commits its fairness round (the seed hash is public
 * from now on), splits the session budget into packets from the committed seed (amounts add up
 * exactly to the budget) and stores them. A second writer of the same session waits for the
 * first one's row and writes nothing. The config read at writing time holds for the whole session.
 *
 * @example await ensureSession(db, activity, config, { key, opensAt, closesAt }, now);
 */
export async function ensureSession(db: Database, activity: Pick<Activity, 'id'>, config: RainConfig, window: SessionWindow, now: Date): Promise<void> {
  const exists = await db.query('SELECT 1 FROM promo_rain_sessions WHERE activity_id = $1 AND session_key = $2', [activity.id, window.key]);
  if (exists.rows.length > 0) return;
  await db.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO promo_rain_sessions (activity_id, session_key, opens_at, closes_at, budget_minor, packet_count, min_packet_minor, grabs_per_member, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING session_key`,
      [activity.id, window.key, window.opensAt, window.closesAt, config.sessionBudgetMinor, config.packetsPerSession, config.minPacketMinor, config.grabsPerMember, now],
    );
    if (inserted.rows.length === 0) return;
    const roundKey = rainRoundKey(window.key);
    await commitRound(tx, { activityId: activity.id, roundKey, opensAt: window.opensAt, closesAt: window.closesAt, committedAt: now });
    const round = await roundSeed(tx, activity.id, roundKey);
    const amounts = fairSplit(config.sessionBudgetMinor, config.packetsPerSession, config.minPacketMinor, {
      serverSeed: round!.serverSeed, clientSeed: rainClientSeed(activity.id, window.key), nonce: 0,
    });
    await tx.query(
      `INSERT INTO promo_rain_packets (activity_id, session_key, packet_no, amount_minor)
       SELECT $1, $2, (t.n - 1)::integer, t.amount FROM unnest($3::bigint[]) WITH ORDINALITY AS t(amount, n)`,
      [activity.id, window.key, amounts],
    );
  });
}

/** A stored session's grab limit, without counting its packets (the grab's read); undefined when never written. */
export async function sessionLimit(q: Queryable, activityId: number, sessionKey: number): Promise<{ grabsPerMember: number } | undefined> {
  const { rows } = await q.query<{ grabs_per_member: number }>('SELECT grabs_per_member FROM promo_rain_sessions WHERE activity_id = $1 AND session_key = $2', [activityId, sessionKey]);
  return rows[0] ? { grabsPerMember: rows[0].grabs_per_member } : undefined;
}

/** The member's packets in one session. */
export async function grabsInSession(q: Queryable, activityId: number, sessionKey: number, memberId: number): Promise<number> {
  const { rows } = await q.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM promo_rain_packets WHERE activity_id = $1 AND session_key = $2 AND member_id = $3',
    [activityId, sessionKey, memberId],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Takes the lowest unclaimed packet of the session for the member, inside `tx`: the row is
 * locked and rows other grabs hold are skipped (`FOR UPDATE SKIP LOCKED`), so concurrent
 * grabs never wait on each other and never take one packet twice. Undefined when none is free.
 */
export async function takePacket(tx: Queryable, activityId: number, sessionKey: number, memberId: number, now: Date): Promise<{ packetNo: number; amountMinor: number } | undefined> {
  const { rows } = await tx.query<{ packet_no: number; amount_minor: string | number }>(
    // An uncorrelated scalar subquery runs once (an InitPlan); a joined one may be rescanned per row and take several packets.
    `UPDATE promo_rain_packets SET member_id = $3, claimed_at = $4
      WHERE activity_id = $1 AND session_key = $2 AND member_id IS NULL
        AND packet_no = (SELECT packet_no FROM promo_rain_packets
                          WHERE activity_id = $1 AND session_key = $2 AND member_id IS NULL
                          ORDER BY packet_no LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING packet_no, amount_minor`,
    [activityId, sessionKey, memberId, now],
  );
  return rows[0] ? { packetNo: rows[0].packet_no, amountMinor: Number(rows[0].amount_minor) } : undefined;
}

/** The member's latest grabs of the activity, newest first. */
export async function grabsOf(q: Queryable, activityId: number, memberId: number, limit = 20) {
  const { rows } = await q.query<{ session_key: string | number; packet_no: number; amount_minor: string | number; claimed_at: Date }>(
    `SELECT session_key, packet_no, amount_minor, claimed_at FROM promo_rain_packets
      WHERE member_id = $2 AND activity_id = $1 ORDER BY claimed_at DESC, session_key DESC, packet_no DESC LIMIT $3`,
    [activityId, memberId, limit],
  );
  return rows.map((row) => ({ sessionKey: Number(row.session_key), packetNo: row.packet_no, amountMinor: Number(row.amount_minor), grabbedAt: row.claimed_at.toISOString() }));
}

/** The activity's latest sessions that have opened (and the next committed ones), newest first, closed ones revealed. */
export async function roundsOf(q: Queryable, activity: Pick<Activity, 'id'>, memberId: number | null, now: Date, limit = 10) {
  const { rows } = await q.query<SessionRow>(`${SESSION_SELECT} WHERE s.activity_id = $1 ORDER BY s.session_key DESC LIMIT $2`, [activity.id, limit]);
  const rounds = [];
  for (const session of rows.map(sessionOf)) {
    const round = await revealIfClosed(q, activity.id, rainRoundKey(session.key), now);
    const packets = await q.query<{ packet_no: number; amount_minor: string | number; member_id: string | number | null }>(
      'SELECT packet_no, amount_minor, member_id FROM promo_rain_packets WHERE activity_id = $1 AND session_key = $2 ORDER BY packet_no',
      [activity.id, session.key],
    );
    const revealed = round?.serverSeed ?? null;
    rounds.push({
      sessionKey: session.key, opensAt: session.opensAt.toISOString(), closesAt: session.closesAt.toISOString(), seedHash: round?.seedHash ?? '',
      serverSeed: revealed, clientSeed: rainClientSeed(activity.id, session.key), nonce: 0,
      totalMinor: session.budgetMinor, parts: session.packetCount, minEachMinor: session.minPacketMinor,
      packetsMinor: revealed ? packets.rows.map((row) => Number(row.amount_minor)) : [],
      myPacketNos: memberId === null ? [] : packets.rows.filter((row) => row.member_id !== null && Number(row.member_id) === memberId).map((row) => row.packet_no),
    });
  }
  return rounds;
}
