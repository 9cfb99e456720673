import type { FastifyInstance } from 'fastify';
import type { BetRecordPage, GameProvider, LaunchAnswer, LaunchRequest, ProviderGame, RoundDetail } from './game-provider.js';

/**
 * A provider that serves only some venues (the sportsbook serves the sports and e-sports
 * venues, issue 19): it says which, and may report open stakes for the venue audit.
 */
export interface VenueScopedProvider extends GameProvider {
  serves(venueCode: string): Promise<boolean>;
  openStakesMinor?(venueCode: string, memberId: number): Promise<number>;
}

/** A provider that may report the stakes of bets still open at a transfer venue (the audit adds them). */
type WithOpenStakes = GameProvider & { openStakesMinor?(venueCode: string, memberId: number): Promise<number> };

const scopedByApp = new WeakMap<FastifyInstance, VenueScopedProvider[]>();

/** Adds a provider for the venues it serves (a route group calls it while the app is built). */
export function registerScopedProvider(app: FastifyInstance, provider: VenueScopedProvider): void {
  const list = scopedByApp.get(app) ?? [];
  list.push(provider);
  scopedByApp.set(app, list);
}

/**
 * `app.gameProvider`: each call goes to the first scoped provider that serves the venue
 * (read at call time, so a group registered after the studio's still counts), else to
 * `fallback` (the studio).
 *
 * @example app.decorate('gameProvider', routedGameProvider(app, studio));
 */
export function routedGameProvider(app: FastifyInstance, fallback: WithOpenStakes): GameProvider & { openStakesMinor(venueCode: string, memberId: number): Promise<number> } {
  const pick = async (venueCode: string): Promise<WithOpenStakes> => {
    for (const provider of scopedByApp.get(app) ?? []) if (await provider.serves(venueCode)) return provider;
    return fallback;
  };
  return {
    catalogue: async (venueCode: string): Promise<ProviderGame[]> => (await pick(venueCode)).catalogue(venueCode),
    launch: async (request: LaunchRequest): Promise<LaunchAnswer> => (await pick(request.venueCode)).launch(request),
    betRecords: async (venueCode: string, cursor: string | null, limit: number): Promise<BetRecordPage> => (await pick(venueCode)).betRecords(venueCode, cursor, limit),
    roundDetail: async (venueCode: string, roundId: string): Promise<RoundDetail | undefined> => (await pick(venueCode)).roundDetail(venueCode, roundId),
    openStakesMinor: async (venueCode: string, memberId: number): Promise<number> => {
      const provider = await pick(venueCode);
      return provider.openStakesMinor ? provider.openStakesMinor(venueCode, memberId) : 0;
    },
  };
}
