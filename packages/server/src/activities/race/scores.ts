import type { Queryable } from '../../db/database.js';
import type { ScoreMetric } from './config.js';

/**
 * Scores of a brand's members in a window, the same sources the engine's memberFacts reads:
 * turnover is the valid bet of settled game bets settled in the window; deposits are
 * deposit orders completed (state 104) in the window. Members on the promotion blacklist do
 * not score. Ties go to the lower member id (the earlier registration).
 */
export async function topScores(
  q: Queryable,
  input: { siteId: number; metric: ScoreMetric; from: Date; to: Date; minScoreMinor: number; limit: number },
): Promise<{ memberId: number; name: string; scoreMinor: number }[]> {
  const source = input.metric === 'turnover'
    ? `SELECT member_id, valid_bet_minor AS amount FROM game_bets WHERE status = 'settled' AND settled_at >= $2 AND settled_at < $3`
    : 'SELECT member_id, amount_minor AS amount FROM deposit_orders WHERE state = 104 AND updated_at >= $2 AND updated_at < $3';
  const { rows } = await q.query<{ member_id: string | number; name: string; score: string | number }>(
    `SELECT s.member_id, m.name, sum(s.amount) AS score
       FROM (${source}) s JOIN members m ON m.id = s.member_id
      WHERE m.site_id = $1 AND NOT EXISTS (SELECT 1 FROM promo_blacklist b WHERE b.member_id = m.id)
      GROUP BY s.member_id, m.name
     HAVING sum(s.amount) >= greatest($4::bigint, 1)
      ORDER BY score DESC, s.member_id ASC
      LIMIT $5`,
    [input.siteId, input.from, input.to, input.minScoreMinor, input.limit],
  );
  return rows.map((row) => ({ memberId: Number(row.member_id), name: row.name, scoreMinor: Number(row.score) }));
}

/** One member's score in a window (0 when none). */
export async function memberScore(q: Queryable, memberId: number, metric: ScoreMetric, window: { from: Date; to: Date }): Promise<number> {
  const sql = metric === 'turnover'
    ? "SELECT coalesce(sum(valid_bet_minor), 0) AS score FROM game_bets WHERE member_id = $1 AND status = 'settled' AND settled_at >= $2 AND settled_at < $3"
    : 'SELECT coalesce(sum(amount_minor), 0) AS score FROM deposit_orders WHERE member_id = $1 AND state = 104 AND updated_at >= $2 AND updated_at < $3';
  const { rows } = await q.query<{ score: string | number }>(sql, [memberId, window.from, window.to]);
  return Number(rows[0]?.score ?? 0);
}

/** A member name as a public board shows it: the first two characters, stars, the last one ('ab***z'). */
export function maskedName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}
