import { describe, expect, it } from 'vitest';
import { SLIP_LEGS_MAX, type Fixture, type Market } from '@lobby/sdk';
import { keptSlipText, restoredSlip } from './slip-keep.js';
import { entryOf } from './slip.js';
import { createSlipStore, type PlaceAnswer } from './slip-store.js';

function fixture(id: string): Fixture {
  return {
    id, sport: 'football', kind: 'sports', leagueId: 'L', leagueEn: 'League', leagueZh: '联赛', homeEn: `${id} H`, homeZh: `${id} 主`, awayEn: `${id} A`, awayZh: `${id} 客`,
    startsAt: '2026-11-26T12:00:00Z', status: 'live', minute: 10, score: { home: 0, away: 0 }, version: 1,
  };
}

function market(home: number, version = 1): Market {
  return {
    id: '1x2', type: '1x2', status: 'active', version,
    selections: [
      { id: 'home', nameEn: 'Home', nameZh: '主', odds: home, active: true },
      { id: 'draw', nameEn: 'Draw', nameZh: '平', odds: 3200, active: true },
      { id: 'away', nameEn: 'Away', nameZh: '客', odds: 4000, active: true },
    ],
  };
}

/** A slip store on a storage map (what the page keeps in localStorage), answering placements in turn. */
function slipOn(storage: Map<string, string>, answers: Array<PlaceAnswer | Error> = []) {
  let ids = 0;
  const sent: string[] = [];
  const slip = createSlipStore({
    place: async (request) => {
      sent.push(request.slipId);
      const answer = answers.shift();
      if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
      return answer;
    },
    newSlipId: () => `slip-000${++ids}`,
    messageOf: (failure) => (failure as Error).message,
    keepSlip: {
      get: () => storage.get('slip') ?? null,
      set: (value) => (value === null ? storage.delete('slip') : storage.set('slip', value)),
    },
  });
  return { slip, sent };
}

describe('the bet slip across a reload', () => {
  it('comes back with its selections, agreed prices, kind and stake', () => {
    const storage = new Map<string, string>();
    const { slip } = slipOn(storage);
    for (const id of ['f1', 'f2', 'f3']) slip.toggle(entryOf(fixture(id), market(2000), 'home'));
    slip.setKind('trixie');
    slip.setStake('5');
    slip.applyMarket('f2', market(2300, 2));
    const again = slipOn(storage).slip.get();
    expect(again.entries).toEqual(slip.get().entries);
    expect(again.entries[1]).toMatchObject({ seenOdds: 2000, odds: 2300, version: 2 });
    expect(again).toMatchObject({ kind: 'trixie', stakeText: '5', placement: { state: 'idle' } });
  });

  it('retries an unanswered placement after the reload with the same slip id', async () => {
    const storage = new Map<string, string>();
    const first = slipOn(storage, [new Error('network down')]);
    first.slip.toggle(entryOf(fixture('f1'), market(2000), 'home'));
    first.slip.setStake('10');
    await first.slip.place();
    const second = slipOn(storage, [{ state: 'accepted', betIds: ['B1'] }]);
    expect(second.slip.get().placement).toEqual({ state: 'failed', slipId: 'slip-0001', message: null });
    await second.slip.place();
    expect(second.sent).toEqual(['slip-0001']);
    // Bets taken are not offered again by the next reload.
    expect(storage.has('slip')).toBe(false);
    expect(slipOn(storage).slip.get().entries).toEqual([]);
  });

  it('takes the prices of a fixture read again after the reload, and closes a selection whose market was withdrawn', () => {
    const storage = new Map<string, string>();
    const { slip } = slipOn(storage);
    slip.toggle(entryOf(fixture('f1'), market(2000), 'home'));
    slip.toggle(entryOf(fixture('f2'), market(2000), 'home'));
    slip.setStake('5');
    const again = slipOn(storage).slip;
    again.applyDetail(fixture('f1'), [market(2400, 3)]);
    again.applyDetail(fixture('f2'), [{ ...market(1900, 2), id: 'oe', type: 'odd_even' }]);
    expect(again.get().entries.map((entry) => [entry.fixtureId, entry.seenOdds, entry.odds, entry.open])).toEqual([['f1', 2000, 2400, true], ['f2', 2000, 2000, false]]);
    expect(again.blocker()).toBe('closed');
  });

  it('keeps nothing for an empty slip, and forgets a cleared one', () => {
    const storage = new Map<string, string>();
    const { slip } = slipOn(storage);
    expect(storage.has('slip')).toBe(false);
    slip.toggle(entryOf(fixture('f1'), market(2000), 'home'));
    expect(storage.has('slip')).toBe(true);
    slip.clear();
    expect(storage.has('slip')).toBe(false);
  });

  it('drops a damaged or hand-changed slip whole', () => {
    const entry = entryOf(fixture('f1'), market(2000), 'home');
    const good = keptSlipText({ entries: [entry], kind: 'single', stakeText: '1', unansweredSlipId: null })!;
    expect(restoredSlip(good)?.entries).toEqual([entry]);
    const withEntry = (change: Record<string, unknown>) => keptSlipText({ entries: [{ ...entry, ...change } as typeof entry], kind: 'single', stakeText: '1', unansweredSlipId: null });
    for (const text of [
      null, '', '{', '[]', 'null', '{"v":2,"entries":[]}',
      withEntry({ seenOdds: 1.95 }), withEntry({ odds: 1000 }), withEntry({ fixtureId: '' }), withEntry({ marketType: 'handicap' }),
      withEntry({ version: -1 }), withEntry({ open: 'yes' }), withEntry({ homeEn: 'x'.repeat(201) }), withEntry({ fixtureStatus: 'paused' }),
      keptSlipText({ entries: [entry, entry], kind: 'single', stakeText: '', unansweredSlipId: null }),
      keptSlipText({ entries: Array.from({ length: SLIP_LEGS_MAX + 1 }, (_, index) => ({ ...entry, fixtureId: `f${index}` })), kind: 'single', stakeText: '', unansweredSlipId: null }),
    ]) {
      expect(restoredSlip(text)).toBeNull();
    }
    // A kind the legs do not offer falls back to singles; a slip id that is not one is dropped.
    const odd = JSON.parse(good) as Record<string, unknown>;
    expect(restoredSlip(JSON.stringify({ ...odd, kind: 'trixie', unansweredSlipId: '<script>' }))).toMatchObject({ kind: 'single', unansweredSlipId: null });
  });
});
