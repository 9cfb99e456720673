import type { BetRecordPage, GameProvider, LaunchAnswer, LaunchRequest, ProviderGame, RoundDetail } from './game-provider.js';

/**
 * A small in-memory GameProvider for the catalogue and launch tests: the catalogue of each
 * venue is what the test sets, launches are recorded, and a venue can be made to fail.
 */
export class ScriptedGameProvider implements GameProvider {
  readonly games = new Map<string, ProviderGame[]>();
  readonly launches: LaunchRequest[] = [];
  readonly failing = new Set<string>();

  async catalogue(venueCode: string): Promise<ProviderGame[]> {
    if (this.failing.has(venueCode)) throw new Error(`${venueCode} is unreachable`);
    return structuredClone(this.games.get(venueCode) ?? []);
  }

  async launch(request: LaunchRequest): Promise<LaunchAnswer> {
    if (this.failing.has(request.venueCode)) throw new Error(`${request.venueCode} is unreachable`);
    this.launches.push(request);
    const base = `/studio/play/${request.venueCode}/${request.gameCode}?demo=${request.demo ? 1 : 0}`;
    return request.resume ? { url: base, resumedRoundId: `round-of-${request.memberId}` } : { url: base };
  }

  async betRecords(): Promise<BetRecordPage> {
    return { records: [], nextCursor: '', more: false };
  }

  async roundDetail(): Promise<RoundDetail | undefined> {
    return undefined;
  }
}

/** A provider game with sensible fields; `fields` override them. */
export function providerGame(gameCode: string, fields: Partial<ProviderGame> = {}): ProviderGame {
  return {
    gameCode,
    nameZh: `游戏${gameCode}`,
    nameEn: `Game ${gameCode}`,
    category: 6,
    imageUrl: `/studio/images/${gameCode}.svg`,
    studio: 'Test Studio',
    rtpBasisPoints: 9650,
    volatility: 'medium',
    demo: true,
    hot: false,
    releasedAt: new Date('2026-01-01T00:00:00Z'),
    maintenance: false,
    ...fields,
  };
}
