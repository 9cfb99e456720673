import { describe, expect, it } from 'vitest';
import type { Fixture, Market } from '@lobby/sdk';
import { createBoard } from './board.js';

const fixture = (version: number, score: [number, number], status: Fixture['status'] = 'live'): Fixture => ({
  id: 'f1', sport: 'football', kind: 'sports', leagueId: 'L', leagueEn: 'L', leagueZh: 'L', homeEn: 'H', homeZh: 'H', awayEn: 'A', awayZh: 'A',
  startsAt: '2026-11-26T12:00:00Z', status, minute: version, score: { home: score[0], away: score[1] }, version,
});
const market = (id: string, version: number, odds: number): Market => ({ id, type: 'odd_even', status: 'active', version, selections: [{ id: 'odd', nameEn: 'Odd', nameZh: '单', odds, active: true }] });

describe('the live board', () => {
  it('keeps the newest fixture and market versions whatever order pushes arrive in, and says what changed', () => {
    const board = createBoard();
    expect(board.apply(fixture(1, [0, 0]), [market('oe', 1, 1900), market('x', 1, 2000)])).toBeNull();
    expect(board.apply(fixture(3, [1, 0]), [market('oe', 3, 1800)])).toEqual({ fixtureId: 'f1', kind: 'score' });
    // A late push of version 2 changes nothing.
    expect(board.apply(fixture(2, [0, 0]), [market('oe', 2, 2500)])).toBeNull();
    expect(board.get('f1')?.fixture.score).toEqual({ home: 1, away: 0 });
    expect(board.get('f1')?.markets.map((item) => [item.id, item.selections[0]?.odds])).toEqual([['oe', 1800], ['x', 2000]]);
    expect(board.apply(fixture(4, [1, 0], 'ended'))).toEqual({ fixtureId: 'f1', kind: 'status' });
    expect(board.apply(fixture(4, [1, 0], 'ended'), [market('x', 2, 2100)])).toEqual({ fixtureId: 'f1', kind: 'prices' });
  });

  it('tells its subscribers of each change', () => {
    const board = createBoard();
    let calls = 0;
    board.subscribe(() => calls++);
    board.apply(fixture(1, [0, 0]));
    board.apply(fixture(1, [0, 0]));
    expect(calls).toBe(1);
    expect(board.version()).toBe(1);
  });
});
