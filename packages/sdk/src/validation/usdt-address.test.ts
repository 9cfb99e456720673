import { describe, expect, it } from 'vitest';
import { validateUsdtAddress, VIRTUAL_PROTOCOL } from '@lobby/sdk';

const trc20 = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const erc20 = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
const omni = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';

describe('USDT address by protocol (spec section 5)', () => {
  it('accepts each protocol its own shape, by number or name', () => {
    expect(validateUsdtAddress(trc20, VIRTUAL_PROTOCOL.TRC20)).toEqual({ ok: true, value: trc20 });
    expect(validateUsdtAddress(erc20, 'ERC20')).toEqual({ ok: true, value: erc20 });
    expect(validateUsdtAddress(omni, 2).ok).toBe(true);
    expect(validateUsdtAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'omni').ok).toBe(true);
    expect(validateUsdtAddress(`  ${trc20} `, '0')).toEqual({ ok: true, value: trc20 });
  });

  it('refuses another protocol\'s address', () => {
    expect(validateUsdtAddress(erc20, 'TRC20')).toEqual({ ok: false, error: 'usdtAddressInvalid' });
    expect(validateUsdtAddress(trc20, 'ERC20').ok).toBe(false);
    expect(validateUsdtAddress(trc20, 'OMNI').ok).toBe(false);
  });

  it('checks the prefix, the length and the alphabet', () => {
    expect(validateUsdtAddress(`A${trc20.slice(1)}`, 'TRC20').ok).toBe(false);
    expect(validateUsdtAddress(trc20.slice(0, 33), 'TRC20').ok).toBe(false);
    expect(validateUsdtAddress(`${trc20.slice(0, 33)}0`, 'TRC20').ok).toBe(false); // 0 is not base58
    expect(validateUsdtAddress(erc20.slice(0, 41), 'ERC20').ok).toBe(false);
    expect(validateUsdtAddress(`${erc20.slice(0, 41)}g`, 'ERC20').ok).toBe(false);
    expect(validateUsdtAddress(`2${omni.slice(1)}`, 'OMNI').ok).toBe(false);
    expect(validateUsdtAddress('1abc', 'OMNI').ok).toBe(false);
  });

  it('other protocols have no rule here', () => {
    expect(validateUsdtAddress(trc20, 'EBPAY')).toEqual({ ok: false, error: 'usdtProtocolUnsupported' });
    expect(validateUsdtAddress(trc20, '')).toEqual({ ok: false, error: 'usdtProtocolUnsupported' });
    expect(validateUsdtAddress(trc20, 99).ok).toBe(false);
  });
});
