import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { hitRate, peekRate, resetRate, type RateWindow } from '../http/rate-limit.js';
import type { CaptchaProvider } from '../captcha/captcha.js';

/**
 * Failed-login limits. Failures count per name (per site) and per client IP in fixed
 * 15-minute windows kept in the database. At 10 failures for a name, or 30 from an IP,
 * login answers HTTP 429 tooManyRequests until the window ends. From the brand's
 * `login_verify_trigger_times` failures for a name on, a captcha is required
 * (captchaRequired without one, captchaWrong for a wrong answer; each image takes one guess).
 * A successful login clears the name's count, not the IP's.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_FAILURES_PER_NAME_MAX = 10;
export const LOGIN_FAILURES_PER_IP_MAX = 30;

export interface LoginAttempt {
  siteId: number;
  name: string;
  ip: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

const nameWindow = (attempt: LoginAttempt): RateWindow => ({
  key: `login-fail:name:${attempt.siteId}:${attempt.name.toLowerCase()}`,
  windowMs: LOGIN_FAILURE_WINDOW_MS,
});
const ipWindow = (attempt: LoginAttempt): RateWindow => ({ key: `login-fail:ip:${attempt.ip}`, windowMs: LOGIN_FAILURE_WINDOW_MS });

/** Refuses an attempt over the limits, then demands a captcha after `captchaAfterFailures`. */
export async function admitLoginAttempt(
  db: Queryable,
  captcha: CaptchaProvider,
  attempt: LoginAttempt,
  captchaAfterFailures: number,
  nowMs: number,
): Promise<void> {
  const nameFailures = await peekRate(db, nameWindow(attempt), nowMs);
  const ipFailures = await peekRate(db, ipWindow(attempt), nowMs);
  if (nameFailures >= LOGIN_FAILURES_PER_NAME_MAX || ipFailures >= LOGIN_FAILURES_PER_IP_MAX) {
    throw new BusinessError('tooManyRequests', 'too many failed logins; try again in 15 minutes');
  }
  if (captchaAfterFailures > 0 && nameFailures >= captchaAfterFailures) await requireCaptcha(captcha, attempt);
}

/** Throws captchaRequired or captchaWrong unless the attempt carries a right answer (used up). */
export async function requireCaptcha(captcha: CaptchaProvider, attempt: Pick<LoginAttempt, 'captchaId' | 'captchaCode'>): Promise<void> {
  if (!attempt.captchaId || !attempt.captchaCode) throw new BusinessError('captchaRequired', 'enter the captcha');
  if (!(await captcha.verify(attempt.captchaId, attempt.captchaCode, { consume: true }))) {
    throw new BusinessError('captchaWrong', 'the captcha is wrong or expired; try a new one');
  }
}

/** Counts a failure for the name and the IP. */
export async function recordLoginFailure(db: Queryable, attempt: LoginAttempt, nowMs: number): Promise<void> {
  await hitRate(db, nameWindow(attempt), nowMs);
  await hitRate(db, ipWindow(attempt), nowMs);
}

/** Clears the name's failures after a successful login. */
export async function clearLoginFailures(db: Queryable, attempt: LoginAttempt): Promise<void> {
  await resetRate(db, nameWindow(attempt).key);
}
