import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { CAPTCHA_TTL_MS } from '../captcha/sandbox-captcha.js';
import type { Clock } from '../http/pipeline.js';

/** A gee-test challenge lives this long. */
export const GEETEST_TTL_MS = 5 * 60_000;
/** The sandbox's gt (the site's public gee-test id). */
export const SANDBOX_GT = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export interface GeeTestRegistration {
  success: 0 | 1;
  gt: string;
  challenge: string;
  newCaptcha: boolean;
}

/**
 * The sandbox gee-test provider, behaving like the real service: each call waits 20 to
 * 120 ms, and about one register in ten fails (answered as gee-test's own fallback,
 * `success: 0`, after which no validate passes and the site uses the image captcha). A
 * solved challenge's `validate` is the MD5 of the challenge and a server secret; the
 * `seccode` is `validate|jordan`, as gee-test sends it. Tests set `failNext` or read a
 * solution with `solutionOf` (browser tests: GET /sandbox/geetest/:challenge).
 */
export class SandboxGeeTest {
  readonly name = 'sandbox-geetest';
  /** The next register fails (tests); otherwise 1 in `failOneIn` does. */
  failNext = false;
  failOneIn = 10;
  delayMsMax = 120;
  private readonly secret = randomBytes(16).toString('hex');

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  private async latency(): Promise<void> {
    if (this.delayMsMax > 0) await new Promise((resolve) => setTimeout(resolve, randomInt(Math.min(20, this.delayMsMax), this.delayMsMax + 1)));
  }

  async register(siteId: number): Promise<GeeTestRegistration> {
    await this.latency();
    const challenge = randomBytes(16).toString('hex');
    const fails = this.failNext || (this.failOneIn > 0 && randomInt(this.failOneIn) === 0);
    this.failNext = false;
    if (fails) return { success: 0, gt: SANDBOX_GT, challenge, newCaptcha: true };
    await this.db.query(
      'INSERT INTO geetest_challenges (challenge, site_id, validate, expires_at) VALUES ($1, $2, $3, to_timestamp($4 / 1000.0))',
      [challenge, siteId, md5(`${challenge}:${this.secret}`), this.clock.now() + GEETEST_TTL_MS],
    );
    return { success: 1, gt: SANDBOX_GT, challenge, newCaptcha: true };
  }

  /** Uses up a live challenge of the brand; true when `validate` and `seccode` solve it. */
  async validate(siteId: number, challenge: string, validate: string, seccode: string): Promise<boolean> {
    await this.latency();
    const { rows } = await this.db.query<{ validate: string }>(
      `UPDATE geetest_challenges SET used_at = to_timestamp($3 / 1000.0)
        WHERE challenge = $1 AND site_id = $2 AND used_at IS NULL AND expires_at > to_timestamp($3 / 1000.0) RETURNING validate`,
      [challenge, siteId, this.clock.now()],
    );
    const expected = rows[0]?.validate;
    return expected !== undefined && expected === validate && seccode === `${validate}|jordan`;
  }

  /** What the slider would send for a live challenge: for tests only. */
  async solutionOf(challenge: string): Promise<{ validate: string; seccode: string } | undefined> {
    const { rows } = await this.db.query<{ validate: string }>('SELECT validate FROM geetest_challenges WHERE challenge = $1 AND used_at IS NULL', [challenge]);
    return rows[0] && { validate: rows[0].validate, seccode: `${rows[0].validate}|jordan` };
  }

  /**
   * A captcha pass for the login and register calls after a solved slider: a challenge
   * of the image captcha's store with a known answer, accepted once by the captcha adapter.
   */
  async issuePass(siteId: number): Promise<{ captchaId: string; captchaCode: string }> {
    const captchaId = randomBytes(12).toString('hex');
    const captchaCode = randomBytes(4).toString('hex');
    await this.db.query('INSERT INTO captcha_challenges (id, site_id, answer, expires_at) VALUES ($1, $2, $3, to_timestamp($4 / 1000.0))', [
      captchaId, siteId, captchaCode, this.clock.now() + CAPTCHA_TTL_MS,
    ]);
    return { captchaId, captchaCode };
  }
}

const providers = new WeakMap<FastifyInstance, SandboxGeeTest>();

/** The app's gee-test provider (one per app). */
export function geeTestOf(app: FastifyInstance): SandboxGeeTest {
  let provider = providers.get(app);
  if (!provider) {
    provider = new SandboxGeeTest(app.lobby.db, app.lobby.providers.clock);
    providers.set(app, provider);
  }
  return provider;
}
