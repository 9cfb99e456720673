import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_CODE, CODE, messageForCode, t } from '@lobby/sdk';
import { refusalOf } from '../../modules/refusal.js';
import { betsFailureText } from './my-bets.js';

describe('my bets when they cannot be read', () => {
  it("words each failure with the error catalogue's message of its code, in the member's language, not one 'server busy'", () => {
    const lapsed = refusalOf(new ApiError({ code: CODE.tokenInvalid, status: 401, message: 'x' }));
    expect(betsFailureText(lapsed, 'en')).toBe(messageForCode(CODE.tokenInvalid, 'en'));
    expect(betsFailureText(lapsed, 'zh-CN')).toBe(messageForCode(CODE.tokenInvalid, 'zh-CN'));
    expect(betsFailureText(lapsed, 'en')).not.toBe(t('serverBusy', undefined, 'en'));
    const offline = refusalOf(new ApiError({ code: CLIENT_CODE.networkError, status: 0, message: 'x' }));
    // No answer at all: the catalogue's general failure text.
    expect(betsFailureText(offline, 'en')).toBe(t('requestFailed', undefined, 'en'));
  });
});
