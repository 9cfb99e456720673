import { describe, expect, it } from 'vitest';
import { ApiError, CODE } from '@lobby/sdk';
import { refusalOf, refusalText } from './refusal.js';

describe('refusal', () => {
  it('reads an ApiError, and anything else as an internal error', () => {
    const failure = new ApiError({ code: CODE.operationTooFrequent, status: 200, message: 'slow down' });
    expect(refusalOf(failure)).toEqual({ code: CODE.operationTooFrequent, message: failure.message, serverMessage: failure.serverMessage });
    expect(refusalOf(new Error('boom'))).toEqual({ code: CODE.internalError, message: 'Error: boom', serverMessage: '' });
  });

  it('is one line: the message, and the server words in brackets only when they say more', () => {
    const refusal = { code: 260010, message: '活动未开始', serverMessage: 'starts at 10:00' };
    expect(refusalText(refusal, 'zh-CN')).toBe('活动未开始（starts at 10:00）');
    expect(refusalText({ ...refusal, message: 'Not started' }, 'en')).toBe('Not started (starts at 10:00)');
    expect(refusalText({ ...refusal, serverMessage: '活动未开始' }, 'zh-CN')).toBe('活动未开始');
    expect(refusalText({ ...refusal, serverMessage: '' }, 'zh-CN')).toBe('活动未开始');
    expect(refusalText(null, 'zh-CN')).toBe('');
  });
});
