import { PLAY_REVIEW_MONTHS, type PlayHistoryMonth, type PlaySession, type RealityCheckChoice, type RealityCheckInterval } from '@lobby/sdk';
import type { Database, Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { revokeOtherSessions } from '../../members/sessions.js';
import { lockMember } from '../member-lock.js';
import { beijingMonthAt } from '../../common/beijing-time.js';

/**
 * Play sessions, reality checks, the 12-month history and its review (issue 22, items 3
 * and 5; docs/RESPONSIBLE-PLAY.md "Sessions, reality checks and history").
 *
 * The play session is the member's login session (table `sessions`): it starts at login
 * and ends at logout, a reality check's stop, or expiry. With several live logins (devices)
 * it runs from the earliest, so a second login does not restart the clock. Times come from
 * the app clock.
 */

const MINUTE_MS = 60_000;

/** The member's play session at `at`, or null when no login is live. */
export async function currentPlaySession(q: Queryable, memberId: number, at: Date): Promise<{ sessionId: number; startedAt: Date } | null> {
  const { rows } = await q.query<{ id: string | number; created_at: Date }>(
    `SELECT id, created_at FROM sessions
      WHERE member_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND created_at <= $2
      ORDER BY created_at, id LIMIT 1`,
    [memberId, at],
  );
  const row = rows[0];
  return row ? { sessionId: Number(row.id), startedAt: new Date(row.created_at) } : null;
}

/** The member's session-time limit in minutes (R1's `rp_limits`, kind 'session'), or null. */
export async function sessionLimitMinutes(q: Queryable, memberId: number): Promise<number | null> {
  const { rows } = await q.query<{ value: string | number }>(`SELECT value FROM rp_limits WHERE member_id = $1 AND kind = 'session'`, [memberId]);
  return rows.length === 0 ? null : Math.min(...rows.map((row) => Number(row.value)));
}

/**
 * The refusal of play by the session-time limit: once the play session is longer than the
 * limit, or when a member with a limit has no live login (the clock cannot run without a
 * session). Null when the member set no limit. Called by the play guard in the money's
 * transaction (session-guard.ts).
 */
export async function sessionLimitRefusal(q: Queryable, memberId: number, at: Date): Promise<BusinessError | null> {
  const limit = await sessionLimitMinutes(q, memberId);
  if (limit === null) return null;
  const session = await currentPlaySession(q, memberId, at);
  if (!session) return new BusinessError('sessionTimeLimitReached', `session-time limit of ${limit} minutes: no live session; log in to play`);
  const elapsedMs = at.getTime() - session.startedAt.getTime();
  if (elapsedMs < limit * MINUTE_MS) return null;
  const minutes = Math.floor(elapsedMs / MINUTE_MS);
  return new BusinessError(
    'sessionTimeLimitReached',
    `session-time limit of ${limit} minutes reached: this session started at ${session.startedAt.toISOString()} and has lasted ${minutes} minutes; log out and log in again to start a new session`,
  );
}

/** Stakes and what they paid back for the member's bets placed in [from, to], every venue; void bets left out. */
export async function stakesAndWins(q: Queryable, memberId: number, from: Date, to: Date): Promise<{ stakesMinor: number; winsMinor: number; bets: number }> {
  const { rows } = await q.query<{ stakes: string | number; wins: string | number; bets: string | number }>(
    `SELECT coalesce(sum(stake), 0) AS stakes, coalesce(sum(wins), 0) AS wins, count(*) AS bets FROM (${BETS_SQL}) bets`,
    [memberId, from, to],
  );
  const row = rows[0]!;
  return { stakesMinor: Number(row.stakes), winsMinor: Number(row.wins), bets: Number(row.bets) };
}

/**
 * Every bet of member $1 placed in [$2, $3]: lobby's bet records (seamless venues, transfer
 * venues through the bet sync, settled sportsbook bets) and the sportsbook's bets the bet
 * sync has not brought yet (open ones count their stake, nothing back yet).
 */
const BETS_SQL = `
  SELECT stake_minor AS stake, payout_minor AS wins, placed_at FROM game_bets
   WHERE member_id = $1 AND placed_at >= $2 AND placed_at <= $3 AND status IN ('open', 'settled')
  UNION ALL
  SELECT b.stake_minor, CASE WHEN b.status IN ('settled', 'cashed_out') THEN coalesce(b.payout_minor, 0) ELSE 0 END, b.placed_at FROM sportsbook_bets b
   WHERE b.member_id = $1 AND b.placed_at >= $2 AND b.placed_at <= $3 AND b.status IN ('pending', 'open', 'settled', 'cashed_out')
     AND NOT EXISTS (SELECT 1 FROM game_bets g WHERE g.venue_code = b.venue_code AND g.provider_bet_id = b.bet_id)`;

interface Settings {
  intervalMinutes: RealityCheckInterval;
  setAt: Date | null;
}

async function settingsOf(q: Queryable, memberId: number): Promise<Settings> {
  const { rows } = await q.query<{ interval_minutes: number; set_at: Date }>('SELECT interval_minutes, set_at FROM rp_reality_check_settings WHERE member_id = $1', [memberId]);
  const row = rows[0];
  return row ? { intervalMinutes: row.interval_minutes as RealityCheckInterval, setAt: new Date(row.set_at) } : { intervalMinutes: 0, setAt: null };
}

/** When the next reality check of this session is due: one interval after the latest of the session's start, the interval's setting and the last answer. */
async function nextPromptAt(q: Queryable, memberId: number, session: { sessionId: number; startedAt: Date }, settings: Settings): Promise<Date | null> {
  if (settings.intervalMinutes === 0) return null;
  const { rows } = await q.query<{ at: Date | null }>('SELECT max(acknowledged_at) AS at FROM rp_reality_checks WHERE member_id = $1 AND session_id = $2', [memberId, session.sessionId]);
  const lastAnswer = rows[0]?.at ? new Date(rows[0].at).getTime() : 0;
  const anchor = Math.max(session.startedAt.getTime(), settings.setAt?.getTime() ?? 0, lastAnswer);
  return new Date(anchor + settings.intervalMinutes * MINUTE_MS);
}

/** Adds calendar months in UTC. */
function addMonths(at: Date, months: number): Date {
  const next = new Date(at.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** When the next 6-monthly review of the play history is due: 6 months after the last review, or after registration. */
export async function reviewDueAt(q: Queryable, memberId: number): Promise<Date> {
  const { rows } = await q.query<{ reviewed: Date | null; registered: Date }>(
    'SELECT (SELECT max(acknowledged_at) FROM rp_history_reviews WHERE member_id = $1) AS reviewed, created_at AS registered FROM members WHERE id = $1',
    [memberId],
  );
  const row = rows[0];
  if (!row) throw new BusinessError('invalidField', `member ${memberId} does not exist`);
  return addMonths(new Date(row.reviewed ?? row.registered), PLAY_REVIEW_MONTHS);
}

/** The member's play session now (elapsed, net result, next prompt, limit, review), or a 401-like refusal without a live login. */
export async function playSessionView(q: Queryable, memberId: number, now: Date): Promise<PlaySession> {
  const session = await currentPlaySession(q, memberId, now);
  if (!session) throw new BusinessError('tokenMissing', 'no live session: log in');
  const [settings, limit, money, reviewAt] = await Promise.all([
    settingsOf(q, memberId),
    sessionLimitMinutes(q, memberId),
    stakesAndWins(q, memberId, session.startedAt, now),
    reviewDueAt(q, memberId),
  ]);
  const next = await nextPromptAt(q, memberId, session, settings);
  const elapsedSeconds = Math.max(0, Math.floor((now.getTime() - session.startedAt.getTime()) / 1000));
  return {
    serverTime: now.toISOString(),
    startedAt: session.startedAt.toISOString(),
    elapsedSeconds,
    stakesMinor: money.stakesMinor,
    winsMinor: money.winsMinor,
    netMinor: money.winsMinor - money.stakesMinor,
    intervalMinutes: settings.intervalMinutes,
    nextPromptAt: next?.toISOString() ?? null,
    promptDue: next !== null && next.getTime() <= now.getTime(),
    sessionLimitMinutes: limit,
    sessionLimitReached: limit !== null && elapsedSeconds >= limit * 60,
    reviewDue: reviewAt.getTime() <= now.getTime(),
    reviewDueAt: reviewAt.toISOString(),
  };
}

/** Sets the member's reality-check interval; the next prompt is one interval from now. */
export async function setRealityCheckInterval(db: Database, memberId: number, intervalMinutes: RealityCheckInterval, now: Date): Promise<PlaySession> {
  await db.query(
    `INSERT INTO rp_reality_check_settings (member_id, interval_minutes, set_at) VALUES ($1, $2, $3)
     ON CONFLICT (member_id) DO UPDATE SET interval_minutes = EXCLUDED.interval_minutes, set_at = EXCLUDED.set_at`,
    [memberId, intervalMinutes, now],
  );
  return playSessionView(db, memberId, now);
}

export interface Acknowledgement {
  choice: RealityCheckChoice;
  loggedOut: boolean;
  elapsedSeconds: number;
  netMinor: number;
  nextPromptAt: string | null;
}

/**
 * Records the member's answer to a reality check with the elapsed time and net result it
 * was shown. Continue and history need a due prompt (realityCheckNotDue otherwise); stop is
 * taken at any time and ends every live login of the member. Serialised per member.
 */
export async function acknowledgeRealityCheck(db: Database, memberId: number, choice: RealityCheckChoice, now: Date): Promise<Acknowledgement> {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const view = await playSessionView(tx, memberId, now);
    if (choice !== 'stop' && !view.promptDue) throw new BusinessError('realityCheckNotDue', `no reality check is due: the next is ${view.nextPromptAt ?? 'off (no interval set)'}`);
    const session = (await currentPlaySession(tx, memberId, now))!;
    await tx.query(
      `INSERT INTO rp_reality_checks (member_id, session_id, session_started_at, due_at, choice, elapsed_seconds, net_minor, acknowledged_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [memberId, session.sessionId, session.startedAt, view.promptDue ? view.nextPromptAt : null, choice, view.elapsedSeconds, view.netMinor, now],
    );
    if (choice === 'stop') await revokeOtherSessions(tx, memberId, null);
    const settings = await settingsOf(tx, memberId);
    const next = choice === 'stop' ? null : await nextPromptAt(tx, memberId, session, settings);
    return { choice, loggedOut: choice === 'stop', elapsedSeconds: view.elapsedSeconds, netMinor: view.netMinor, nextPromptAt: next?.toISOString() ?? null };
  });
}

/** The first instant of the Beijing calendar month `monthsBack` months before the one holding `at`. */
function beijingMonthStart(at: Date, monthsBack: number): Date {
  return beijingMonthAt(at, -monthsBack).from;
}

function monthKey(start: Date): string {
  return beijingMonthAt(start).month;
}

const EMPTY = { depositsMinor: 0, depositsUsdtMinor: 0, depositCount: 0, withdrawalsMinor: 0, withdrawalsUsdtMinor: 0, withdrawalCount: 0, betCount: 0, stakesMinor: 0, winsMinor: 0, netMinor: 0 };

/**
 * The member's last 12 months (this month and the 11 before it, Beijing time), newest first,
 * with totals. Deposits count when completed, in the currency they were credited in;
 * withdrawals when a draw of theirs completed (money paid out and confirmed), in their
 * currency; refused and expired ones never count.
 */
export async function playHistoryOf(q: Queryable, memberId: number, now: Date) {
  const from = beijingMonthStart(now, 11);
  const month = `to_char((%s AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')`;
  const { rows } = await q.query<{ month: string; kind: string; amount: string | number; usdt: string | number; n: string | number; wins: string | number }>(
    `SELECT ${month.replace('%s', 'd.updated_at')} AS month, 'deposit' AS kind,
            coalesce(sum(d.amount_minor) FILTER (WHERE coalesce(u.credit_currency, 'CNY') = 'CNY'), 0) AS amount,
            coalesce(sum(u.credit_minor) FILTER (WHERE u.credit_currency = 'USDT'), 0) AS usdt, count(*) AS n, 0 AS wins
       FROM deposit_orders d LEFT JOIN usdt_deposit_orders u ON u.bill_no = d.bill_no
      WHERE d.member_id = $1 AND d.state = 104 AND d.updated_at >= $2 AND d.updated_at <= $3
      GROUP BY 1
     UNION ALL
     SELECT ${month.replace('%s', 'w.updated_at')}, 'withdrawal',
            coalesce(sum(w.amount_minor) FILTER (WHERE w.currency = 'CNY'), 0), coalesce(sum(w.amount_minor) FILTER (WHERE w.currency = 'USDT'), 0),
            count(DISTINCT w.order_bill_no), 0
       FROM withdrawal_draws w WHERE w.member_id = $1 AND w.state = 4015 AND w.updated_at >= $2 AND w.updated_at <= $3
      GROUP BY 1
     UNION ALL
     SELECT ${month.replace('%s', 'bets.placed_at')}, 'bet', sum(bets.stake), 0, count(*), sum(bets.wins)
       FROM (${BETS_SQL}) bets GROUP BY 1`,
    [memberId, from, now],
  );
  const months: PlayHistoryMonth[] = [];
  for (let back = 0; back < 12; back += 1) months.push({ month: monthKey(beijingMonthStart(now, back)), ...EMPTY });
  const byKey = new Map(months.map((row) => [row.month, row]));
  for (const row of rows) {
    const target = byKey.get(row.month);
    if (!target) continue;
    if (row.kind === 'deposit') Object.assign(target, { depositsMinor: Number(row.amount), depositsUsdtMinor: Number(row.usdt), depositCount: Number(row.n) });
    if (row.kind === 'withdrawal') Object.assign(target, { withdrawalsMinor: Number(row.amount), withdrawalsUsdtMinor: Number(row.usdt), withdrawalCount: Number(row.n) });
    if (row.kind === 'bet') Object.assign(target, { betCount: Number(row.n), stakesMinor: Number(row.amount), winsMinor: Number(row.wins), netMinor: Number(row.wins) - Number(row.amount) });
  }
  const totals: PlayHistoryMonth = { month: `${months.at(-1)!.month}`, ...EMPTY };
  for (const row of months) {
    for (const key of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) totals[key] += row[key];
  }
  const reviewAt = await reviewDueAt(q, memberId);
  return { months, totals, from: from.toISOString(), to: now.toISOString(), reviewDue: reviewAt.getTime() <= now.getTime(), reviewDueAt: reviewAt.toISOString() };
}

/** Records a review of the play history when one is due (playReviewNotDue otherwise); the next is 6 months later. */
export async function acknowledgeReview(db: Database, memberId: number, now: Date): Promise<{ reviewedAt: string; reviewDueAt: string }> {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const due = await reviewDueAt(tx, memberId);
    if (due.getTime() > now.getTime()) throw new BusinessError('playReviewNotDue', `the next play history review is due at ${due.toISOString()}`);
    await tx.query('INSERT INTO rp_history_reviews (member_id, due_at, acknowledged_at) VALUES ($1, $2, $3)', [memberId, due, now]);
    return { reviewedAt: now.toISOString(), reviewDueAt: addMonths(now, PLAY_REVIEW_MONTHS).toISOString() };
  });
}
