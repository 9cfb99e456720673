import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../members/password.js';

/** Wrong withdrawal passwords allowed in a window before verification is refused (429). */
export const WITHDRAW_PASSWORD_TRIES = 5;
export const WITHDRAW_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

interface PasswordRow {
  password_hash: string;
  failed_count: number;
  failed_window_start: Date | null;
}

async function passwordRow(q: Queryable, memberId: number): Promise<PasswordRow | undefined> {
  const { rows } = await q.query<PasswordRow>('SELECT password_hash, failed_count, failed_window_start FROM withdraw_passwords WHERE member_id = $1 FOR UPDATE', [memberId]);
  return rows[0];
}

/** Whether the member has a withdrawal password. */
export async function hasWithdrawPassword(q: Queryable, memberId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM withdraw_passwords WHERE member_id = $1', [memberId]);
  return rows.length > 0;
}

/**
 * Stores the withdrawal password (the client's MD5 hex) as a salted scrypt hash, like the
 * login password; `replace` false refuses when one exists (withdrawPasswordAlreadySet).
 *
 * @example await storeWithdrawPassword(tx, memberId, md5Hex('123456'), false);
 */
export async function storeWithdrawPassword(q: Queryable, memberId: number, passwordMd5: string, replace: boolean): Promise<void> {
  const hash = await hashPassword(passwordMd5);
  const { rows } = await q.query(
    `INSERT INTO withdraw_passwords (member_id, password_hash) VALUES ($1, $2)
     ON CONFLICT (member_id) DO ${replace ? 'UPDATE SET password_hash = EXCLUDED.password_hash, failed_count = 0, failed_window_start = NULL, updated_at = now()' : 'NOTHING'}
     RETURNING member_id`,
    [memberId, hash],
  );
  if (rows.length === 0) throw new BusinessError('withdrawPasswordAlreadySet', 'a withdrawal password is already set; update or reset it');
}

/**
 * Checks the withdrawal password: refuses withdrawPasswordNotSet, or 429 after too many
 * wrong tries in the window; otherwise answers 'ok' or 'wrong'. With `countFailure` a
 * wrong try is counted; it answers instead of throwing so the caller can commit the
 * count before refusing with withdrawPasswordWrong.
 *
 * @example const verdict = await checkWithdrawPassword(tx, memberId, md5, Date.now(), true); // 'ok' | 'wrong'
 */
export async function checkWithdrawPassword(q: Queryable, memberId: number, passwordMd5: string, nowMs: number, countFailure: boolean): Promise<'ok' | 'wrong'> {
  const row = await passwordRow(q, memberId);
  if (!row) throw new BusinessError('withdrawPasswordNotSet', 'set a withdrawal password first');
  const windowOpen = windowOpenAt(row, nowMs);
  if (windowOpen && row.failed_count >= WITHDRAW_PASSWORD_TRIES) throw new BusinessError('tooManyRequests', 'too many wrong withdrawal passwords; try again in 15 minutes');
  if (await verifyPassword(passwordMd5, row.password_hash)) {
    if (row.failed_count > 0) await q.query('UPDATE withdraw_passwords SET failed_count = 0, failed_window_start = NULL WHERE member_id = $1', [memberId]);
    return 'ok';
  }
  if (countFailure) await countFailureOn(q, memberId, windowOpen, nowMs);
  return 'wrong';
}

/**
 * Counts one wrong withdrawal password toward the lockout (a new 15-minute window when
 * the last one is over). For refusals whose own transaction rolls back (withdrawal
 * request, USDT withdraw): see RecordedRefusal.
 *
 * @example throw new RecordedRefusal('withdrawPasswordWrong', 'wrong', (tx) => countWithdrawPasswordFailure(tx, memberId, nowMs));
 */
export async function countWithdrawPasswordFailure(q: Queryable, memberId: number, nowMs: number): Promise<void> {
  const row = await passwordRow(q, memberId);
  if (!row) return;
  await countFailureOn(q, memberId, windowOpenAt(row, nowMs), nowMs);
}

function windowOpenAt(row: PasswordRow, nowMs: number): boolean {
  return row.failed_window_start !== null && nowMs - row.failed_window_start.getTime() < WITHDRAW_PASSWORD_WINDOW_MS;
}

async function countFailureOn(q: Queryable, memberId: number, windowOpen: boolean, nowMs: number): Promise<void> {
  await q.query(
    `UPDATE withdraw_passwords SET failed_count = CASE WHEN $2 THEN failed_count + 1 ELSE 1 END,
       failed_window_start = CASE WHEN $2 THEN failed_window_start ELSE to_timestamp($3::float8 / 1000.0) END WHERE member_id = $1`,
    [memberId, windowOpen, nowMs],
  );
}

/** The member's login password hash, to reset a forgotten withdrawal password. */
export async function loginPasswordMatches(q: Queryable, memberId: number, passwordMd5: string): Promise<boolean> {
  const { rows } = await q.query<{ password_hash: string }>('SELECT password_hash FROM members WHERE id = $1', [memberId]);
  return rows[0] ? verifyPassword(passwordMd5, rows[0].password_hash) : false;
}
