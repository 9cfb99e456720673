import { describe, expect, it } from 'vitest';
import { identityProblem } from './identity-form.js';

describe('the ID card form', () => {
  it('checks the name and the 18-character number before sending', () => {
    expect(identityProblem('张三', '11010119900307123X')).toBeNull();
    expect(identityProblem('张三', '110101199003071234')).toBeNull();
    expect(identityProblem('张', '110101199003071234')).toBe('nameProblem');
    expect(identityProblem('张三', '110101900307123')).toBe('idCardProblem');
    expect(identityProblem('张三', '11010119900307123Z')).toBe('idCardProblem');
  });
});
