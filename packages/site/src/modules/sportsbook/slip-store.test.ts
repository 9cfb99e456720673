import { describe, expect, it } from 'vitest';
import type { Fixture, Market } from '@lobby/sdk';
import { entryOf, offeredKinds } from './slip.js';
import { createSlipStore, isLocked, type PlaceAnswer, type PlaceRequest } from './slip-store.js';

function fixture(id: string, status: Fixture['status'] = 'scheduled'): Fixture {
  return {
    id, sport: 'football', kind: 'sports', leagueId: 'L', leagueEn: 'League', leagueZh: '联赛', homeEn: `${id} H`, homeZh: `${id} 主`, awayEn: `${id} A`, awayZh: `${id} 客`,
    startsAt: '2026-11-26T12:00:00Z', status, minute: 0, score: { home: 0, away: 0 }, version: 1,
  };
}

function market(odds: [number, number, number], version = 1, status: Market['status'] = 'active'): Market {
  return {
    id: '1x2', type: '1x2', status, version,
    selections: [
      { id: 'home', nameEn: 'Home', nameZh: '主', odds: odds[0], active: true },
      { id: 'draw', nameEn: 'Draw', nameZh: '平', odds: odds[1], active: true },
      { id: 'away', nameEn: 'Away', nameZh: '客', odds: odds[2], active: true },
    ],
  };
}

function slipWith(answers: Array<PlaceAnswer | Error>, placed: Array<PlaceAnswer | null | Error> = []) {
  const sent: PlaceRequest[] = [];
  const checked: string[] = [];
  let ids = 0;
  const slip = createSlipStore({
    place: async (request) => {
      sent.push(request);
      const answer = answers.shift();
      if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
      return answer;
    },
    findPlaced: async (slipId) => {
      checked.push(slipId);
      const found = placed.shift();
      if (found instanceof Error) throw found;
      return found ?? null;
    },
    newSlipId: () => `slip-${++ids}`,
    messageOf: (failure) => (failure as Error).message,
  });
  return { slip, sent, checked };
}

describe('the bet slip', () => {
  it('offers singles, an accumulator, a Trixie and 2 from 3 for three matches, and totals a Trixie of 10.00 a line exactly', () => {
    const { slip } = slipWith([]);
    for (const [id, odds] of [['f1', 2000], ['f2', 1500], ['f3', 3000]] as const) slip.toggle(entryOf(fixture(id), market([odds, 3200, 4000]), 'home'));
    expect(offeredKinds(slip.get().entries)).toEqual(['single', 'accumulator', 'trixie', 'n_from_m:2']);
    // Several matches suggest an accumulator.
    expect(slip.get().kind).toBe('accumulator');
    slip.setKind('trixie');
    slip.setStake('10');
    // Doubles 2*1.5, 2*3, 1.5*3 and the treble 2*1.5*3: (3 + 6 + 4.5 + 9) x 10.00 = 225.00.
    expect(slip.totals()).toEqual({ lines: 4, stakeMinor: 4000, payoutMinor: 22500 });
  });

  it('takes one selection per market (a second replaces it) and removes a selection chosen again', () => {
    const { slip } = slipWith([]);
    const f1 = fixture('f1');
    slip.toggle(entryOf(f1, market([2000, 3000, 4000]), 'home'));
    slip.toggle(entryOf(f1, market([2000, 3000, 4000]), 'away'));
    expect(slip.get().entries.map((entry) => entry.selectionId)).toEqual(['away']);
    slip.toggle(entryOf(f1, market([2000, 3000, 4000]), 'away'));
    expect(slip.get().entries).toEqual([]);
  });

  it('offers only singles for two selections of one match (correlated legs are not combined)', () => {
    const { slip } = slipWith([]);
    const f1 = fixture('f1');
    slip.toggle(entryOf(f1, market([2000, 3000, 4000]), 'home'));
    slip.toggle(entryOf(f1, { ...market([1900, 1900, 1900]), id: 'ou:10', type: 'over_under', line: 10 }, 'home'));
    expect(offeredKinds(slip.get().entries)).toEqual(['single']);
    expect(slip.get().kind).toBe('single');
  });

  it('marks pushed price moves, blocks placing a lower price under "higher only" until accepted, and greys a suspended market', () => {
    const { slip } = slipWith([]);
    slip.toggle(entryOf(fixture('f1'), market([2000, 3000, 4000]), 'home'));
    slip.setStake('5');
    slip.setPolicy('accept_higher');
    slip.applyMarket('f1', market([2100, 3000, 4000], 2));
    expect(slip.get().entries[0]).toMatchObject({ seenOdds: 2000, odds: 2100, version: 2 });
    expect(slip.blocker()).toBeNull();
    slip.applyMarket('f1', market([1800, 3000, 4000], 3));
    expect(slip.blocker()).toBe('priceChanged');
    // A late push of an older version changes nothing.
    slip.applyMarket('f1', market([2500, 3000, 4000], 2));
    expect(slip.get().entries[0]?.odds).toBe(1800);
    slip.acceptPrices();
    expect(slip.get().entries[0]).toMatchObject({ seenOdds: 1800, seenVersion: 3 });
    expect(slip.blocker()).toBeNull();
    slip.applyMarket('f1', market([1800, 3000, 4000], 4, 'suspended'));
    expect(slip.blocker()).toBe('closed');
  });

  it('under "none" blocks a market whose version moved at the same price (the server refuses it), under "higher only" not', () => {
    const { slip } = slipWith([]);
    slip.toggle(entryOf(fixture('f1'), market([2000, 3000, 4000]), 'home'));
    slip.setStake('5');
    slip.applyMarket('f1', market([2000, 3000, 4000], 2));
    slip.setPolicy('accept_higher');
    expect(slip.blocker()).toBeNull();
    slip.setPolicy('accept_none');
    expect(slip.blocker()).toBe('priceChanged');
    slip.acceptPrices();
    expect(slip.blocker()).toBeNull();
  });

  it('names stake problems without placing', async () => {
    const { slip, sent } = slipWith([]);
    slip.toggle(entryOf(fixture('f1'), market([2000, 3000, 4000]), 'home'));
    for (const [text, problem] of [['', 'amountEmpty'], ['abc', 'amountNotNumber'], ['1.234', 'amountTooManyDecimals'], ['0', 'amountNotPositive']] as const) {
      slip.setStake(text);
      expect(slip.blocker()).toBe(problem);
      await slip.place();
    }
    expect(sent).toEqual([]);
  });

  it('retries a failed placement with the same slip id, and a changed slip gets a new one', async () => {
    const { slip, sent } = slipWith([new Error('network down'), { state: 'accepted', betIds: ['B1'] }, { state: 'accepted', betIds: ['B2'] }]);
    slip.toggle(entryOf(fixture('f1'), market([2000, 3000, 4000]), 'home'));
    slip.setStake('12.50');
    await slip.place();
    expect(slip.get().placement).toEqual({ state: 'failed', slipId: 'slip-1', message: 'network down' });
    // A price pushed meanwhile moves the display, not the slip sent again.
    slip.applyMarket('f1', market([2200, 3000, 4000], 2));
    await slip.place();
    expect(sent.map((request) => request.slipId)).toEqual(['slip-1', 'slip-1']);
    expect(sent[1]).toMatchObject({ stakePerLineMinor: 1250, bet: { kind: 'single' }, legs: [{ fixtureId: 'f1', marketId: '1x2', selectionId: 'home', odds: 2000, marketVersion: 1 }] });
    expect(slip.get().placement).toEqual({ state: 'done', answer: { state: 'accepted', betIds: ['B1'] } });
    slip.setStake('13');
    await slip.place();
    expect(sent[2]?.slipId).toBe('slip-2');
  });

  it('locks the slip while a placement is unanswered: no edit starts a second slip beside one perhaps taken', async () => {
    const { slip, sent } = slipWith([new Error('network down'), { state: 'accepted', betIds: ['B1'] }]);
    const f1 = fixture('f1');
    slip.toggle(entryOf(f1, market([2000, 3000, 4000]), 'home'));
    slip.toggle(entryOf(fixture('f2'), market([1500, 3000, 4000]), 'home'));
    slip.setStake('10');
    await slip.place();
    const sentSlip = slip.get();
    expect(isLocked(sentSlip.placement)).toBe(true);
    slip.setStake('20');
    slip.setKind('single');
    slip.setPolicy('accept_any');
    slip.toggle(entryOf(fixture('f3'), market([2000, 3000, 4000]), 'home'));
    slip.toggle(entryOf(f1, market([2000, 3000, 4000]), 'away'));
    slip.remove('f2/1x2/home');
    slip.applyMarket('f1', market([1800, 3000, 4000], 2));
    slip.acceptPrices();
    slip.clear();
    slip.reset();
    expect(slip.get()).toMatchObject({ stakeText: '10', kind: 'accumulator', policy: 'accept_higher', placement: { state: 'failed', slipId: 'slip-1' } });
    expect(slip.get().entries.map((entry) => [entry.fixtureId, entry.selectionId, entry.seenOdds])).toEqual([['f1', 'home', 2000], ['f2', 'home', 1500]]);
    // The retry is the slip as it was sent, whatever moved; answered, the slip is free again.
    await slip.place();
    expect(sent[1]).toEqual(sent[0]);
    expect(isLocked(slip.get().placement)).toBe(false);
    slip.setStake('20');
    expect(slip.get().stakeText).toBe('20');
  });

  it('locks the slip while its placement runs', async () => {
    let answer: (value: PlaceAnswer) => void = () => undefined;
    const slip = createSlipStore({ place: () => new Promise<PlaceAnswer>((resolve) => (answer = resolve)), newSlipId: () => 'slip-1' });
    slip.toggle(entryOf(fixture('f1'), market([2000, 3000, 4000]), 'home'));
    slip.setStake('10');
    const placing = slip.place();
    slip.setStake('99');
    expect(slip.get().stakeText).toBe('10');
    answer({ state: 'accepted', betIds: ['B1'] });
    await placing;
    expect(slip.get().placement).toEqual({ state: 'done', answer: { state: 'accepted', betIds: ['B1'] } });
  });

  it("reads the member's bets again after no answer: found, they are the answer; not found, the slip is free and keeps its id unchanged", async () => {
    const taken = slipWith([new Error('timeout')], [{ state: 'accepted', betIds: ['B7'] }]);
    taken.slip.toggle(entryOf(fixture('f1'), market([2000, 3000, 4000]), 'home'));
    taken.slip.setStake('10');
    await taken.slip.place();
    await taken.slip.checkPlaced();
    expect(taken.checked).toEqual(['slip-1']);
    expect(taken.slip.get().placement).toEqual({ state: 'done', answer: { state: 'accepted', betIds: ['B7'] } });
    expect(taken.sent).toHaveLength(1);

    const { slip, sent } = slipWith([new Error('timeout'), { state: 'accepted', betIds: ['B8'] }, { state: 'accepted', betIds: ['B9'] }], [new Error('still offline'), null]);
    slip.toggle(entryOf(fixture('f1'), market([2000, 3000, 4000]), 'home'));
    slip.setStake('10');
    await slip.place();
    // A read that fails tells nothing: the slip stays locked.
    await slip.checkPlaced();
    expect(slip.get().placement).toEqual({ state: 'failed', slipId: 'slip-1', message: 'still offline' });
    slip.setStake('20');
    expect(slip.get().stakeText).toBe('10');
    await slip.checkPlaced();
    expect(slip.get().placement).toEqual({ state: 'notTaken', slipId: 'slip-1' });
    // Placed as it is, it is still the same slip; changed, it is a new one.
    await slip.place();
    expect(sent.map((request) => request.slipId)).toEqual(['slip-1', 'slip-1']);
    slip.setStake('20');
    await slip.place();
    expect(sent[2]?.slipId).toBe('slip-2');
  });

  it('keeps a slip cut off by a reload locked, with its slip id, for the page to word in the language shown', () => {
    const kept = new Map<string, string>();
    const keepSlip = { get: () => kept.get('s') ?? null, set: (value: string | null) => void (value === null ? kept.delete('s') : kept.set('s', value)) };
    const first = createSlipStore({ place: () => new Promise<PlaceAnswer>(() => undefined), newSlipId: () => 'slip-0001', keepSlip });
    first.toggle(entryOf(fixture('f1'), market([2000, 3000, 4000]), 'home'));
    first.setStake('10');
    void first.place();
    const again = createSlipStore({ place: async () => ({ state: 'accepted', betIds: [] }), newSlipId: () => 'other-slip', keepSlip });
    expect(again.get().placement).toEqual({ state: 'failed', slipId: 'slip-0001', message: null });
    again.setStake('50');
    expect(again.get().stakeText).toBe('10');
  });

  it('shows the new prices a refusal names, for the member to accept', async () => {
    const { slip } = slipWith([{ state: 'refused', code: 'oddsChanged', message: 'The odds changed', prices: [{ fixtureId: 'f1', marketId: '1x2', selectionId: 'home', odds: 1900, marketVersion: 5 }] }]);
    slip.toggle(entryOf(fixture('f1'), market([2000, 3000, 4000]), 'home'));
    slip.setStake('10');
    slip.setPolicy('accept_none');
    await slip.place();
    expect(slip.get().entries[0]).toMatchObject({ seenOdds: 2000, odds: 1900, version: 5 });
    expect(slip.blocker()).toBe('priceChanged');
    slip.acceptPrices();
    expect(slip.get().entries[0]).toMatchObject({ seenOdds: 1900, seenVersion: 5 });
  });

  it('sends Trixie, Yankee, Lucky 15 and n from m as the contract\'s system kinds', async () => {
    const { slip, sent } = slipWith([{ state: 'accepted', betIds: ['B'] }, { state: 'accepted', betIds: ['C'] }]);
    for (const id of ['f1', 'f2', 'f3', 'f4']) slip.toggle(entryOf(fixture(id), market([2000, 3000, 4000]), 'home'));
    expect(offeredKinds(slip.get().entries)).toEqual(['single', 'accumulator', 'yankee', 'lucky15', 'n_from_m:2', 'n_from_m:3']);
    slip.setStake('1');
    slip.setKind('lucky15');
    expect(slip.totals().lines).toBe(15);
    await slip.place();
    slip.setKind('n_from_m:3');
    expect(slip.totals().lines).toBe(4);
    await slip.place();
    expect(sent.map((request) => request.bet)).toEqual([{ kind: 'system', system: 'lucky15' }, { kind: 'system', system: 'n_from_m', size: 3 }]);
  });

  it('keeps the member\'s odds-change policy', () => {
    const kept = new Map<string, string>();
    const keep = { get: () => kept.get('p') ?? null, set: (value: string) => void kept.set('p', value) };
    const first = createSlipStore({ place: async () => ({ state: 'accepted', betIds: [] }), newSlipId: () => 'x', keep });
    expect(first.get().policy).toBe('accept_higher');
    first.setPolicy('accept_none');
    expect(createSlipStore({ place: async () => ({ state: 'accepted', betIds: [] }), newSlipId: () => 'x', keep }).get().policy).toBe('accept_none');
  });
});
