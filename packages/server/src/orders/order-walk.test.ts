import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODE,
  alreadyPaid,
  cancelNormalOrder,
  depositPay,
  md5Hex,
  opsDepositConfirm,
  opsDepositExpire,
  opsDepositReject,
  opsSandboxPayment,
  opsWithdrawalComplete,
  opsWithdrawalExpire,
  opsWithdrawalFreeze,
  opsWithdrawalMatch,
  opsWithdrawalPay,
  opsWithdrawalUnfreeze,
  withdrawPasswordSet,
  withdrawalAppeal,
  withdrawalConfirm,
  withdrawalRequest,
} from '@lobby/sdk';
import { auditLedger } from '../ledger/index.js';
import { serverSuite } from '../testing/server-suite.js';
import { walletOf } from '../testing/members.js';
import { testEngines } from '../testing/databases.js';
import { ALLOWED_DEPOSIT, ALLOWED_DRAW, allowedTarget } from './transitions.fixture.js';

/**
 * Random walks of member, operator and provider actions on real orders over HTTP: after
 * every step the order is where the allowed transitions say (an action they do not allow
 * is refused and changes nothing), and the member's wallets hold exactly what the state
 * implies, so money moved only on the defined transitions. Replay a failure with the
 * seed fast-check prints (ORDER_WALK_SEED=<seed>).
 */
const seed = process.env.ORDER_WALK_SEED ? Number(process.env.ORDER_WALK_SEED) : undefined;
const RUNS = { numRuns: 15, ...(seed === undefined ? {} : { seed }) };
const PIN = md5Hex('975310');

describe.each(testEngines())('order state machines over HTTP on %s', (engine) => {
  const suite = serverSuite(engine);

  const depositEvents = ['memberPaid', 'memberCancel', 'providerPaid', 'providerFailed', 'operatorConfirm', 'operatorReject', 'expire'] as const;
  const stateOf = async (table: string, billNo: string) => (await suite.db.query<{ state: number }>(`SELECT state FROM ${table} WHERE bill_no = $1`, [billNo])).rows[0]!.state;

  it('deposits: only allowed steps, money only on confirmation', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...depositEvents), { minLength: 1, maxLength: 7 }), async (events) => {
        const { memberId, token } = await suite.memberWithBalance(0);
        const order = (await suite.callWithKey(depositPay, { payTypeId: '411', amount: 321 }, token)).body.data;
        for (const event of events) {
          const before = await stateOf('deposit_orders', order.billNo);
          const answer = await depositAction(event, order.billNo, token);
          const after = await stateOf('deposit_orders', order.billNo);
          const target = allowedTarget(ALLOWED_DEPOSIT, before, event);
          expect(after).toBe(target ?? before);
          if (target === undefined) expect(answer).toMatch(/^(221002|ignored:)/);
          expect(await walletOf(suite.db, memberId)).toBe(after === 104 ? 321_00 : 0);
        }
      }),
      RUNS,
    );
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  const drawEvents = ['match', 'pay', 'memberConfirm', 'memberAppeal', 'operatorComplete', 'freeze', 'unfreeze', 'expire'] as const;

  it('withdrawals: only allowed steps, the lock leaves or returns exactly once', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...drawEvents), { minLength: 1, maxLength: 8 }), async (events) => {
        const { memberId, token } = await suite.memberWithBalance(1_000_00);
        await suite.call(withdrawPasswordSet, { password: PIN }, { token });
        const request = { amount: 300, withdrawType: 0 as const, withdrawPassword: PIN, bankName: 'ABC', bankCard: '6228480012345678' };
        const { billNo } = (await suite.callWithKey(withdrawalRequest, request, token)).body.data;
        for (const event of events) {
          const before = await stateOf('withdrawal_draws', billNo);
          const code = await drawAction(event, billNo, token);
          const after = await stateOf('withdrawal_draws', billNo);
          const target = allowedTarget(ALLOWED_DRAW, before, event);
          expect(after).toBe(target ?? before);
          expect(code).toBe(target === undefined ? CODE.illegalTransition : 0);
          const wallets = [await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')];
          expect(wallets).toEqual(after === 4016 ? [1_000_00, 0] : after === 4015 ? [700_00, 0] : [700_00, 300_00]);
        }
      }),
      RUNS,
    );
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  /** Runs one deposit event; answers the code, or the provider callback's result. */
  async function depositAction(event: (typeof depositEvents)[number], billNo: string, token: string): Promise<string> {
    const ops = { token: suite.opsToken };
    switch (event) {
      case 'memberPaid':
        return String((await suite.call(alreadyPaid, { billNo }, { token })).body.code);
      case 'memberCancel':
        return String((await suite.call(cancelNormalOrder, { billNo }, { token })).body.code);
      case 'providerPaid':
      case 'providerFailed': {
        const outcome = event === 'providerPaid' ? 'paid' : 'failed';
        const { body } = await suite.call(opsSandboxPayment, { billNo, outcome, duplicate: true }, ops);
        return body.data.deliveries.find((d) => d.result !== 'duplicate')!.result;
      }
      case 'operatorConfirm':
        return String((await suite.call(opsDepositConfirm, { billNo }, ops)).body.code);
      case 'operatorReject':
        return String((await suite.call(opsDepositReject, { billNo }, ops)).body.code);
      case 'expire':
        return String((await suite.call(opsDepositExpire, { billNo }, ops)).body.code);
    }
  }

  async function drawAction(event: (typeof drawEvents)[number], billNo: string, token: string): Promise<number> {
    const byOperator = { match: opsWithdrawalMatch, pay: opsWithdrawalPay, operatorComplete: opsWithdrawalComplete, freeze: opsWithdrawalFreeze, unfreeze: opsWithdrawalUnfreeze, expire: opsWithdrawalExpire } as const;
    if (event === 'memberConfirm') return (await suite.call(withdrawalConfirm, { billNo }, { token })).body.code;
    if (event === 'memberAppeal') return (await suite.call(withdrawalAppeal, { billNo, content: 'not received' }, { token })).body.code;
    return (await suite.call(byOperator[event], { billNo }, { token: suite.opsToken })).body.code;
  }
});
