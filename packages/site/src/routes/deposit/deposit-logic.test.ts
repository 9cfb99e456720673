import { describe, expect, it } from 'vitest';
import { CODE, messageForCode, type PayChannel } from '@lobby/sdk';
import { DEPOSIT_RESULT_CODES, USDT_DEPOSIT_STEPS, TUTORIALS, depositAmountProblem, depositProgress, hintExamples, mustBindPhoneFirst, quickAmountsOf, speedBlock, resultAction, tutorialOf } from './deposit-logic.js';

const bank: PayChannel = {
  pay_type_id: '1', typeName: 'Bank transfer', userName: '银行卡转账', icon: '', deposit_min_amount: 100, deposit_max_amount: 50_000, fixed_amount: [],
  depositRate: 1, maxDailyDiscount: 188, recommend: true, sort: 1, transfer: true, exchange: false, dc_protocol: '',
};

describe('deposit page logic', () => {
  it('places each order state on the four steps', () => {
    expect(depositProgress(101)).toEqual({ step: 1, ended: null });
    expect(depositProgress(102)).toEqual({ step: 2, ended: null });
    expect(depositProgress(104)).toEqual({ step: 3, ended: null });
    expect(depositProgress(103).ended).toBe('closed');
    expect(depositProgress(105).ended).toBe('expired');
  });

  it('checks amounts exactly against the channel range', () => {
    expect(depositAmountProblem('', bank)).toBe('amountEmpty');
    expect(depositAmountProblem('  ', bank)).toBe('amountEmpty');
    expect(depositAmountProblem('12a', bank)).toBe('amountNotNumber');
    expect(depositAmountProblem('-5', bank)).toBe('amountNotNumber');
    expect(depositAmountProblem('100.001', bank)).toBe('amountDecimals');
    expect(depositAmountProblem('99.99', bank)).toBe('amountOutOfRange');
    expect(depositAmountProblem('50000.01', bank)).toBe('amountOutOfRange');
    expect(depositAmountProblem('100', bank)).toBeNull();
    expect(depositAmountProblem('50000.00', bank)).toBeNull();
    expect(depositAmountProblem('101.5', bank)).toBeNull();
  });

  it('makes 5 random-tailed quick amounts in range when the channel has none, and uses its own otherwise', () => {
    const amounts = quickAmountsOf(bank, () => 0.5);
    expect(amounts).toHaveLength(5);
    for (const amount of amounts) expect(amount >= 100 && amount <= 50_000 && amount % 100 !== 0).toBe(true);
    expect(quickAmountsOf(bank, () => 0)).toEqual([101, 501, 1001, 2001, 4901]);
    expect(quickAmountsOf({ ...bank, pay_type_id: '112', deposit_min_amount: 5000, deposit_max_amount: 1_000_000 }, () => 0)).toEqual([50_001, 80_001, 100_001, 150_001, 199_901]);
    expect(quickAmountsOf({ ...bank, fixed_amount: [100, 200, 500] })).toEqual([100, 200, 500]);
  });

  it('gives hint examples with odd tails', () => {
    expect(hintExamples(bank, () => 0)).toEqual([101, 501]);
  });

  it('has a meaning in both languages for every result code of spec section 8, and a reaction where the page has one', () => {
    for (const code of DEPOSIT_RESULT_CODES) {
      expect(messageForCode(code, 'zh-CN'), String(code)).toBeTruthy();
      expect(messageForCode(code, 'en'), String(code)).toBeTruthy();
    }
    expect(resultAction(CODE.hasOtherOne)).toBe('showOrder');
    expect(resultAction(CODE.tooMany)).toBe('showCancelCount');
    expect(resultAction(CODE.guide)).toBe('showTutorial');
    expect(resultAction(CODE.recommendPayment)).toBe('chooseRecommended');
    expect(resultAction(CODE.helpGuests)).toBe('customerService');
    expect(resultAction(CODE.errorName)).toBe('depositorName');
    expect(resultAction(CODE.noAvailable)).toBe('otherChannel');
    expect(resultAction(CODE.internalError)).toBeNull();
  });

  it('has the USDT routes and tutorials of the spec', () => {
    expect(USDT_DEPOSIT_STEPS.rmb).toHaveLength(3);
    expect(USDT_DEPOSIT_STEPS.usdt).toEqual(['chooseColdWallet', 'selectProtocol', 'enterAmount', 'completed']);
    expect(TUTORIALS).toEqual({ alipay: 5, unionPay: 3, wechat: 4, onlineBank: 4 });
    expect(tutorialOf('411')).toBe('alipay');
    expect(tutorialOf('912')).toBeNull();
  });

  it('sends a member without a bound phone to bind one only when the brand asks for it', () => {
    const config = (status: 0 | 1, phoneBound: boolean) => ({ keyType: 2, keyCode: 'deposit_verify_mobile_phone' as const, status, phoneBound });
    expect(mustBindPhoneFirst(config(1, false))).toBe(true);
    expect(mustBindPhoneFirst(config(1, true))).toBe(false);
    expect(mustBindPhoneFirst(config(0, false))).toBe(false);
    expect(mustBindPhoneFirst(undefined)).toBe(false);
  });

  it('blocks a speed-to-card deposit while the banks are in maintenance or none is left today', () => {
    expect(speedBlock({ bankMaintain: true, payCount: 3 })).toBe('speedMaintain');
    expect(speedBlock({ bankMaintain: false, payCount: 0 })).toBe('speedNoneLeft');
    expect(speedBlock({ bankMaintain: false, payCount: 1 })).toBeNull();
  });
});
