import type { SportKind, SportsPush, SportsPushUpdate } from '@lobby/sdk';
import type { Board, BoardChange } from './board.js';
import type { SlipStore } from './slip-store.js';

type Push = Pick<SportsPush, 'add' | 'remove' | 'close' | 'setBoard'>;

export interface LiveOptions {
  /** Makes the sdk's push client (sportsPush) delivering to `onUpdate`; made on the first watch, again after a close. */
  makePush: (onUpdate: (update: SportsPushUpdate) => void) => Push;
  board: Board;
  slip: Pick<SlipStore, 'applyMarket' | 'applyFixture'>;
  /** A change worth announcing (a goal, a status). */
  onChange?: (change: BoardChange) => void;
}

/**
 * The live updates of the fixtures on screen: parts of a page `watch` the fixtures they show
 * (counted, so a list and a match view may share one), pushed updates move the board and the
 * slip, and a fixture nobody watches any more stops being pushed.
 *
 * @example const live = createLive({ makePush, board, slip }); const stop = live.watch(['fb-1']); stop();
 */
export function createLive({ makePush, board, slip, onChange }: LiveOptions) {
  const watchers = new Map<string, number>();
  let push: Push | undefined;

  function deliver(update: SportsPushUpdate): void {
    const fixture = update.fixture ?? board.get(update.fixtureId)?.fixture;
    if (!fixture) return;
    const change = board.apply(fixture, update.markets);
    const status = board.get(update.fixtureId)?.fixture.status;
    for (const market of update.markets) slip.applyMarket(update.fixtureId, market, status);
    if (update.fixture) slip.applyFixture(update.fixture);
    if (change && change.kind !== 'prices') onChange?.(change);
  }

  return {
    watch(fixtureIds: readonly string[]): () => void {
      const ids = [...new Set(fixtureIds)];
      const added = ids.filter((id) => !watchers.has(id));
      for (const id of ids) watchers.set(id, (watchers.get(id) ?? 0) + 1);
      if (added.length > 0) (push ??= makePush(deliver)).add(added);
      return () => {
        const gone: string[] = [];
        for (const id of ids) {
          const count = (watchers.get(id) ?? 1) - 1;
          if (count > 0) {
            watchers.set(id, count);
          } else {
            watchers.delete(id);
            gone.push(id);
          }
        }
        if (gone.length > 0) push?.remove(gone);
      };
    },
    /**
     * Pushes the kind's board too (every fixture's status, clock and score, no prices): the
     * cheap way to keep a long list of upcoming matches current; null stops it.
     */
    setBoard(kind: SportKind | null): void {
      if (kind === null) push?.setBoard(null);
      else (push ??= makePush(deliver)).setBoard(kind);
    },
    deliver,
    /** Ends every connection; a later watch starts a new push. */
    close(): void {
      push?.close();
      push = undefined;
      watchers.clear();
    },
  };
}

export type Live = ReturnType<typeof createLive>;
