import { describe, expect, it } from 'vitest';
import { ApiError, CODE, codeCountdownSeconds } from '@lobby/sdk';
import { codeClick, failureText, phoneProblem, phoneRulesFor } from './phone-form.js';

const preInfo = { disablePhones: { '170': '虚拟运营商号码暂不支持' }, restrictedPrefixes: ['165'], phoneMinLength: 11, phoneMaxLength: 11 };

describe('bind-phone rules of spec section 5', () => {
  const rules = phoneRulesFor('+86', preInfo);

  it('names each problem of a mainland number in the words of the spec', () => {
    expect(phoneProblem('', rules, 'en')).toBe('The mobile number cannot be empty');
    expect(phoneProblem('1390000', rules, 'en')).toBe('Please enter a valid mobile number');
    expect(phoneProblem('139000000001', rules, 'en')).toBe('Please enter a valid mobile number');
    expect(phoneProblem('17012345678', rules, 'en')).toBe('虚拟运营商号码暂不支持');
    expect(phoneProblem('16512345678', rules, 'en')).toBe('This platform does not support this number');
    expect(phoneProblem('13912345678', rules, 'en')).toBe('');
    expect(phoneProblem('', rules, 'zh-CN')).toBe('手机号不能为空');
  });

  it('keeps prefix rules to +86 and takes 5 to 13 digits elsewhere', () => {
    const overseas = phoneRulesFor('+852', preInfo);
    expect(phoneProblem('17012345', overseas, 'en')).toBe('');
    expect(phoneProblem('1234', overseas, 'en')).toBe('Please enter a valid mobile number');
  });

  it('opens the verification modal for a locked bound phone, else sends within the debounce and countdown', () => {
    const idle = { lastClickAtMs: null, sentAtMs: null };
    expect(codeClick(idle, { phoneLocked: true }, 0)).toBe('verifyBound');
    expect(codeClick(idle, { phoneLocked: false }, 0)).toBe('send');
    expect(codeClick({ lastClickAtMs: 1_000, sentAtMs: null }, { phoneLocked: false }, 2_999)).toBe('ignore');
    expect(codeClick({ lastClickAtMs: 1_000, sentAtMs: null }, { phoneLocked: false }, 3_000)).toBe('send');
    expect(codeClick({ lastClickAtMs: 0, sentAtMs: 0 }, { phoneLocked: false }, 59_999)).toBe('ignore');
    expect(codeClick({ lastClickAtMs: 0, sentAtMs: 0 }, { phoneLocked: false }, 60_000)).toBe('send');
    expect(codeCountdownSeconds(0, 1)).toBe(60);
  });

  it('shows the server reason for a refused phone and the catalogue text for other codes', () => {
    const refusal = new ApiError({ code: CODE.phoneInvalid, status: 200, message: '请输入有效的手机号', serverMessage: 'virtual carrier numbers are not accepted' });
    expect(failureText(refusal)).toBe('virtual carrier numbers are not accepted');
    expect(failureText(new ApiError({ code: CODE.codeWrong, status: 200, message: '验证码错误或已过期', serverMessage: 'the code is wrong or expired' }))).toBe('验证码错误或已过期');
    expect(failureText(new Error('boom'), 'en')).toBe('The request failed, please try again later');
  });
});
