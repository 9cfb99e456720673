import { BEIJING_OFFSET_MS } from '../common/beijing-time.js';
import type { Database } from '../db/database.js';
import { ensureAccounts, createTransfer } from '../ledger/index.js';

/**
 * Yuebao (balance interest) settings and the daily accrual. The spec shows the fields,
 * not the numbers: every brand pays 3.65% a year until a back office sets otherwise.
 */
export const YUEBAO_SETTINGS = {
  /** Percent a year times 1e5 (the spec's rate precision): 3_65000 is 3.65%. */
  annualRatePercentE5: 3_65000,
  /** Days are counted in Beijing time (UTC+8), the brands' home time zone. */
  timeZoneOffsetMs: BEIJING_OFFSET_MS,
} as const;

const DAYS_PER_YEAR = 365n;
const PERCENT_E5 = 100n * 100_000n;

/**
 * One day's interest in fen on `balanceMinor`, rounded DOWN to the fen (the house never
 * pays a fraction; the remainder is not carried over). Integer math in BigInt, so no
 * balance overflows.
 *
 * @example dailyInterestMinor(10_000_00, 3_65000) // 100 (1.00 yuan a day on 10,000 yuan at 3.65%)
 */
export function dailyInterestMinor(balanceMinor: number, annualRatePercentE5: number): number {
  if (balanceMinor <= 0) return 0;
  return Number((BigInt(balanceMinor) * BigInt(annualRatePercentE5)) / (PERCENT_E5 * DAYS_PER_YEAR));
}

/** The calendar day (YYYY-MM-DD, Beijing time) of an instant, shifted by `dayOffset` days. */
export function yuebaoDay(nowMs: number, dayOffset = 0): string {
  return new Date(nowMs + YUEBAO_SETTINGS.timeZoneOffsetMs + dayOffset * 86_400_000).toISOString().slice(0, 10);
}

export interface AccrualRun {
  day: string;
  /** Members credited by this run (a member already accrued for the day is skipped). */
  members: number;
  interestMinor: number;
}

/**
 * Credits one day's interest to every yuebao wallet, from the house account, on the
 * balance held when the run happens. Idempotent per member per day: the accrual row
 * (primary key member and day) and the transfer reference `yeb_interest:<member>:<day>`
 * are written in one transaction, so a second run for the day credits nothing.
 *
 * @example await accrueYuebaoInterest(db, '2026-11-20'); // after the day has ended
 */
export async function accrueYuebaoInterest(db: Database, day: string, annualRatePercentE5: number = YUEBAO_SETTINGS.annualRatePercentE5): Promise<AccrualRun> {
  const { rows } = await db.query<{ member_id: number }>(
    `SELECT a.member_id FROM ledger_accounts a WHERE a.kind = 'yuebao' AND a.balance_minor > 0
     AND NOT EXISTS (SELECT 1 FROM yuebao_accruals y WHERE y.member_id = a.member_id AND y.accrual_date = $1::date) ORDER BY a.member_id`,
    [day],
  );
  const run: AccrualRun = { day, members: 0, interestMinor: 0 };
  for (const { member_id: memberId } of rows) {
    const credited = await accrueOne(db, Number(memberId), day, annualRatePercentE5);
    if (credited === null) continue;
    run.members += 1;
    run.interestMinor += credited;
  }
  return run;
}

async function accrueOne(db: Database, memberId: number, day: string, annualRatePercentE5: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [yuebao, house] = await ensureAccounts(tx, [
      { memberId, kind: 'yuebao', currency: 'CNY' },
      { memberId: null, kind: 'house', currency: 'CNY' },
    ]);
    const { rows } = await tx.query<{ balance_minor: number }>('SELECT balance_minor FROM ledger_accounts WHERE id = $1 FOR NO KEY UPDATE', [yuebao!.id]);
    const balanceMinor = Number(rows[0]!.balance_minor);
    const interestMinor = dailyInterestMinor(balanceMinor, annualRatePercentE5);
    const inserted = await tx.query(
      `INSERT INTO yuebao_accruals (member_id, accrual_date, balance_minor, interest_minor) VALUES ($1, $2::date, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [memberId, day, balanceMinor, interestMinor],
    );
    if (inserted.rows.length === 0) return null;
    if (interestMinor > 0) {
      await createTransfer(tx, {
        debitAccountId: house!.id, creditAccountId: yuebao!.id, amountMinor: interestMinor, currency: 'CNY',
        code: 'yuebao_interest', reference: `yeb_interest:${memberId}:${day}`,
      });
    }
    return interestMinor;
  });
}

/** What the revenue details need: yesterday's and all accrued interest of a member, in fen. */
export async function earningsOf(db: Database, memberId: number, yesterday: string): Promise<{ yesterdayMinor: number; cumulativeMinor: number }> {
  const { rows } = await db.query<{ yesterday: number; total: number }>(
    `SELECT coalesce(sum(interest_minor) FILTER (WHERE accrual_date = $2::date), 0)::bigint AS yesterday,
            coalesce(sum(interest_minor), 0)::bigint AS total FROM yuebao_accruals WHERE member_id = $1`,
    [memberId, yesterday],
  );
  return { yesterdayMinor: Number(rows[0]?.yesterday ?? 0), cumulativeMinor: Number(rows[0]?.total ?? 0) };
}
