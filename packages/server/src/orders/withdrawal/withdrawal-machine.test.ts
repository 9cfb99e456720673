import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOWED_DRAW } from '../transitions.fixture.js';
import { DRAW_EVENTS, DRAW_STATES, DRAW_TERMINAL, drawStep, orderStateOf, withdrawalStatusOf, type DrawState } from './withdrawal-machine.js';

const ALLOWED = ALLOWED_DRAW;

describe('withdrawal draw state machine', () => {
  it('accepts exactly the allowed transitions; only completion releases and only expiry returns', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DRAW_STATES), fc.constantFrom(...DRAW_EVENTS), (state, event) => {
        const step = drawStep(state, event);
        if (step === null) return [...ALLOWED].every((t) => !t.startsWith(`${state} ${event} `));
        expect(ALLOWED.has(`${state} ${event} ${step.to}`)).toBe(true);
        expect(step.money).toBe(step.to === 4015 ? 'release' : step.to === 4016 ? 'return' : 'none');
        return true;
      }),
    );
  });

  it('moves the locked amount out exactly once along any walk, and final states stay final', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...DRAW_EVENTS), { maxLength: 40 }), (events) => {
        let state: DrawState = 4011;
        let moves = 0;
        for (const event of events) {
          const step = drawStep(state, event);
          if (DRAW_TERMINAL.includes(state)) expect(step).toBeNull();
          if (!step) continue;
          if (step.money !== 'none') moves += 1;
          state = step.to;
        }
        expect(moves).toBe(DRAW_TERMINAL.includes(state) ? 1 : 0);
      }),
    );
  });

  it('shows an order the least advanced state of its draws, and the spec statuses', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...DRAW_STATES), { minLength: 1, maxLength: 5 }), (draws) => {
        const state = orderStateOf(draws);
        const active = draws.filter((d) => !DRAW_TERMINAL.includes(d));
        if (active.length > 0) expect(active).toContain(state);
        else expect(state).toBe(draws.includes(4015) ? 4015 : 4016);
      }),
    );
    expect([withdrawalStatusOf(4011, 0, 0), withdrawalStatusOf(4012, 0, 0), withdrawalStatusOf(4013, 1, 0), withdrawalStatusOf(4012, 0, 2)]).toEqual([0, 1, 2, 3]);
  });
});
