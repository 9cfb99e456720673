import type { Queryable } from '../../db/database.js';

/**
 * The rolling windows of a member's play (issue 22; docs/RESPONSIBLE-PLAY.md "What counts"):
 * per window (the last 24 hours, 7 days, 1 month before the app clock's `at`) what the member
 * deposited, put into play, got back from play, and wagered, summed from the tables where the
 * money is recorded:
 * - deposits: `deposit_orders` from creation unless closed (103) or expired (105): an order
 *   pending payment or confirmation counts, so racing deposits never pass the limit together;
 * - put into play (loss) and wagered: a venue transfer in (`venue_transfers`, pending or
 *   completed: the money has left the centre wallet), a seamless bet taken (`seamless_transactions`
 *   bet debited, credited or settled; not refused or rolled back);
 * - put into play (loss) only: a coin purchase (`coin_orders`: money spent on anchor coins);
 * - got back (offsets loss): a completed venue transfer out, a seamless win (its row names no
 *   member: found through the member's rounds, `seamless_rounds`).
 * A transfer row written by the transaction that asks is the request itself (the transfer in
 * reserves its row before the guard runs), so it is left out: the guard weighs the request's
 * amount, not it twice.
 * Net loss is put into play minus got back (negative when the member is ahead); gross stakes
 * are the wager. A sportsbook stake comes out of the venue wallet, which a transfer in already
 * counted, so it is not counted twice (its door checks the stake limit and a reached window).
 */

export type Period = 'day' | 'week' | 'month';
export const PERIODS: readonly Period[] = ['day', 'week', 'month'];

/** What one window holds: sums in fen, and when the oldest counted entry of each leaves it. */
export interface WindowUse {
  period: Period;
  /** The window's start: `at` minus its length. */
  from: Date;
  depositMinor: number;
  putInMinor: number;
  gotBackMinor: number;
  /** Net loss: put in minus got back (negative when ahead). */
  lossMinor: number;
  wagerMinor: number;
  /** When the oldest counted deposit leaves the window (null when none counts). */
  depositResetsAt: Date | null;
  /** When the oldest counted money put into play leaves the window. */
  lossResetsAt: Date | null;
  wagerResetsAt: Date | null;
}

const HOUR_MS = 3_600_000;

/** The window's start for `at`: 24 hours, 7 days, or one calendar month (UTC) before. */
export function windowStart(period: Period, at: Date): Date {
  if (period === 'day') return new Date(at.getTime() - 24 * HOUR_MS);
  if (period === 'week') return new Date(at.getTime() - 7 * 24 * HOUR_MS);
  const start = new Date(at.getTime());
  start.setUTCMonth(start.getUTCMonth() - 1);
  return start;
}

/** When an entry made at `t` leaves a window of this period. */
export function leavesAt(period: Period, t: Date): Date {
  if (period === 'day') return new Date(t.getTime() + 24 * HOUR_MS);
  if (period === 'week') return new Date(t.getTime() + 7 * 24 * HOUR_MS);
  const end = new Date(t.getTime());
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

// One row per counted entry since the month's start: (t, deposit, put in, got back, wager).
const ENTRIES = `
  SELECT created_at AS t, amount_minor AS dep, 0::bigint AS put, 0::bigint AS back, 0::bigint AS wag
    FROM deposit_orders WHERE member_id = $1 AND created_at > $2 AND state IN (101, 102, 104)
  UNION ALL
  SELECT created_at, 0, CASE WHEN direction = 'in' THEN amount_minor ELSE 0 END, CASE WHEN direction = 'out' THEN amount_minor ELSE 0 END,
         CASE WHEN direction = 'in' THEN amount_minor ELSE 0 END
    FROM venue_transfers WHERE member_id = $1 AND created_at > $2
     AND ((direction = 'in' AND state IN ('pending', 'completed')) OR (direction = 'out' AND state = 'completed'))
     AND xmin IS DISTINCT FROM pg_current_xact_id_if_assigned()::xid
  UNION ALL
  SELECT created_at, 0, amount_minor, 0, amount_minor
    FROM seamless_transactions WHERE member_id = $1 AND created_at > $2 AND body_hash IS NOT NULL AND amount_minor > 0
     AND operation = 'bet' AND debit_state IN ('debited', 'credited', 'settled')
  UNION ALL
  SELECT w.created_at, 0, 0, w.amount_minor, 0
    FROM seamless_rounds r JOIN seamless_transactions w ON w.provider_id = r.provider_id AND w.round_id = r.round_id AND w.operation = 'win'
   WHERE r.member_id = $1 AND r.opened_at > $2::timestamptz - interval '1 day' AND w.created_at > $2
     AND w.body_hash IS NOT NULL AND w.amount_minor > 0 AND w.debit_state IS DISTINCT FROM 'refused'
  UNION ALL
  SELECT created_at, 0, money_minor, 0, 0 FROM coin_orders WHERE member_id = $1 AND created_at > $2`;

const columnsOf = (p: string) => `
  coalesce(sum(dep) FILTER (WHERE t > $${p}), 0) AS dep_${p}, coalesce(sum(put) FILTER (WHERE t > $${p}), 0) AS put_${p},
  coalesce(sum(back) FILTER (WHERE t > $${p}), 0) AS back_${p}, coalesce(sum(wag) FILTER (WHERE t > $${p}), 0) AS wag_${p},
  min(t) FILTER (WHERE t > $${p} AND dep > 0) AS dep_first_${p}, min(t) FILTER (WHERE t > $${p} AND put > 0) AS put_first_${p},
  min(t) FILTER (WHERE t > $${p} AND wag > 0) AS wag_first_${p}`;

// $2 month start, $3 week start, $4 day start.
const WINDOWS_SQL = `SELECT ${columnsOf('2')}, ${columnsOf('3')}, ${columnsOf('4')} FROM (${ENTRIES}) AS e`;

type Row = Record<string, string | number | Date | null>;
const num = (value: unknown) => Number(value ?? 0);
const time = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));

/** The member's three rolling windows at `at` (the app clock), in one read. */
export async function windowsOf(q: Queryable, memberId: number, at: Date): Promise<Record<Period, WindowUse>> {
  const starts = { month: windowStart('month', at), week: windowStart('week', at), day: windowStart('day', at) };
  const { rows } = await q.query<Row>(WINDOWS_SQL, [memberId, starts.month.toISOString(), starts.week.toISOString(), starts.day.toISOString()]);
  const row = rows[0] ?? {};
  const param: Record<Period, string> = { month: '2', week: '3', day: '4' };
  const use = (period: Period): WindowUse => {
    const p = param[period];
    const putIn = num(row[`put_${p}`]);
    const gotBack = num(row[`back_${p}`]);
    const first = (column: string) => {
      const t = time(row[`${column}_first_${p}`]);
      return t ? leavesAt(period, t) : null;
    };
    return {
      period,
      from: starts[period],
      depositMinor: num(row[`dep_${p}`]),
      putInMinor: putIn,
      gotBackMinor: gotBack,
      lossMinor: putIn - gotBack,
      wagerMinor: num(row[`wag_${p}`]),
      depositResetsAt: first('dep'),
      lossResetsAt: first('put'),
      wagerResetsAt: first('wag'),
    };
  };
  return { day: use('day'), week: use('week'), month: use('month') };
}
