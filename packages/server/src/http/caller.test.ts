import { describe, expect, it } from 'vitest';
import { md5Hex } from '@lobby/sdk';
import { nativeMd5Hex } from './caller.js';

describe('the signature check', () => {
  it('computes the same MD5 hex as the sdk that browsers sign with, for any text', () => {
    const texts = ['', 'POST\n/api/wallet\n1700000000000\nnonce-1\ndevice\n{}\nkey', '中文 签名 😀', 'a'.repeat(1000)];
    for (const text of texts) expect(nativeMd5Hex(text)).toBe(md5Hex(text));
    expect(nativeMd5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });
});
