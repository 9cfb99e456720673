import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { hitRates, releaseRate, resetRate, type RateWindow } from '../http/rate-limit.js';
import type { CaptchaProvider } from '../captcha/captcha.js';

/**
 * Failed-login limits (docs/DECISIONS.md, "Login limits"), counted in fixed 15-minute
 * windows kept in the database:
 * - per name and client IP: at 10 failures that pair answers 429 until the window ends;
 * - per client IP, across names: at 30 failures that IP answers 429;
 * - per name, from any IP: from the brand's `login_verify_trigger_times` failures on (and
 *   from 10 on whatever the brand says) every attempt needs a right captcha, each image
 *   taking one guess. A name never locks: guesses from many IPs cost a captcha each, and
 *   the member still logs in from its own address.
 * Each attempt takes its slot in all three counters in one statement before the password
 * is checked, so a burst of attempts gets no more checks than the limits allow; an attempt
 * refused before the check gives its slots back, and a successful login clears the name's
 * and the pair's failures (not the IP's).
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_FAILURES_PER_NAME_AND_IP_MAX = 10;
export const LOGIN_FAILURES_PER_IP_MAX = 30;
/** The most failures a name takes without a captcha when the brand sets no lower trigger. */
export const LOGIN_FAILURES_PER_NAME_BEFORE_CAPTCHA_MAX = 10;

export interface LoginAttempt {
  siteId: number;
  name: string;
  ip: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

/** An attempt holding its slots in the failure counters until it fails, succeeds or is refused. */
export interface LoginSlot {
  attempt: LoginAttempt;
  atMs: number;
}

const failureWindow = (key: string): RateWindow => ({ key, windowMs: LOGIN_FAILURE_WINDOW_MS });
const nameWindow = (attempt: LoginAttempt) => failureWindow(`login-fail:name:${attempt.siteId}:${attempt.name.toLowerCase()}`);
const pairWindow = (attempt: LoginAttempt) =>
  failureWindow(`login-fail:name-ip:${attempt.siteId}:${attempt.name.toLowerCase()}:${attempt.ip}`);
const ipWindow = (attempt: LoginAttempt) => failureWindow(`login-fail:ip:${attempt.ip}`);

/** The failures a name takes before a captcha is required: the brand's trigger, at most 10. */
export function captchaAfterFailuresOf(brandTrigger: number): number {
  return brandTrigger > 0 ? Math.min(brandTrigger, LOGIN_FAILURES_PER_NAME_BEFORE_CAPTCHA_MAX) : LOGIN_FAILURES_PER_NAME_BEFORE_CAPTCHA_MAX;
}

/**
 * Takes the attempt's slot in the name, pair and IP counters, then refuses it over the
 * limits (429) or without a right captcha past `captchaAfterFailures` (giving the slots back).
 */
export async function reserveLoginAttempt(
  db: Queryable,
  captcha: CaptchaProvider,
  attempt: LoginAttempt,
  captchaAfterFailures: number,
  nowMs: number,
): Promise<LoginSlot> {
  const slot = { attempt, atMs: nowMs };
  const [nameCount, pairCount, ipCount] = await hitRates(db, [nameWindow(attempt), pairWindow(attempt), ipWindow(attempt)], nowMs);
  try {
    if (pairCount! > LOGIN_FAILURES_PER_NAME_AND_IP_MAX || ipCount! > LOGIN_FAILURES_PER_IP_MAX) {
      throw new BusinessError('tooManyRequests', 'too many failed logins; try again in 15 minutes');
    }
    if (nameCount! > captchaAfterFailures) await requireCaptcha(captcha, attempt);
  } catch (refusal) {
    await releaseLoginSlot(db, slot);
    throw refusal;
  }
  return slot;
}

/** Throws captchaRequired or captchaWrong unless the attempt carries a right answer (used up). */
export async function requireCaptcha(captcha: CaptchaProvider, attempt: Pick<LoginAttempt, 'captchaId' | 'captchaCode'>): Promise<void> {
  if (!attempt.captchaId || !attempt.captchaCode) throw new BusinessError('captchaRequired', 'enter the captcha');
  if (!(await captcha.verify(attempt.captchaId, attempt.captchaCode, { consume: true }))) {
    throw new BusinessError('captchaWrong', 'the captcha is wrong or expired; try a new one');
  }
}

/** Gives an attempt's slots back: it was refused before its password was checked. */
async function releaseLoginSlot(db: Queryable, { attempt, atMs }: LoginSlot): Promise<void> {
  for (const window of [nameWindow(attempt), pairWindow(attempt), ipWindow(attempt)]) await releaseRate(db, window, atMs);
}

/** After a successful login: clears the name's and the pair's failures, gives the IP slot back. */
export async function clearLoginFailures(db: Queryable, { attempt, atMs }: LoginSlot): Promise<void> {
  await resetRate(db, nameWindow(attempt).key);
  await resetRate(db, pairWindow(attempt).key);
  await releaseRate(db, ipWindow(attempt), atMs);
}
