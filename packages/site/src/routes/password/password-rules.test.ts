import { describe, expect, it } from 'vitest';
import { newPasswordProblem, oldPasswordProblem, withdrawPasswordProblem } from './password-rules.js';

describe('password rules of the password page', () => {
  it('asks for the old password, then a new one of 6 to 20 characters that differs and is confirmed', () => {
    expect(oldPasswordProblem('')).toBe('oldEmpty');
    expect(oldPasswordProblem('demo1234')).toBe('');
    expect(newPasswordProblem('demo1234', '12345', '12345')).toBe('newLength');
    expect(newPasswordProblem('demo1234', 'x'.repeat(21), 'x'.repeat(21))).toBe('newLength');
    expect(newPasswordProblem('demo1234', 'demo1234', 'demo1234')).toBe('sameAsOld');
    expect(newPasswordProblem('demo1234', 'next5678', 'next5679')).toBe('confirmDiffers');
    expect(newPasswordProblem('demo1234', 'next5678', 'next5678')).toBe('');
  });

  it('takes a withdrawal password of exactly 6 digits, confirmed', () => {
    expect(withdrawPasswordProblem('12345', '12345')).toBe('withdrawDigits');
    expect(withdrawPasswordProblem('12345a', '12345a')).toBe('withdrawDigits');
    expect(withdrawPasswordProblem('123456', '123457')).toBe('confirmDiffers');
    expect(withdrawPasswordProblem('123456', '123456')).toBe('');
  });
});
