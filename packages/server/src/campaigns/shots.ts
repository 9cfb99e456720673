/**
 * The football shot (issue 21; docs/CAMPAIGNS.md "Football shot"): a penalty against a keeper
 * whose dive is committed before the kick. Start commits a shot (a fresh 32-byte server seed,
 * its SHA-256 published); the kick picks left, centre or right; the keeper's dive is the sdk's
 * `pick([1, 1, 1])` over HMAC-SHA256(server seed, `${clientSeed}:${nonce}`) (the promotions'
 * primitive, docs/PROMO-FAIRNESS.md) and the seed is revealed with the result, so the member
 * recomputes it. A goal pays the prize from the budget (claim key `shot:<id>`). The demo is the
 * same game without an activity, a member or money.
 */
import { randomBytes } from 'node:crypto';
import type { ShotResult } from '@lobby/sdk';
import type { Database, Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { hitRates } from '../http/rate-limit.js';
import { checkClaim, liveActivity, payReward, visibleActivity } from '../activities/engine/index.js';
import { fairPick, seedHashOf } from '../activities/draws/fairness.js';
import { shotConfigOf } from '../activities/football/config.js';
import { beijingDay } from '../activities/sign-in/days.js';
import { campaignHead, lockKey } from './shared.js';

const KIND = 'football_shot';
/** Demo shots are kept this long, then deleted by the next demo start. */
const DEMO_KEPT_MS = 3_600_000;
/** Practice shots one device, and one IP address, may start an hour (our choice); more are tooManyRequests and write nothing. */
export const DEMO_SHOTS_PER_HOUR = { device: 60, ip: 240 } as const;
const KEEPER_WEIGHTS = [1, 1, 1] as const;

interface ShotRow {
  id: string | number; activity_id: number | null; member_id: string | number | null; day: string | null; nonce: number; client_seed: string; server_seed: string;
  seed_hash: string; direction: number | null; keeper: number | null; goal: boolean | null; prize_minor: string | number; kicked_at: Date | null;
}

type Direction = 0 | 1 | 2;

/** Where the keeper dives for these seeds (0 left, 1 centre, 2 right). */
export function keeperDive(serverSeed: string, clientSeed: string, nonce: number): Direction {
  return fairPick(KEEPER_WEIGHTS, { serverSeed, clientSeed, nonce }) as Direction;
}

function resultOf(row: ShotRow): ShotResult {
  return {
    roundId: Number(row.id), direction: row.direction as Direction, keeper: row.keeper as Direction, goal: row.goal === true, prizeMinor: Number(row.prize_minor),
    serverSeed: row.server_seed, seedHash: row.seed_hash, clientSeed: row.client_seed, nonce: row.nonce,
  };
}

async function kickedToday(q: Queryable, activityId: number, memberId: number, day: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM campaign_shots WHERE activity_id = $1 AND member_id = $2 AND day = $3 AND kicked_at IS NOT NULL', [activityId, memberId, day]);
  return rows[0]!.n;
}

/** The shot page: rules, shots left today and the member's latest kicked shots (seeds revealed). */
export async function shotInfoOf(db: Database, siteId: number, activityId: number, memberId: number | null, now: Date) {
  const activity = await visibleActivity(db, siteId, activityId, KIND);
  const config = shotConfigOf(activity.config);
  let shotsLeft = config.shotsPerDay;
  let myShots: ShotResult[] = [];
  if (memberId !== null) {
    shotsLeft = Math.max(0, config.shotsPerDay - (await kickedToday(db, activity.id, memberId, beijingDay(now))));
    const { rows } = await db.query<ShotRow>('SELECT * FROM campaign_shots WHERE activity_id = $1 AND member_id = $2 AND kicked_at IS NOT NULL ORDER BY id DESC LIMIT 20', [activity.id, memberId]);
    myShots = rows.map(resultOf);
  }
  return { ...campaignHead(activity, now), shotsPerDay: config.shotsPerDay, goalPrizeMinor: config.goalPrizeMinor, shotsLeft, myShots };
}

/** Commits the member's next shot; a shot committed and not yet kicked is answered again. */
export async function startShot(db: Database, siteId: number, memberId: number, activityId: number, now: Date) {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, siteId, activityId, KIND, now);
    const config = shotConfigOf(activity.config);
    await lockKey(tx, `shot:${activity.id}:member:${memberId}`);
    const day = beijingDay(now);
    const kicked = await kickedToday(tx, activity.id, memberId, day);
    const waiting = await tx.query<ShotRow>('SELECT * FROM campaign_shots WHERE activity_id = $1 AND member_id = $2 AND day = $3 AND kicked_at IS NULL ORDER BY id LIMIT 1', [activity.id, memberId, day]);
    const shotsLeftAfter = config.shotsPerDay - kicked - 1;
    const open = waiting.rows[0];
    if (open) return { roundId: Number(open.id), seedHash: open.seed_hash, clientSeed: open.client_seed, nonce: open.nonce, shotsLeft: Math.max(0, shotsLeftAfter) };
    if (kicked >= config.shotsPerDay) throw new BusinessError('shotsUsedUp', `${config.shotsPerDay} shots a day (Beijing time)`);
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM campaign_shots WHERE activity_id = $1 AND member_id = $2', [activity.id, memberId]);
    const nonce = rows[0]!.n + 1;
    const serverSeed = randomBytes(32).toString('hex');
    const clientSeed = `a${activity.id}-m${memberId}`;
    const inserted = await tx.query<{ id: string | number }>(
      `INSERT INTO campaign_shots (activity_id, member_id, day, nonce, client_seed, server_seed, seed_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [activity.id, memberId, day, nonce, clientSeed, serverSeed, seedHashOf(serverSeed), now],
    );
    return { roundId: Number(inserted.rows[0]!.id), seedHash: seedHashOf(serverSeed), clientSeed, nonce, shotsLeft: shotsLeftAfter };
  });
}

/**
 * Kicks a committed shot: under the member's lock, the engine's claim guard (terms, eligibility,
 * rate, caps, abuse rules), the keeper's committed dive, the prize paid on a goal. A refusal
 * (including a budget that cannot pay) writes nothing: the shot stays to kick.
 */
export async function kickShot(db: Database, siteId: number, memberId: number, input: { activityId: number; roundId: number; direction: Direction; termsVersion: number }, now: Date) {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, siteId, input.activityId, KIND, now);
    const config = shotConfigOf(activity.config);
    await lockKey(tx, `shot:${activity.id}:member:${memberId}`);
    const { rows } = await tx.query<ShotRow>('SELECT * FROM campaign_shots WHERE id = $1 AND activity_id = $2 AND member_id = $3 FOR UPDATE', [input.roundId, activity.id, memberId]);
    const row = rows[0];
    if (!row) throw new BusinessError('shotRoundNotFound', `no shot ${input.roundId} of yours in activity ${activity.id}`);
    if (row.kicked_at !== null) throw new BusinessError('shotRoundUsed', `shot ${input.roundId} was kicked`);
    const claimKey = `shot:${row.id}`;
    await checkClaim(tx, activity, memberId, now, { termsVersion: input.termsVersion, amountMinor: config.goalPrizeMinor, claimKey });
    const keeper = keeperDive(row.server_seed, row.client_seed, row.nonce);
    const goal = keeper !== input.direction;
    let prizeMinor = 0;
    if (goal) {
      const paid = await payReward(tx, {
        activity, memberId, claimKey, amountMinor: config.goalPrizeMinor, wallet: 'centre', termsVersion: input.termsVersion, now,
        detail: { fair: { seedHash: row.seed_hash, clientSeed: row.client_seed, nonce: row.nonce, rule: { kind: 'pick', weights: [...KEEPER_WEIGHTS] }, result: keeper }, direction: input.direction },
      });
      prizeMinor = paid.amountMinor;
    }
    const updated = await tx.query<ShotRow>(
      'UPDATE campaign_shots SET direction = $2, keeper = $3, goal = $4, prize_minor = $5, kicked_at = $6 WHERE id = $1 RETURNING *',
      [row.id, input.direction, keeper, goal, prizeMinor, now],
    );
    return resultOf(updated.rows[0]!);
  });
}

/**
 * Commits a practice shot (no activity, no member, no money); demo shots older than an hour
 * are deleted first. Anyone may call it, so the device and the IP address are limited
 * (DEMO_SHOTS_PER_HOUR, tooManyRequests) before anything is written.
 */
export async function startDemoShot(db: Database, visitor: { ip: string; deviceId: string }, now: Date) {
  const [byDevice, byIp] = await hitRates(db, [
    { key: `shot-demo:device:${visitor.deviceId}`, windowMs: 3_600_000 },
    { key: `shot-demo:ip:${visitor.ip}`, windowMs: 3_600_000 },
  ], now.getTime());
  if (byDevice! > DEMO_SHOTS_PER_HOUR.device || byIp! > DEMO_SHOTS_PER_HOUR.ip) {
    throw new BusinessError('tooManyRequests', `at most ${DEMO_SHOTS_PER_HOUR.device} practice shots an hour from one device (${DEMO_SHOTS_PER_HOUR.ip} from one address)`);
  }
  await db.query('DELETE FROM campaign_shots WHERE activity_id IS NULL AND created_at < $1', [new Date(now.getTime() - DEMO_KEPT_MS)]);
  const serverSeed = randomBytes(32).toString('hex');
  const clientSeed = `demo-${randomBytes(6).toString('hex')}`;
  const { rows } = await db.query<{ id: string | number }>(
    'INSERT INTO campaign_shots (nonce, client_seed, server_seed, seed_hash, created_at) VALUES (1, $1, $2, $3, $4) RETURNING id',
    [clientSeed, serverSeed, seedHashOf(serverSeed), now],
  );
  return { roundId: Number(rows[0]!.id), seedHash: seedHashOf(serverSeed), clientSeed, nonce: 1, shotsLeft: 1 };
}

/** Kicks a practice shot: the same committed dive, no money. */
export async function kickDemoShot(db: Database, input: { roundId: number; direction: Direction }, now: Date) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ShotRow>('SELECT * FROM campaign_shots WHERE id = $1 AND activity_id IS NULL FOR UPDATE', [input.roundId]);
    const row = rows[0];
    if (!row) throw new BusinessError('shotRoundNotFound', `no practice shot ${input.roundId}`);
    if (row.kicked_at !== null) throw new BusinessError('shotRoundUsed', `practice shot ${input.roundId} was kicked`);
    const keeper = keeperDive(row.server_seed, row.client_seed, row.nonce);
    const updated = await tx.query<ShotRow>(
      'UPDATE campaign_shots SET direction = $2, keeper = $3, goal = $4, kicked_at = $5 WHERE id = $1 RETURNING *',
      [row.id, input.direction, keeper, keeper !== input.direction, now],
    );
    return resultOf(updated.rows[0]!);
  });
}
