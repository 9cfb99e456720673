import type { Queryable } from '../db/database.js';
import type { GameCategory, ProviderGame, Volatility } from './game-provider.js';

/**
 * The `games` catalogue (per venue code, copied from the providers) and the members'
 * favourites (`game_favourites`). docs/GAMES.md, "Catalogue".
 */

/** One game as lobby keeps it: the provider's listing, its venue, and whether the operator hid it. */
export interface CatalogueGame extends ProviderGame {
  venueCode: string;
  hidden: boolean;
}

/** A catalogue game in a member's list: whether the member collected it. */
export interface ListedGame extends CatalogueGame {
  favourite: boolean;
}

export type GameSort = 'hot' | 'new' | 'name';

/** What a list shows: the brand's venues, optional filters, a page. */
export interface GameQuery {
  /** The venues the list may show (the brand's, or one of them). */
  venueCodes: readonly string[];
  category?: number | undefined;
  hotOnly?: boolean;
  /** Part of a name, matched case-insensitively as plain text against name_zh and name_en. */
  keyword?: string | undefined;
  /** Only the member's favourites (requires memberId). */
  favouritesOnly?: boolean;
  /** Marks each game `favourite` for this member; null for a visitor. */
  memberId: number | null;
  sort: GameSort | 'collected';
  limit: number;
  offset: number;
}

/** The most favourites a member keeps (our choice; docs/GAMES.md). */
export const FAVOURITES_MAX = 500;

const COLUMNS = `g.venue_code, g.game_code, g.name_zh, g.name_en, g.category, g.image_url, g.studio, g.rtp_basis_points,
  g.volatility, g.demo, g.hot, g.released_at, g.maintenance, g.hidden`;

interface GameRow {
  venue_code: string;
  game_code: string;
  name_zh: string;
  name_en: string;
  category: number;
  image_url: string;
  studio: string;
  rtp_basis_points: number;
  volatility: Volatility;
  demo: boolean;
  hot: boolean;
  released_at: Date | string;
  maintenance: boolean;
  hidden: boolean;
  favourite?: boolean;
}

const gameOf = (row: GameRow): CatalogueGame => ({
  venueCode: row.venue_code,
  gameCode: row.game_code,
  nameZh: row.name_zh,
  nameEn: row.name_en,
  category: Number(row.category) as GameCategory,
  imageUrl: row.image_url,
  studio: row.studio,
  rtpBasisPoints: Number(row.rtp_basis_points),
  volatility: row.volatility,
  demo: row.demo,
  hot: row.hot,
  releasedAt: new Date(row.released_at),
  maintenance: row.maintenance,
  hidden: row.hidden,
});

/** A LIKE pattern that matches `text` as plain text anywhere (\, % and _ escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER_BY: Record<GameQuery['sort'], string> = {
  hot: 'g.hot DESC, g.released_at DESC, g.venue_code COLLATE "C", g.game_code COLLATE "C"',
  new: 'g.released_at DESC, g.venue_code COLLATE "C", g.game_code COLLATE "C"',
  name: 'lower(g.name_en) COLLATE "C", g.venue_code COLLATE "C", g.game_code COLLATE "C"',
  collected: 'f.added_at DESC, g.venue_code COLLATE "C", g.game_code COLLATE "C"',
};

/**
 * A page of the catalogue and the size of the whole list. Hidden games are never listed.
 *
 * @example const { games, total } = await queryGames(db, { venueCodes: ['LBSLOTS'], memberId: null, sort: 'hot', limit: 12, offset: 0 });
 */
export async function queryGames(db: Queryable, query: GameQuery): Promise<{ games: ListedGame[]; total: number }> {
  const params: unknown[] = [query.venueCodes, query.memberId];
  const where = ['NOT g.hidden', 'g.venue_code = ANY($1::text[])'];
  if (query.category !== undefined) where.push(`g.category = $${params.push(query.category)}`);
  if (query.hotOnly) where.push('g.hot');
  if (query.keyword !== undefined) {
    const p = params.push(containsPattern(query.keyword));
    where.push(`(g.name_zh ILIKE $${p} ESCAPE '\\' OR g.name_en ILIKE $${p} ESCAPE '\\')`);
  }
  const join = query.favouritesOnly || query.sort === 'collected' ? 'JOIN' : 'LEFT JOIN';
  const from = `FROM games g ${join} game_favourites f ON f.member_id = $2 AND f.venue_code = g.venue_code AND f.game_code = g.game_code
    WHERE ${where.join(' AND ')}`;
  const count = await db.query<{ total: string | number }>(`SELECT count(*) AS total ${from}`, params);
  const limit = params.push(query.limit);
  const offset = params.push(query.offset);
  const { rows } = await db.query<GameRow>(
    `SELECT ${COLUMNS}, (f.member_id IS NOT NULL) AS favourite ${from} ORDER BY ${ORDER_BY[query.sort]} LIMIT $${limit} OFFSET $${offset}`,
    params,
  );
  return { games: rows.map((row) => ({ ...gameOf(row), favourite: row.favourite === true })), total: Number(count.rows[0]?.total ?? 0) };
}

/** One game of the catalogue, hidden or not; undefined when never listed. */
export async function findGame(db: Queryable, venueCode: string, gameCode: string): Promise<CatalogueGame | undefined> {
  const { rows } = await db.query<GameRow>(`SELECT ${COLUMNS} FROM games g WHERE g.venue_code = $1 AND g.game_code = $2`, [venueCode, gameCode]);
  return rows[0] && gameOf(rows[0]);
}

/** Codes of the venues' listed games that the provider has in maintenance, by venue. */
export async function gamesInMaintenance(db: Queryable, venueCodes: readonly string[]): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ venue_code: string; game_code: string }>(
    `SELECT venue_code, game_code FROM games WHERE venue_code = ANY($1::text[]) AND maintenance AND NOT hidden
     ORDER BY venue_code COLLATE "C", game_code COLLATE "C"`,
    [venueCodes],
  );
  const byVenue = new Map<string, string[]>();
  for (const row of rows) byVenue.set(row.venue_code, [...(byVenue.get(row.venue_code) ?? []), row.game_code]);
  return byVenue;
}

/**
 * Adds a listed game to the member's favourites: true when it is a favourite afterwards,
 * 'full' when the member already keeps FAVOURITES_MAX. Collecting twice changes nothing.
 */
export async function addFavourite(db: Queryable, memberId: number, venueCode: string, gameCode: string, now: Date): Promise<true | 'full'> {
  const { rowCount } = await db.query(
    `INSERT INTO game_favourites (member_id, venue_code, game_code, added_at)
     SELECT $1, $2, $3, $4 WHERE (SELECT count(*) FROM game_favourites WHERE member_id = $1) < $5
     ON CONFLICT (member_id, venue_code, game_code) DO NOTHING`,
    [memberId, venueCode, gameCode, now, FAVOURITES_MAX],
  );
  if (rowCount > 0) return true;
  const { rows } = await db.query('SELECT 1 FROM game_favourites WHERE member_id = $1 AND venue_code = $2 AND game_code = $3', [memberId, venueCode, gameCode]);
  return rows.length > 0 ? true : 'full';
}

/** Removes a game from the member's favourites; removing one not collected changes nothing. */
export async function removeFavourite(db: Queryable, memberId: number, venueCode: string, gameCode: string): Promise<void> {
  await db.query('DELETE FROM game_favourites WHERE member_id = $1 AND venue_code = $2 AND game_code = $3', [memberId, venueCode, gameCode]);
}

/**
 * Writes one venue's catalogue as the provider lists it: inserts new games, updates the
 * rest (shown again if hidden), and hides the venue's games the provider no longer lists.
 * Answers how many games were hidden by this write. One transaction when `db` is one.
 */
export async function writeVenueCatalogue(db: Queryable, venueCode: string, games: readonly ProviderGame[], now: Date): Promise<{ hidden: number }> {
  const rows = games.map((game) => ({
    game_code: game.gameCode,
    name_zh: game.nameZh,
    name_en: game.nameEn,
    category: game.category,
    image_url: game.imageUrl,
    studio: game.studio,
    rtp_basis_points: game.rtpBasisPoints,
    volatility: game.volatility,
    demo: game.demo,
    hot: game.hot,
    released_at: game.releasedAt.toISOString(),
    maintenance: game.maintenance,
  }));
  if (rows.length > 0) {
    await db.query(
      `INSERT INTO games (venue_code, game_code, name_zh, name_en, category, image_url, studio, rtp_basis_points, volatility,
         demo, hot, released_at, maintenance, hidden, synced_at)
       SELECT $1, x.game_code, x.name_zh, x.name_en, x.category, x.image_url, x.studio, x.rtp_basis_points, x.volatility,
         x.demo, x.hot, x.released_at, x.maintenance, false, $3
       FROM jsonb_to_recordset($2::jsonb) AS x(game_code text, name_zh text, name_en text, category smallint, image_url text,
         studio text, rtp_basis_points integer, volatility text, demo boolean, hot boolean, released_at timestamptz, maintenance boolean)
       ON CONFLICT (venue_code, game_code) DO UPDATE SET
         name_zh = EXCLUDED.name_zh, name_en = EXCLUDED.name_en, category = EXCLUDED.category, image_url = EXCLUDED.image_url,
         studio = EXCLUDED.studio, rtp_basis_points = EXCLUDED.rtp_basis_points, volatility = EXCLUDED.volatility,
         demo = EXCLUDED.demo, hot = EXCLUDED.hot, released_at = EXCLUDED.released_at, maintenance = EXCLUDED.maintenance,
         hidden = false, synced_at = EXCLUDED.synced_at`,
      [venueCode, JSON.stringify(rows), now],
    );
  }
  const hidden = await db.query(
    'UPDATE games SET hidden = true, synced_at = $3 WHERE venue_code = $1 AND NOT hidden AND NOT (game_code = ANY($2::text[]))',
    [venueCode, games.map((game) => game.gameCode), now],
  );
  return { hidden: hidden.rowCount };
}
