import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GameProvider } from '../games/game-provider.js';
import { routedGameProvider } from '../games/provider-router.js';
import { jsonOf } from '../http/body-parsers.js';
import { BusinessError } from '../http/errors.js';
import { SeamlessWalletClient, injectTransport, studioCredentialsOf } from '../seamless/index.js';
import { lobbyWalletOf } from './lobby-wallet.js';
import { playSessionRound } from './play-service.js';
import { roundViewOf, seedsViewOf, sessionInfo } from './play-views.js';
import { roundById, roundsOfOwner } from './rounds-repository.js';
import { studioSandboxDoors } from './sandbox-doors.js';
import { SandboxStudio } from './sandbox-studio.js';
import { CLIENT_SEED_PATTERN, rotatePair, seedOwnerOf, setClientSeed } from './seed-pairs.js';
import { sessionOf, type StudioSession } from './sessions.js';
import { brandVenueLookup } from './studio-venues.js';
import { studioPages } from './pages.js';
import { studioTableRoutes } from './tables/table-routes.js';
import { runWhileListening } from '../http/while-listening.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The game provider adapter (the sandbox studio unless a real aggregator is plugged in). */
    gameProvider: GameProvider;
    /** The sandbox studio, when it is the game provider (its play API, doors and shared tables reach it here). */
    studio: SandboxStudio;
  }
}

/** Header a game page sends its session id in (or `?session=`). */
export const STUDIO_SESSION_HEADER = 'x-studio-session';
/** How often each listening instance drives open seamless rounds to their end, and how old a round must be. */
export const STUDIO_SWEEP_INTERVAL_MS = 60_000;
/** Expired sessions are kept this long (a late page gets 'expired', not 'unknown'), then deleted. */
const SESSION_KEEP_MS = 24 * 3600_000;
/** History pages: at most this many rounds. */
const HISTORY_MAX = 50;

/**
 * The sandbox studio's route group (docs/STUDIO.md): sets `app.gameProvider` (unless one is
 * plugged in already) and serves the play API its game pages call under /studio/api/.
 * These are a third party's routes, not lobby contract calls: JSON envelopes, unsigned,
 * authorised by the studio session id alone.
 */
export function studioRoutes(app: FastifyInstance): void {
  const clock = app.lobby.providers.clock;
  const studio = new SandboxStudio({
    db: app.lobby.db,
    venues: brandVenueLookup(app.lobby.db, () => clock.now()),
    lobby: lobbyOnce(app),
    now: () => new Date(clock.now()),
  });
  app.decorate('studio', studio);
  if (!app.hasDecorator('gameProvider')) app.decorate('gameProvider', routedGameProvider(app, studio) as GameProvider);
  studioSandboxDoors(app, studio);
  sweepWhileListening(app, studio);
  const ok = (data: unknown) => ({ code: 0, msg: 'ok', data });
  const session = (request: FastifyRequest) => sessionOf(app.lobby.db, sessionIdOf(request), studio.now());
  studioTableRoutes(app, session);
  studioPages(app);
  const bodyOf = (request: FastifyRequest) => (jsonOf(request.body) ?? {}) as Record<string, unknown>;

  app.get('/studio/api/session', async (request) => ok(await sessionInfo(studio.play, await session(request))));

  app.post('/studio/api/rounds', async (request) => {
    const current = await session(request);
    refuseMaintenance(studio, current);
    const body = bodyOf(request);
    const { round, balanceMinor } = await playSessionRound(studio.play, current, body.requestId, body.bet);
    return ok({ round: await roundViewOf(studio.db, round), balanceMinor });
  });

  app.get('/studio/api/rounds', async (request) => {
    const current = await session(request);
    const asked = Number((request.query as { limit?: string }).limit ?? 20);
    const limit = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, HISTORY_MAX) : 20;
    const rounds = await roundsOfOwner(studio.db, current, limit);
    return ok({ rounds: await Promise.all(rounds.map((round) => roundViewOf(studio.db, round))) });
  });

  app.get('/studio/api/rounds/:roundId', async (request) => {
    const current = await session(request);
    const round = await roundById(studio.db, String((request.params as { roundId: string }).roundId).slice(0, 64));
    const own = round && (current.memberId === null ? round.sessionHash === current.sessionHash : round.memberId === current.memberId);
    if (!round || !own) throw new BusinessError('studioRoundNotFound', 'roundId: no such round of yours');
    return ok({ round: await roundViewOf(studio.db, round) });
  });

  app.post('/studio/api/seeds/client', async (request) => {
    const current = await session(request);
    const clientSeed = bodyOf(request).clientSeed;
    if (typeof clientSeed !== 'string' || !CLIENT_SEED_PATTERN.test(clientSeed)) throw new BusinessError('studioClientSeedInvalid', 'clientSeed: 1 to 64 letters, digits, _ or -');
    const { revealed, next } = await studio.db.transaction((tx) => setClientSeed(tx, seedOwnerOf(current.memberId, current.sessionHash), current.venueCode, clientSeed, studio.now()));
    return ok(rotationView(revealed, next));
  });

  app.post('/studio/api/seeds/rotate', async (request) => {
    const current = await session(request);
    const { revealed, next } = await studio.db.transaction((tx) => rotatePair(tx, seedOwnerOf(current.memberId, current.sessionHash), current.venueCode, studio.now()));
    return ok(rotationView(revealed, next));
  });
}

function rotationView(revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; nextNonce: number }, next: Parameters<typeof seedsViewOf>[0]) {
  return {
    revealed: { serverSeed: revealed.serverSeed, serverSeedHash: revealed.serverSeedHash, clientSeed: revealed.clientSeed, roundsPlayed: revealed.nextNonce },
    seeds: seedsViewOf(next),
  };
}

function refuseMaintenance(studio: SandboxStudio, session: StudioSession): void {
  if (studio.inMaintenance(session.venueCode, session.gameCode)) throw new BusinessError('studioMaintenance', `${session.venueCode}/${session.gameCode} is in maintenance`);
}

function sessionIdOf(request: FastifyRequest): unknown {
  const header = request.headers[STUDIO_SESSION_HEADER];
  return typeof header === 'string' ? header : (request.query as { session?: unknown }).session;
}

/** Lobby's seamless wallet through the signed client, in process (app.inject), made on first use. */
function lobbyOnce(app: FastifyInstance) {
  let lobby: ReturnType<typeof lobbyWalletOf> | undefined;
  return () => {
    lobby ??= lobbyWalletOf(new SeamlessWalletClient({
      ...studioCredentialsOf(app), transport: injectTransport(app), clock: app.lobby.providers.clock, maxAttempts: 3, retryDelayMsMin: 200, retryDelayMsMax: 1_000,
    }));
    return lobby;
  };
}

function sweepWhileListening(app: FastifyInstance, studio: SandboxStudio): void {
  runWhileListening(app, {
    name: 'studio sweep',
    everyMs: STUDIO_SWEEP_INTERVAL_MS,
    run: async () => {
      const nowMs = studio.now().getTime();
      await studio.finishOpenRounds(new Date(nowMs - STUDIO_SWEEP_INTERVAL_MS));
      await studio.purgeSessions(new Date(nowMs - SESSION_KEEP_MS));
    },
  });
}
