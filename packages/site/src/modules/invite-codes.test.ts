import { describe, expect, it } from 'vitest';
import { captureInviteCodes, inviteCodeOf } from './invite-codes.js';

function memory() {
  const values = new Map<string, string>();
  return { get: (key: string) => values.get(key) ?? null, set: (key: string, value: string) => void values.set(key, value) };
}

describe('invite codes', () => {
  it('keeps the codes of the landing URL for registration, and keeps them on later pages', () => {
    const storage = memory();
    expect(captureInviteCodes('?r_code=R1&agent_verify=1&isfission=1&other=x', storage)).toEqual({ r_code: 'R1', agent_verify: '1', isfission: '1' });
    expect(inviteCodeOf(storage)).toBe('R1');
    captureInviteCodes('?i_code=I9', storage);
    expect(inviteCodeOf(storage)).toBe('I9');
    captureInviteCodes('', storage);
    expect(inviteCodeOf(storage)).toBe('I9');
  });

  it('ignores empty and overlong codes', () => {
    const storage = memory();
    captureInviteCodes(`?i_code=&r_code=${'x'.repeat(33)}`, storage);
    expect(inviteCodeOf(storage)).toBeUndefined();
  });
});
