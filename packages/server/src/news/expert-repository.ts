import type { ExpertPick, NewsExpert, PickResult } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/** The picks an expert card shows. */
export const EXPERT_PICKS_SHOWN = 5;

interface ExpertRow {
  id: number;
  nameZh: string;
  nameEn: string;
  titleZh: string;
  titleEn: string;
  avatarUrl: string;
}

interface PickRow extends Omit<ExpertPick, 'startsAt' | 'pickedAt'> {
  expertId: number;
  marketId: string;
  selectionId: string;
  startsAt: Date;
  pickedAt: Date;
}

/** A pick as stored: the fixture's names as they were when picked. */
export type NewPick = Omit<ExpertPick, 'id' | 'result' | 'pickedAt'> & { expertId: number; marketId: string; selectionId: string; pickedAt: Date };

const PICK_COLUMNS = `id, expert_id AS "expertId", fixture_id AS "fixtureId", market_id AS "marketId", selection_id AS "selectionId",
  league_zh AS "leagueZh", league_en AS "leagueEn", home_zh AS "homeZh", home_en AS "homeEn", away_zh AS "awayZh", away_en AS "awayEn",
  starts_at AS "startsAt", market_zh AS "marketZh", market_en AS "marketEn", selection_zh AS "selectionZh", selection_en AS "selectionEn",
  odds, analysis, result, picked_at AS "pickedAt"`;

function pickOf(row: PickRow): ExpertPick {
  const { expertId: _expert, marketId: _market, selectionId: _selection, ...pick } = row;
  return { ...pick, startsAt: row.startsAt.toISOString(), pickedAt: row.pickedAt.toISOString() };
}

/** An expert of the brand, or undefined. */
export async function findExpert(q: Queryable, siteId: number, expertId: number): Promise<{ id: number } | undefined> {
  const { rows } = await q.query<{ id: number }>('SELECT id FROM news_experts WHERE id = $1 AND site_id = $2', [expertId, siteId]);
  return rows[0];
}

/** The brand of an expert, or undefined for an unknown one. */
export async function siteOfExpert(q: Queryable, expertId: number): Promise<number | undefined> {
  const { rows } = await q.query<{ siteId: number }>('SELECT site_id AS "siteId" FROM news_experts WHERE id = $1', [expertId]);
  return rows[0]?.siteId;
}

/** Stores a pick; a second pick of the expert on the same market replaces nothing and answers the first. */
export async function insertPick(q: Queryable, pick: NewPick): Promise<ExpertPick> {
  await q.query(
    `INSERT INTO news_expert_picks (expert_id, fixture_id, market_id, selection_id, league_zh, league_en, home_zh, home_en, away_zh, away_en,
       starts_at, market_zh, market_en, selection_zh, selection_en, odds, analysis, picked_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
     ON CONFLICT (expert_id, fixture_id, market_id) DO NOTHING`,
    [pick.expertId, pick.fixtureId, pick.marketId, pick.selectionId, pick.leagueZh, pick.leagueEn, pick.homeZh, pick.homeEn, pick.awayZh, pick.awayEn,
      pick.startsAt, pick.marketZh, pick.marketEn, pick.selectionZh, pick.selectionEn, pick.odds, pick.analysis, pick.pickedAt],
  );
  const { rows } = await q.query<PickRow>(`SELECT ${PICK_COLUMNS} FROM news_expert_picks WHERE expert_id = $1 AND fixture_id = $2 AND market_id = $3`, [
    pick.expertId, pick.fixtureId, pick.marketId,
  ]);
  return pickOf(rows[0]!);
}

/** Pending picks of a brand's experts (to settle from the feed's outcomes). */
export async function pendingPicks(q: Queryable, siteId: number): Promise<{ id: number; fixtureId: string; marketId: string; selectionId: string }[]> {
  const { rows } = await q.query<{ id: number; fixtureId: string; marketId: string; selectionId: string }>(
    `SELECT p.id, p.fixture_id AS "fixtureId", p.market_id AS "marketId", p.selection_id AS "selectionId"
       FROM news_expert_picks p JOIN news_experts e ON e.id = p.expert_id WHERE e.site_id = $1 AND p.result = 'pending'`,
    [siteId],
  );
  return rows;
}

/** Records a pick's result (only while it is pending, so a result is written once per settlement). */
export async function setPickResult(q: Queryable, pickId: number, result: PickResult): Promise<void> {
  await q.query('UPDATE news_expert_picks SET result = $2 WHERE id = $1 AND result IS DISTINCT FROM $2', [pickId, result]);
}

/** A brand's experts with their record and latest picks (open picks first). */
export async function expertsOf(q: Queryable, siteId: number): Promise<NewsExpert[]> {
  const experts = await q.query<ExpertRow>(
    `SELECT id, name_zh AS "nameZh", name_en AS "nameEn", title_zh AS "titleZh", title_en AS "titleEn", avatar_url AS "avatarUrl"
       FROM news_experts WHERE site_id = $1 ORDER BY sort, id`,
    [siteId],
  );
  const counts = await q.query<{ expertId: number; result: PickResult; n: number }>(
    `SELECT p.expert_id AS "expertId", p.result, count(*)::int AS n FROM news_expert_picks p JOIN news_experts e ON e.id = p.expert_id
      WHERE e.site_id = $1 GROUP BY p.expert_id, p.result`,
    [siteId],
  );
  const picks = await q.query<PickRow>(
    `SELECT * FROM (
       SELECT ${PICK_COLUMNS}, row_number() OVER (PARTITION BY expert_id ORDER BY (result = 'pending') DESC, picked_at DESC, id DESC) AS rank
         FROM news_expert_picks WHERE expert_id IN (SELECT id FROM news_experts WHERE site_id = $1)
     ) ranked WHERE rank <= $2 ORDER BY rank`,
    [siteId, EXPERT_PICKS_SHOWN],
  );
  return experts.rows.map((expert) => {
    const mine = counts.rows.filter((row) => row.expertId === expert.id);
    const count = (...results: PickResult[]) => mine.filter((row) => results.includes(row.result)).reduce((sum, row) => sum + row.n, 0);
    const won = count('won', 'half_won');
    const lost = count('lost', 'half_lost');
    return {
      ...expert,
      record: {
        picks: count('won', 'half_won', 'lost', 'half_lost', 'void', 'pending'),
        won,
        lost,
        void: count('void'),
        pending: count('pending'),
        winRateBasisPoints: won + lost === 0 ? 0 : Math.floor((won * 10_000) / (won + lost)),
      },
      picks: picks.rows.filter((row) => row.expertId === expert.id).map(({ rank: _rank, ...row }: PickRow & { rank?: number }) => pickOf(row)),
    };
  });
}

/** Expert picks on each of the fixtures (for the matches tab). */
export async function picksPerFixture(q: Queryable, siteId: number, fixtureIds: readonly string[]): Promise<Map<string, number>> {
  if (fixtureIds.length === 0) return new Map();
  const { rows } = await q.query<{ fixtureId: string; n: number }>(
    `SELECT p.fixture_id AS "fixtureId", count(*)::int AS n FROM news_expert_picks p JOIN news_experts e ON e.id = p.expert_id
      WHERE e.site_id = $1 AND p.fixture_id = ANY($2::text[]) GROUP BY p.fixture_id`,
    [siteId, fixtureIds],
  );
  return new Map(rows.map((row) => [row.fixtureId, row.n]));
}
