import type { SiteBaseConfig } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { brandVenues } from '../venues/venue-wallets.js';
import { writeVenueCatalogue } from './catalogue-repository.js';
import type { GameProvider, ProviderGame } from './game-provider.js';

/**
 * The catalogue sync (docs/GAMES.md, "Catalogue"): asks the game provider for the games of
 * every venue of every brand and writes them into `games`. A venue whose provider fails
 * keeps its catalogue as it was; a game the provider lists with bad fields is left out
 * (and, if it was listed before, hidden), never written half.
 */

/** How often each listening instance syncs the catalogue. */
export const CATALOGUE_SYNC_INTERVAL_MS = 5 * 60_000;

export interface VenueSyncResult {
  venueCode: string;
  ok: boolean;
  /** Games the provider listed and lobby accepted. */
  listed: number;
  /** Games hidden by this sync (no longer listed, or listed with bad fields). */
  hidden: number;
  /** Why the venue was not synced, or which games were refused. */
  error: string | null;
}

const CATEGORIES = new Set([1, 2, 3, 4, 5, 6, 7]);
const VOLATILITIES = new Set(['low', 'medium', 'high']);
const CODE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
// A same-origin path (not protocol-relative) or an inline image: the pages' CSP allows only these.
const IMAGE_PATTERN = /^(\/(?!\/)[^\s"'<>\\]{0,500}|data:image\/(png|jpeg|gif|webp|svg\+xml)[;,][^\s"'<>]{1,200000})$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const isName = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= 100 && !CONTROL.test(value);

/** Why a provider's game cannot enter the catalogue; undefined when it can. */
export function gameProblem(game: ProviderGame): string | undefined {
  if (typeof game.gameCode !== 'string' || !CODE_PATTERN.test(game.gameCode)) return 'gameCode';
  if (!isName(game.nameZh)) return 'nameZh';
  if (!isName(game.nameEn)) return 'nameEn';
  if (!CATEGORIES.has(game.category)) return 'category';
  if (typeof game.imageUrl !== 'string' || !IMAGE_PATTERN.test(game.imageUrl)) return 'imageUrl';
  if (!isName(game.studio)) return 'studio';
  if (!Number.isInteger(game.rtpBasisPoints) || game.rtpBasisPoints < 0 || game.rtpBasisPoints > 10_000) return 'rtpBasisPoints';
  if (!VOLATILITIES.has(game.volatility)) return 'volatility';
  for (const flag of ['demo', 'hot', 'maintenance'] as const) if (typeof game[flag] !== 'boolean') return flag;
  if (!(game.releasedAt instanceof Date) || Number.isNaN(game.releasedAt.getTime())) return 'releasedAt';
  return undefined;
}

/**
 * Syncs one venue: asks the provider, keeps the games it can accept (the first of a
 * repeated code), writes them in one transaction and hides the rest.
 */
export async function syncVenueCatalogue(db: Database, provider: GameProvider, venueCode: string, now: Date): Promise<VenueSyncResult> {
  let listed: ProviderGame[];
  try {
    listed = await provider.catalogue(venueCode);
    if (!Array.isArray(listed)) throw new Error('the provider answered no list');
  } catch (error) {
    return { venueCode, ok: false, listed: 0, hidden: 0, error: `provider: ${(error as Error).message}` };
  }
  const accepted = new Map<string, ProviderGame>();
  const refused: string[] = [];
  for (const game of listed) {
    const problem = gameProblem(game);
    if (problem) refused.push(`${String(game?.gameCode).slice(0, 64)} (${problem})`);
    else if (!accepted.has(game.gameCode)) accepted.set(game.gameCode, game);
  }
  const { hidden } = await db.transaction((tx) => writeVenueCatalogue(tx, venueCode, [...accepted.values()], now));
  return { venueCode, ok: true, listed: accepted.size, hidden, error: refused.length > 0 ? `refused games: ${refused.slice(0, 20).join(', ')}` : null };
}

/** Every venue code of every brand, once each, in a stable order. */
export async function allBrandVenueCodes(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ config: SiteBaseConfig }>('SELECT config FROM sites ORDER BY site_id');
  const codes = new Set<string>();
  for (const row of rows) for (const venue of brandVenues(row.config.venues)) codes.add(venue.code);
  return [...codes];
}

/**
 * Syncs the catalogue of every venue of every brand, one venue after another.
 *
 * @example const results = await syncCatalogue(db, app.gameProvider, new Date());
 */
export async function syncCatalogue(db: Database, provider: GameProvider, now: Date): Promise<VenueSyncResult[]> {
  const results: VenueSyncResult[] = [];
  for (const venueCode of await allBrandVenueCodes(db)) results.push(await syncVenueCatalogue(db, provider, venueCode, now));
  return results;
}
