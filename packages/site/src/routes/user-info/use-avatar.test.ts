import { describe, expect, it } from 'vitest';
import { AVATAR_BYTES_MAX } from '@lobby/sdk';
import { avatarFileProblem, percentOf } from './use-avatar.js';

describe('avatar upload on the profile page', () => {
  it('turns upload progress into a whole percentage', () => {
    expect(percentOf(0, 1000)).toBe(0);
    expect(percentOf(333, 1000)).toBe(33);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });
  it('refuses a file too large or of another type before sending it', () => {
    expect(avatarFileProblem({ size: 10, type: 'image/png' })).toBe('');
    expect(avatarFileProblem({ size: 10, type: '' })).toBe('');
    expect(avatarFileProblem({ size: AVATAR_BYTES_MAX + 1, type: 'image/jpeg' })).toBe('avatarTooLarge');
    expect(avatarFileProblem({ size: 10, type: 'image/gif' })).toBe('avatarType');
    expect(avatarFileProblem({ size: 10, type: 'image/svg+xml' })).toBe('avatarType');
  });
});
