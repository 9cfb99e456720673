import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database, Queryable } from '../db/database.js';
import type { Clock } from '../http/pipeline.js';
import type { CaptchaChallenge, CaptchaProvider } from './captcha.js';

/** A challenge expires after 5 minutes. */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
const DIGITS = 4;

/**
 * The sandbox captcha: a real SVG image of 4 digits with noise lines and dots; answers
 * live in the database (so any instance can check them). Tests read an answer in process
 * with `answerOf`; browser tests through GET /sandbox/captcha/:id, served only while the
 * sandbox is on (LOBBY_SANDBOX is not 'off').
 */
export class SandboxCaptcha implements CaptchaProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async create(siteId: number): Promise<CaptchaChallenge> {
    const captchaId = randomBytes(12).toString('hex');
    const answer = Array.from({ length: DIGITS }, () => randomInt(10)).join('');
    const expiresAtMs = this.clock.now() + CAPTCHA_TTL_MS;
    await this.db.query(
      'INSERT INTO captcha_challenges (id, site_id, answer, expires_at) VALUES ($1, $2, $3, to_timestamp($4 / 1000.0))',
      [captchaId, siteId, answer, expiresAtMs],
    );
    const svg = drawDigits(answer);
    return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresAtMs };
  }

  async verify(captchaId: string, answer: string, options: { consume: boolean }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ answer: string }>(
        `SELECT answer FROM captcha_challenges
          WHERE id = $1 AND used_at IS NULL AND expires_at > to_timestamp($2 / 1000.0) FOR UPDATE`,
        [captchaId, this.clock.now()],
      );
      const expected = rows[0]?.answer;
      const right = expected !== undefined && sameText(expected, answer.trim());
      if (!right || options.consume) await tx.query('UPDATE captcha_challenges SET used_at = now() WHERE id = $1', [captchaId]);
      return right;
    });
  }

  async redraw(siteId: number, captchaId: string): Promise<CaptchaChallenge | undefined> {
    const answer = Array.from({ length: DIGITS }, () => randomInt(10)).join('');
    const { rows } = await this.db.query<{ expires_at: Date }>(
      `UPDATE captcha_challenges SET answer = $3
        WHERE id = $1 AND site_id = $2 AND used_at IS NULL AND expires_at > to_timestamp($4 / 1000.0) RETURNING expires_at`,
      [captchaId, siteId, answer, this.clock.now()],
    );
    if (!rows[0]) return undefined;
    const image = `data:image/svg+xml;base64,${Buffer.from(drawDigits(answer)).toString('base64')}`;
    return { captchaId, image, expiresAtMs: new Date(rows[0].expires_at).getTime() };
  }

  /** The answer of a live challenge: for tests only. */
  async answerOf(captchaId: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ answer: string }>('SELECT answer FROM captcha_challenges WHERE id = $1 AND used_at IS NULL', [
      captchaId,
    ]);
    return rows[0]?.answer;
  }
}

/** Draws the digits, each turned and shifted a little, over noise lines and dots. */
export function drawDigits(digits: string): string {
  const width = 120;
  const height = 40;
  const lines = Array.from({ length: 5 }, () => {
    const [x1, y1, x2, y2] = [randomInt(width), randomInt(height), randomInt(width), randomInt(height)];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${colour()}" stroke-width="1"/>`;
  });
  const dots = Array.from({ length: 30 }, () => `<circle cx="${randomInt(width)}" cy="${randomInt(height)}" r="1" fill="${colour()}"/>`);
  const glyphs = [...digits].map((digit, i) => {
    const x = 14 + i * 26 + randomInt(6);
    const y = 28 + randomInt(6);
    const angle = randomInt(41) - 20;
    return `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y})" font-family="monospace" font-size="24" font-weight="bold" fill="${colour()}">${digit}</text>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="100%" height="100%" fill="#f4f4f0"/>`,
    ...lines,
    ...glyphs,
    ...dots,
    '</svg>',
  ].join('');
}

function colour(): string {
  return `rgb(${randomInt(20, 160)},${randomInt(20, 160)},${randomInt(20, 160)})`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Deletes challenges that expired before `beforeMs` (housekeeping); answers how many went. */
export async function purgeCaptchas(db: Queryable, beforeMs: number): Promise<number> {
  return (await db.query('DELETE FROM captcha_challenges WHERE expires_at < to_timestamp($1 / 1000.0)', [beforeMs])).rowCount;
}
