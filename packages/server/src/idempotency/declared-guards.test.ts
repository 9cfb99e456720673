import { describe, expect, it, vi } from 'vitest';
import { allCalls, buyCoin, venueTransferIn, yuebaoToYeb, type AnyCall } from '@lobby/sdk';
import { IDEMPOTENCY_KINDS, type IdempotencyKind } from '../http/idempotency.js';
import { buildTestApp } from '../testing/app.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

/**
 * The guard each money call of the contract declares with its registration (issue 16):
 * venue transfers span transactions, the coin purchase claims its own key, every other
 * money call runs in the ledger guard's transaction. A new money call adds its line.
 */
const DECLARED: Readonly<Record<string, IdempotencyKind>> = {
  buyCoin: 'passThrough',
  venueTransferIn: 'spanning',
  venueTransferOut: 'spanning',
  oneClickRecycle: 'spanning',
  oneClickRecycleV2: 'spanning',
  giftRewardSend: 'ledger',
  depositPay: 'ledger',
  usdtDepositPay: 'ledger',
  withdrawalRequest: 'ledger',
  usdtWithdraw: 'ledger',
  eWalletWithdraw: 'ledger',
  usdtToRmb: 'ledger',
  rmbToUsdt: 'ledger',
  yuebaoToYeb: 'ledger',
  yuebaoToCentre: 'ledger',
  vipGiftApply: 'ledger',
  vipBirthdayApply: 'ledger',
  // Issue 20: every activity claim, the operator's activity create (it funds the budget).
  discountApply: 'ledger', opsActivityCreate: 'ledger', bonusForfeit: 'ledger', depositFirstReceive: 'ledger', depositAgainJoin: 'ledger',
  depositNoLimitApply: 'ledger', depositStageApply: 'ledger', monthMoneyReceive: 'ledger', signInSign: 'ledger', signInRetroactive: 'ledger',
  signInReceiveAward: 'ledger', newTaskReceive: 'ledger', drawGiftDraw: 'ledger', spinWheelDraw: 'ledger', redPacketRainGrab: 'ledger',
  breakoutClaim: 'ledger', presentApply: 'ledger', superGiftApply: 'ledger', promoV2ListApply: 'ledger', vipUpgradePromotionsApply: 'ledger',
  happySendApply: 'ledger', luxuryExchange: 'ledger', topGiftExchange: 'ledger', topGiftDividend: 'ledger', fanShuiClaim: 'ledger',
  // [block R1: its money calls go above this line]
  // [block R2: its money calls go above this line]
  exclusionTake: 'spanning',
  // [block R3: its money calls go above this line]
  // [block R4: its money calls go above this line]
  // [block C1: its money calls go above this line]
  // [block C2: its money calls go above this line]
  inviteFriendApply: 'ledger', inviteeApply: 'ledger',
  // [block C3: its money calls go above this line]
  campaignCarnivalApply: 'ledger', campaignShotKick: 'ledger',
  // [block C4: its money calls go above this line]
};

/** One money call of each kind, with a request that succeeds for a member holding 1,000 yuan. */
const ONE_OF_EACH: ReadonlyArray<[IdempotencyKind, AnyCall, object]> = [
  ['ledger', yuebaoToYeb, { money: 100 }],
  ['spanning', venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 10 }],
  ['passThrough', buyCoin, { money: 1 }],
];

describe.each(testEngines())('declared idempotency guards on %s', (engine) => {
  const suite = serverSuite(engine);

  it('registers every movesMoney call of the contract with the guard it declares, and no other call', () => {
    const moneyCalls = allCalls.filter((call) => call.movesMoney).map((call) => call.name);
    expect(Object.keys(DECLARED).sort()).toEqual([...moneyCalls].sort());
    expect(Object.fromEntries(suite.app.lobby.idempotency.kinds)).toEqual(DECLARED);
  });

  it('keeps the declarations whatever the order of the route groups', async () => {
    const { routeGroups } = await import('../route-groups.js');
    const reversed = await buildTestApp(suite.db, { routeGroups: [...routeGroups].reverse() });
    try {
      expect(Object.fromEntries(reversed.lobby.idempotency.kinds)).toEqual(DECLARED);
    } finally {
      await reversed.close();
    }
  });

  it.each(ONE_OF_EACH)('runs the requests of a %s call through that guard and no other', async (kind, call, request) => {
    const spies = Object.fromEntries(IDEMPOTENCY_KINDS.map((each) => [each, vi.spyOn(suite.app.lobby.idempotency.guardOf(each), 'run')]));
    try {
      const { token } = await suite.memberWithBalance(1_000_00);
      const answer = await suite.callWithKey(call, request as never, token);
      expect([answer.status, answer.body.code]).toEqual([200, 0]);
      for (const each of IDEMPOTENCY_KINDS) {
        expect(spies[each]!.mock.calls.map(([guarded]) => guarded.callName)).toEqual(each === kind ? [call.name] : []);
      }
    } finally {
      for (const spy of Object.values(spies)) spy.mockRestore();
    }
  });
});
