import { describe, expect, it } from 'vitest';
import type { Fixture, Market, SportsPushUpdate } from '@lobby/sdk';
import { createBoard, type BoardChange } from './board.js';
import { createLive } from './live.js';
import { entryOf } from './slip.js';
import { createSlipStore } from './slip-store.js';

const fixture = (version: number, home: number): Fixture => ({
  id: 'f1', sport: 'football', kind: 'sports', leagueId: 'L', leagueEn: 'L', leagueZh: 'L', homeEn: 'H', homeZh: 'H', awayEn: 'A', awayZh: 'A',
  startsAt: '2026-11-26T12:00:00Z', status: 'live', minute: 10, score: { home, away: 0 }, version,
});
const market = (version: number, odds: number, status: Market['status'] = 'active'): Market => ({
  id: '1x2', type: '1x2', status, version, selections: [{ id: 'home', nameEn: 'Home', nameZh: '主', odds, active: true }],
});

describe('live updates', () => {
  it('pushes a fixture while any part of the page watches it, and stops when none does', () => {
    const calls: string[] = [];
    let made = 0;
    const live = createLive({
      makePush: () => (made++, { add: (ids) => void calls.push(`add ${ids.join()}`), remove: (ids) => void calls.push(`remove ${ids.join()}`), close: () => void calls.push('close'), setBoard: (kind) => void calls.push(`board ${kind}`) }),
      board: createBoard(),
      slip: { applyMarket: () => undefined, applyFixture: () => undefined },
    });
    const list = live.watch(['f1', 'f2']);
    const view = live.watch(['f1']);
    list();
    view();
    live.close();
    live.watch(['f3']);
    live.setBoard('sports');
    expect(calls).toEqual(['add f1,f2', 'remove f2', 'remove f1', 'close', 'add f3', 'board sports']);
    expect(made).toBe(2);
  });

  it('moves the board and the slip with a pushed goal, suspension and new price, and announces the goal', () => {
    let deliver: (update: SportsPushUpdate) => void = () => undefined;
    const board = createBoard();
    const slip = createSlipStore({ place: async () => ({ state: 'accepted', betIds: [] }), newSlipId: () => 'x' });
    const changes: BoardChange[] = [];
    const live = createLive({ makePush: (onUpdate) => ((deliver = onUpdate), { add: () => undefined, remove: () => undefined, close: () => undefined, setBoard: () => undefined }), board, slip, onChange: (change) => changes.push(change) });
    board.apply(fixture(1, 0), [market(1, 2000)]);
    slip.toggle(entryOf(fixture(1, 0), market(1, 2000), 'home'));
    live.watch(['f1']);
    deliver({ fixtureId: 'f1', fixture: fixture(2, 1), markets: [market(2, 1500, 'suspended')] });
    expect(board.get('f1')?.fixture.score.home).toBe(1);
    expect(slip.get().entries[0]).toMatchObject({ odds: 1500, open: false });
    expect(changes).toEqual([{ fixtureId: 'f1', kind: 'score' }]);
    deliver({ fixtureId: 'f1', markets: [market(3, 1600)] });
    expect(slip.get().entries[0]).toMatchObject({ odds: 1600, open: true, seenOdds: 2000 });
    expect(changes).toHaveLength(1);
  });
});
