import { describe, expect, it } from 'vitest';
import { CLIENT_CODE, CODE, WIRE_CODE, buyCoin, coinWalletBalance, encodeRequest, allCalls } from '@lobby/sdk';
import { encodeJsonRequest } from './api.js';

/** The codes the widgets' client reads: the sdk core's WIRE_CODE and CLIENT_CODE. */
const WIDGET_CODE = {
  success: WIRE_CODE.success,
  tokenInvalid: WIRE_CODE.tokenInvalid,
  idempotencyKeyMissing: WIRE_CODE.idempotencyKeyMissing,
  internalError: WIRE_CODE.internalError,
  ...CLIENT_CODE,
};

describe('widget client codes', () => {
  it('are the contract codes', () => {
    expect(WIDGET_CODE).toEqual({
      success: CODE.success,
      tokenInvalid: CODE.tokenInvalid,
      idempotencyKeyMissing: CODE.idempotencyKeyMissing,
      internalError: CODE.internalError,
      networkError: CLIENT_CODE.networkError,
      badResponse: CLIENT_CODE.badResponse,
    });
  });

  it('encode JSON calls exactly as the sdk does, for every kind of base URL', () => {
    for (const base of ['', '/api/', 'http://127.0.0.1:3000', 'https://api.example/lobby/']) {
      expect(encodeJsonRequest(buyCoin, { money: 18 }, base)).toEqual(encodeRequest(buyCoin, { money: 18 }, base));
      expect(encodeJsonRequest(coinWalletBalance, {}, base)).toEqual(encodeRequest(coinWalletBalance, {}, base));
    }
  });

  it('refuse a call that is not JSON', () => {
    const notJson = allCalls.find((call) => call.style !== 'json');
    expect(notJson).toBeDefined();
    expect(() => encodeJsonRequest(notJson!, {}, '')).toThrow(/JSON calls only/);
  });
});
