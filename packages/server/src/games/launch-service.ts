import type { Database } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { assertMayPlay } from '../responsible/guard.js';
import type { VenueProvider } from '../venues/venue-provider.js';
import { venueOf, type VenueRef } from '../venues/venue-wallets.js';
import { findGame, type CatalogueGame } from './catalogue-repository.js';
import type { GameProvider, WalletModel } from './game-provider.js';
import { mintLaunchToken } from './launch-tokens.js';

/**
 * Game launch (docs/GAMES.md, "Launch"): checks the venue, the game and both maintenance
 * flags before anything is minted, then mints a one-time launch token and asks the
 * provider where the game runs. Demo play (freeavia) mints nothing.
 */

export interface LaunchInput {
  /** The brand's venues (site config). */
  venues: readonly VenueRef[];
  venueCode: string;
  gameCode: string;
  language: 'zh-CN' | 'en';
}

export interface LaunchOutcome {
  url: string;
  expiresAt: Date;
  walletModel: WalletModel;
  resumedRoundId: string | null;
}

/** The venue's wallet model: its `walletModel` in the brand's venue config, 'transfer' unless it says 'seamless'. */
export function walletModelOf(venue: VenueRef): WalletModel {
  return venue.walletModel === 'seamless' ? 'seamless' : 'transfer';
}

/**
 * The venue and game of a launch, or the refusal: venue not of the brand (venueNotFound),
 * game unknown or hidden (gameNotFound), venue in maintenance (venueMaintaining), game in
 * maintenance (gameMaintaining).
 */
export async function launchableGame(
  db: Database,
  venueProvider: VenueProvider,
  input: Pick<LaunchInput, 'venues' | 'venueCode' | 'gameCode'>,
): Promise<{ venue: VenueRef; game: CatalogueGame }> {
  const venue = venueOf(input.venues, input.venueCode);
  const game = await findGame(db, venue.code, input.gameCode);
  if (!game || game.hidden) throw new BusinessError('gameNotFound', `no game ${input.gameCode} at ${venue.code}`);
  if (await venueProvider.inMaintenance(venue.code)) throw new BusinessError('venueMaintaining', `${venue.code} Maintaining`);
  if (game.maintenance) throw new BusinessError('gameMaintaining', `${game.gameCode} is in maintenance`);
  return { venue, game };
}

async function askProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new BusinessError('gameLaunchFailed', `the game provider did not open the game: ${(error as Error).message}`.slice(0, 300));
  }
}

/**
 * Launches a game for a member: a fresh token (CNY, 120 s) bound to member, venue and game,
 * handed to the provider. `resume` asks the provider to resume the member's unfinished round.
 *
 * @example const { url } = await launchGame(db, app.venueProvider, app.gameProvider, { venues, venueCode: 'LBSLOTS', gameCode: 'fruit', language: 'en' }, memberId, false, new Date());
 */
export async function launchGame(
  db: Database,
  venueProvider: VenueProvider,
  provider: GameProvider,
  input: LaunchInput,
  memberId: number,
  resume: boolean,
  now: Date,
): Promise<LaunchOutcome> {
  const { venue, game } = await launchableGame(db, venueProvider, input);
  // Responsible play (issue 22): no game opens during a time-out, self-exclusion or over the session-time limit.
  await db.transaction((tx) => assertMayPlay(tx, { memberId, door: 'gameLaunch', amountMinor: 0, at: now }));
  const { token, expiresAt } = await mintLaunchToken(db, { memberId, venueCode: venue.code, gameCode: game.gameCode, currency: 'CNY' }, now);
  const answer = await askProvider(() =>
    provider.launch({
      venueCode: venue.code, gameCode: game.gameCode, memberId, currency: 'CNY', launchToken: token, language: input.language, demo: false, resume,
    }),
  );
  return { url: answer.url, expiresAt, walletModel: walletModelOf(venue), resumedRoundId: answer.resumedRoundId ?? null };
}

/** Demo play (freeavia) for a visitor or member: only games with `demo`; no token, no money. */
export async function launchDemo(db: Database, venueProvider: VenueProvider, provider: GameProvider, input: LaunchInput): Promise<{ url: string }> {
  const { venue, game } = await launchableGame(db, venueProvider, input);
  if (!game.demo) throw new BusinessError('gameDemoNotOffered', `${game.gameCode} has no free play`);
  const answer = await askProvider(() =>
    provider.launch({
      venueCode: venue.code, gameCode: game.gameCode, memberId: null, currency: 'CNY', launchToken: null, language: input.language, demo: true, resume: false,
    }),
  );
  return { url: answer.url };
}
