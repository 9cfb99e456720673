import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOWED_DEPOSIT } from '../transitions.fixture.js';
import { DEPOSIT_EVENTS, DEPOSIT_STATES, DEPOSIT_TERMINAL, depositStep, type DepositEvent, type DepositState } from './deposit-machine.js';

const ALLOWED = ALLOWED_DEPOSIT;
const CREDITING = new Set<DepositEvent>(['providerPaid', 'operatorConfirm']);

describe('deposit state machine', () => {
  it('accepts exactly the allowed transitions, and credits only on confirmation', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DEPOSIT_STATES), fc.constantFrom(...DEPOSIT_EVENTS), (state, event) => {
        const step = depositStep(state, event);
        if (step === null) return [...ALLOWED].every((t) => !t.startsWith(`${state} ${event} `));
        expect(ALLOWED.has(`${state} ${event} ${step.to}`)).toBe(true);
        expect(step.money === 'credit').toBe(CREDITING.has(event) && step.to === 104);
        return true;
      }),
    );
  });

  it('keeps terminal states terminal and credits at most once along any walk', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...DEPOSIT_EVENTS), { maxLength: 30 }), (events) => {
        let state: DepositState = 101;
        let credits = 0;
        for (const event of events) {
          const step = depositStep(state, event);
          if (DEPOSIT_TERMINAL.includes(state)) expect(step).toBeNull();
          if (!step) continue;
          if (step.money === 'credit') credits += 1;
          state = step.to;
        }
        expect(credits).toBe(state === 104 ? 1 : 0);
      }),
    );
  });
});
