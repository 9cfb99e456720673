import { STUDIO_GAMES, type StudioGame } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import type {
  BetRecordPage, GameProvider, LaunchAnswer, LaunchRequest, ProviderGame, RoundDetail,
} from '../games/game-provider.js';
import { BusinessError } from '../http/errors.js';
import { feedPage } from './bet-feed.js';
import { FaultQueues, StudioTimeoutError, sleep, type CallFault, type FeedFault, type QueuedFault, type StudioFaultTarget } from './faults.js';
import type { LobbyWallet } from './lobby-wallet.js';
import { finishRound, gameOf, type PlayContext } from './play-service.js';
import { openRounds, roundById } from './rounds-repository.js';
import { pairById } from './seed-pairs.js';
import { hashOf, openSession, type SessionWallet } from './sessions.js';
import type { StudioVenue, StudioVenueLookup } from './studio-venues.js';

/** The studio's name as members see it beside each game. */
export const STUDIO_NAME = 'Lobby Studio';
/** When the studio's catalogue was released; each later game of a category is a day newer. */
const CATALOGUE_RELEASED_MS = Date.UTC(2026, 10, 1);
/** Launch answers are remembered this long, so a duplicated launch gets the first answer. */
const LAUNCH_MEMORY_MS = 120_000;

export interface SandboxStudioOptions {
  db: Database;
  venues: StudioVenueLookup;
  /** Lobby's seamless wallet as the studio reaches it (made on first use). */
  lobby: () => LobbyWallet;
  now?: () => Date;
}

/**
 * The sandbox studio (docs/STUDIO.md): a game provider behind `GameProvider` that keeps its
 * own books in its own tables and transactions, as a remote studio would. Games come from
 * the sdk's STUDIO_GAMES; rounds are provably fair (the sdk's playRound); transfer venues
 * play against the sandbox venue wallets, seamless venues against lobby's seamless wallet.
 *
 * @example const studio = new SandboxStudio({ db, venues: brandVenueLookup(db), lobby: () => lobbyWalletOf(client) });
 */
export class SandboxStudio implements GameProvider {
  readonly faults = new FaultQueues();
  private readonly venueMaintenance = new Set<string>();
  private readonly gameMaintenance = new Set<string>();
  private readonly launches = new Map<string, { answer: LaunchAnswer; atMs: number }>();
  private readonly roundSources: ((venueCode: string, roundId: string) => Promise<RoundDetail | undefined>)[] = [];
  readonly db: Database;
  readonly now: () => Date;

  constructor(private readonly options: SandboxStudioOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
  }

  /** What the play service needs (lobby's wallet with the venue's seamless faults applied). */
  get play(): PlayContext {
    return { db: this.db, now: this.now, lobbyFor: (venueCode) => this.lobbyFor(venueCode) };
  }

  /** Queues a fault for the next `times` calls of a venue (see faults.ts). */
  failNext(target: StudioFaultTarget, venueCode: string, fault: QueuedFault<CallFault | FeedFault>, times = 1): void {
    this.faults.push(target, venueCode, fault, times);
  }

  /** Puts a venue, or one game of it, in or out of maintenance. */
  setMaintenance(venueCode: string, on: boolean, gameCode?: string): void {
    const set = gameCode === undefined ? this.venueMaintenance : this.gameMaintenance;
    const key = gameCode === undefined ? venueCode : `${venueCode}/${gameCode}`;
    if (on) set.add(key);
    else set.delete(key);
  }

  /** True while the venue (or the game at the venue) is in maintenance. */
  inMaintenance(venueCode: string, gameCode?: string): boolean {
    return this.venueMaintenance.has(venueCode) || (gameCode !== undefined && this.gameMaintenance.has(`${venueCode}/${gameCode}`));
  }

  /** The venue the studio serves, or BusinessError studioVenueUnknown. */
  async venue(venueCode: string): Promise<StudioVenue> {
    const venue = await this.options.venues(venueCode);
    if (!venue) throw new BusinessError('studioVenueUnknown', `venue: the studio serves no venue ${venueCode}`);
    return venue;
  }

  async catalogue(venueCode: string): Promise<ProviderGame[]> {
    const venue = await this.venue(venueCode);
    const games = STUDIO_GAMES.filter((game) => game.category === venue.category);
    return games.map((game, index) => this.providerGameOf(venueCode, game, index));
  }

  private providerGameOf(venueCode: string, game: StudioGame, index: number): ProviderGame {
    return {
      gameCode: game.code, nameZh: game.nameZh, nameEn: game.nameEn, category: game.category, imageUrl: game.imageUrl, studio: STUDIO_NAME,
      rtpBasisPoints: game.rtpBasisPoints, volatility: game.volatility, demo: game.demo, hot: index < 2,
      releasedAt: new Date(CATALOGUE_RELEASED_MS + index * 86_400_000), maintenance: this.inMaintenance(venueCode, game.code),
    };
  }

  async launch(request: LaunchRequest): Promise<LaunchAnswer> {
    const fault = this.faults.next<CallFault>('launch', request.venueCode);
    if (fault?.fault === 'delay') await sleep(fault.delayMs ?? 200);
    if (fault?.fault === 'fail') throw new BusinessError('studioLaunchRefused', 'the studio refused the launch (sandbox fault)');
    const answer = await this.launchOnce(request);
    if (fault?.fault === 'duplicate') return this.launchOnce(request);
    if (fault?.fault === 'lose') throw new StudioTimeoutError(`the launch of ${request.gameCode}`);
    return answer;
  }

  private async launchOnce(request: LaunchRequest): Promise<LaunchAnswer> {
    const tokenHash = request.launchToken ? hashOf(request.launchToken) : undefined;
    const remembered = tokenHash && this.launches.get(tokenHash);
    if (remembered && Date.now() - remembered.atMs < LAUNCH_MEMORY_MS) return remembered.answer;
    const venue = await this.venue(request.venueCode);
    const game = gameOf(request.gameCode);
    if (game.category !== venue.category) throw new BusinessError('studioGameUnknown', `game: ${game.code} is not a game of venue ${venue.code}`);
    if (this.inMaintenance(venue.code, game.code)) throw new BusinessError('studioMaintenance', `${venue.code}/${game.code} is in maintenance`);
    const language = request.language === 'en' ? 'en' : 'zh-CN';
    if (request.demo || request.memberId === null) {
      if (!game.demo) throw new BusinessError('studioDemoNotOffered', `game: ${game.code} has no demo play`);
      const session = await openSession(this.db, { memberId: null, venueCode: venue.code, gameCode: game.code, wallet: 'demo', language }, this.now());
      return { url: playUrlOf(game.code, session, language) };
    }
    const answer = await this.memberLaunch(request, venue, language);
    if (tokenHash) {
      this.launches.set(tokenHash, { answer, atMs: Date.now() });
      for (const [key, value] of this.launches) if (Date.now() - value.atMs >= LAUNCH_MEMORY_MS) this.launches.delete(key);
    }
    return answer;
  }

  /** A member's launch: lobby's token redeemed once (server to server), then a session bound to what the token names. */
  private async memberLaunch(request: LaunchRequest, venue: StudioVenue, language: 'zh-CN' | 'en'): Promise<LaunchAnswer> {
    if (!request.launchToken) throw new BusinessError('studioLaunchRefused', 'launchToken: required for a member launch');
    const identity = await this.lobbyFor(venue.code).authenticate(request.launchToken);
    if (!identity.ok) throw new BusinessError('studioLaunchRefused', `launchToken: ${identity.reason} (${identity.message})`, { reason: identity.reason });
    if (identity.memberId !== request.memberId || identity.venueCode !== venue.code || identity.gameCode !== request.gameCode) {
      throw new BusinessError('studioLaunchRefused', 'launchToken: issued for another member, venue or game');
    }
    const wallet: SessionWallet = venue.walletModel;
    const session = await openSession(
      this.db, { memberId: identity.memberId, venueCode: venue.code, gameCode: request.gameCode, wallet, language, launchTokenHash: hashOf(request.launchToken) }, this.now(),
    );
    const answer: LaunchAnswer = { url: playUrlOf(request.gameCode, session, language) };
    if (request.resume) {
      const open = await openRounds(this.db, { memberId: identity.memberId, venueCode: venue.code, gameCode: request.gameCode });
      const latest = open.at(-1);
      for (const round of open) await finishRound(this.play, round);
      if (latest) answer.resumedRoundId = latest.roundId;
    }
    return answer;
  }

  async betRecords(venueCode: string, cursor: string | null, limit: number): Promise<BetRecordPage> {
    const venue = await this.venue(venueCode);
    if (venue.walletModel !== 'transfer') return { records: [], nextCursor: cursor ?? '0', more: false };
    return feedPage(this.db, venueCode, cursor, limit, this.faults.next<FeedFault>('feed', venueCode), this.now());
  }

  /** Adds where rounds the studio does not keep in `studio_rounds` are found (the shared tables' rounds). */
  addRoundSource(source: (venueCode: string, roundId: string) => Promise<RoundDetail | undefined>): void {
    this.roundSources.push(source);
  }

  async roundDetail(venueCode: string, roundId: string): Promise<RoundDetail | undefined> {
    if (typeof roundId !== 'string' || roundId.length > 100) return undefined;
    const round = await roundById(this.db, roundId);
    if (!round || round.venueCode !== venueCode) {
      for (const source of this.roundSources) {
        const found = await source(venueCode, roundId);
        if (found) return found;
      }
      return undefined;
    }
    const pair = (await pairById(this.db, round.seedPairId))!;
    return {
      roundId: round.roundId, venueCode: round.venueCode, gameCode: round.gameCode, memberId: round.memberId, serverSeedHash: pair.serverSeedHash,
      serverSeed: pair.revealedAt ? pair.serverSeed : null, clientSeed: round.clientSeed, nonce: round.nonce, bet: round.bet,
      outcome: round.status === 'completed' ? round.outcome : null, stakeMinor: round.stakeMinor, payoutMinor: round.status === 'completed' ? round.payoutMinor : 0,
      status: round.status,
    };
  }

  /**
   * The stakes of a member's bets at a transfer venue taken from the venue balance but not
   * settled yet (shared-table bets waiting for their round), which the feed does not show
   * until they settle: the venue audit adds them to the venue balance.
   */
  async openStakesMinor(venueCode: string, memberId: number): Promise<number> {
    const { rows } = await this.db.query<{ open: string | number }>(
      `SELECT coalesce(sum(-s.amount_minor), 0) AS open FROM studio_wallet_moves s
       WHERE s.venue_code = $1 AND s.member_id = $2 AND s.kind = 'stake'
         AND NOT EXISTS (SELECT 1 FROM studio_wallet_moves e WHERE e.bet_id = s.bet_id AND e.kind IN ('payout', 'refund'))`,
      [venueCode, memberId],
    );
    return Number(rows[0]?.open ?? 0);
  }

  /** Deletes sessions that expired before `before` (their rounds and seeds stay for verification). */
  async purgeSessions(before: Date): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM studio_sessions WHERE expires_at < $1', [before]);
    return rowCount;
  }

  /** Drives every seamless round left open since before `before` to its end (credit owed: paid; debit unknown: rolled back). */
  async finishOpenRounds(before: Date): Promise<number> {
    const open = await openRounds(this.db, { before });
    let ended = 0;
    for (const round of open) if ((await finishRound(this.play, round)).status !== 'open') ended += 1;
    return ended;
  }

  /** Lobby's wallet for a venue's calls, with the venue's queued seamless faults applied to each call. */
  lobbyFor(venueCode: string): LobbyWallet {
    const lobby = this.options.lobby();
    const faulted = <A extends unknown[], R>(send: (...args: A) => Promise<R>, lost: () => R) => async (...args: A): Promise<R> => {
      const fault = this.faults.next<CallFault>('seamless', venueCode);
      if (fault?.fault === 'delay') await sleep(fault.delayMs ?? 200);
      if (fault?.fault === 'fail') return lost();
      const answer = await send(...args);
      if (fault?.fault === 'duplicate') return send(...args);
      if (fault?.fault === 'lose') return lost();
      return answer;
    };
    const lostCall = () => ({ ok: false as const, code: 'TIMEOUT' as const, message: 'the answer was lost (sandbox fault)' });
    return {
      authenticate: faulted((token: string) => lobby.authenticate(token), () => ({ ok: false as const, reason: 'unavailable' as const, message: 'the answer was lost (sandbox fault)' })),
      balance: faulted((memberId: number, code: string) => lobby.balance(memberId, code), lostCall),
      bet: faulted((request: Parameters<LobbyWallet['bet']>[0]) => lobby.bet(request), lostCall),
      win: faulted((request: Parameters<LobbyWallet['win']>[0]) => lobby.win(request), lostCall),
      rollback: faulted((request: Parameters<LobbyWallet['rollback']>[0]) => lobby.rollback(request), lostCall),
    };
  }
}

/** Where a session's game page runs (same origin as lobby). */
export function playUrlOf(gameCode: string, sessionId: string, language: 'zh-CN' | 'en'): string {
  return `/studio/play/${encodeURIComponent(gameCode)}?session=${encodeURIComponent(sessionId)}&lang=${language}`;
}
