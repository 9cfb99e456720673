import type { Fixture, Market } from '@lobby/sdk';

/** A fixture on screen with the markets known of it (main markets in a list, all in the match view). */
export interface BoardFixture {
  fixture: Fixture;
  markets: readonly Market[];
}

/** What a live change was, for the polite announcement: a goal (new score), a status change, or prices. */
export type BoardChange = { fixtureId: string; kind: 'score' | 'status' | 'prices' };

type Listener = () => void;

/**
 * Keeps the newest version of each fixture and market merged from list answers, detail
 * answers and pushes (which may arrive late or out of order): an older fixture or market
 * version never replaces a newer one.
 *
 * @example const board = createBoard(); board.apply(fixture, markets); board.get(fixture.id)
 */
export function createBoard() {
  let fixtures = new Map<string, BoardFixture>();
  const listeners = new Set<Listener>();
  let version = 0;
  const emit = () => {
    version++;
    listeners.forEach((listener) => listener());
  };

  function merged(current: BoardFixture | undefined, fixture: Fixture, markets: readonly Market[]): BoardFixture {
    const newestFixture = current && current.fixture.version >= fixture.version ? current.fixture : fixture;
    const byId = new Map((current?.markets ?? []).map((market) => [market.id, market]));
    for (const market of markets) {
      const known = byId.get(market.id);
      if (!known || known.version < market.version) byId.set(market.id, market);
    }
    return { fixture: newestFixture, markets: [...byId.values()] };
  }

  return {
    /** Grows with each change (for useSyncExternalStore snapshots). */
    version: (): number => version,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: (fixtureId: string): BoardFixture | undefined => fixtures.get(fixtureId),
    /**
     * Merges a fixture and some of its markets; answers what changed for the announcement
     * (null when nothing did, e.g. a stale push).
     */
    apply(fixture: Fixture, markets: readonly Market[] = []): BoardChange | null {
      const current = fixtures.get(fixture.id);
      const next = merged(current, fixture, markets);
      if (current && next.fixture === current.fixture && next.markets.every((market, index) => market === current.markets[index]) && next.markets.length === current.markets.length) return null;
      fixtures = new Map(fixtures).set(fixture.id, next);
      emit();
      if (!current) return null;
      if (next.fixture.score.home !== current.fixture.score.home || next.fixture.score.away !== current.fixture.score.away) return { fixtureId: fixture.id, kind: 'score' };
      if (next.fixture.status !== current.fixture.status) return { fixtureId: fixture.id, kind: 'status' };
      return { fixtureId: fixture.id, kind: 'prices' };
    },
  };
}

export type Board = ReturnType<typeof createBoard>;
