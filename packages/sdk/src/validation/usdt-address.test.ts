import { describe, expect, it } from 'vitest';
import { validateUsdtAddress, VIRTUAL_PROTOCOL } from '@lobby/sdk';

// Addresses derived from sha256('lobby-demo-1') and sha256('lobby-demo-2'), so no one holds
// their keys: the first 20 bytes under each network's version, or the whole hash as a
// taproot program.
const trc20 = 'TCbZoYaJbwyKTdEiDjBuYvbyrtYQ28up7r';
const trc20b = 'TNH1CNzKGvGfiTUP976uQFQS9UJfyBpzLn';
const erc20 = '0x1cD09724561c45f1C98ea88B00f08c05018ed885';
const erc20b = '0x86fF247e9ded5d6C05E798380cf7d32923a8AF9d';
const p2pkh = '13dMoVCaTDrNJTB5dTYC2muqx6o5odyxCc';
const p2sh = '34KNj2h218AkPcsWkZCnTQGn6d5oKRthwz';
const segwitV0 = 'bc1qrngfwfzkr3zlrjvw4z9spuyvq5qcaky99m4kkc';
const taproot = 'bc1prngfwfzkr3zlrjvw4z9spuyvq5qcaky9k7qux8vqr3lcup2qrkuqtxev6c';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** Every one-character change of an address after its prefix, within its own alphabet. */
function typos(address: string, alphabet: string, from: number): string[] {
  const out: string[] = [];
  for (let i = from; i < address.length; i += 1) {
    const other = [...alphabet].find((char) => char !== address[i] && char.toLowerCase() !== address[i]!.toLowerCase())!;
    out.push(address.slice(0, i) + other + address.slice(i + 1));
  }
  return out;
}

describe('USDT address by protocol and checksum', () => {
  it('accepts each protocol its own valid addresses, by number or name', () => {
    expect(validateUsdtAddress(trc20, VIRTUAL_PROTOCOL.TRC20)).toEqual({ ok: true, value: trc20 });
    expect(validateUsdtAddress(trc20b, 'TRX').ok).toBe(true);
    expect(validateUsdtAddress(erc20, 'ERC20')).toEqual({ ok: true, value: erc20 });
    expect(validateUsdtAddress(erc20b, 'eth').ok).toBe(true);
    expect(validateUsdtAddress(p2pkh, 2).ok).toBe(true);
    expect(validateUsdtAddress(p2sh, 'omni').ok).toBe(true);
    for (const address of [p2pkh, p2sh, segwitV0, segwitV0.toUpperCase(), taproot]) expect(validateUsdtAddress(address, 'BTC'), address).toEqual({ ok: true, value: address });
    expect(validateUsdtAddress(`  ${trc20} `, '0')).toEqual({ ok: true, value: trc20 });
  });

  it('takes an EIP-55 address in one case throughout, as the standard allows', () => {
    expect(validateUsdtAddress(erc20.toLowerCase(), 'ERC20').ok).toBe(true);
    expect(validateUsdtAddress(`0x${erc20.slice(2).toUpperCase()}`, 'ERC20').ok).toBe(true);
  });

  it('refuses a mixed-case address with one letter in the wrong case as a checksum mismatch', () => {
    const letters = [...erc20.slice(2)].map((char, i) => ({ char, i: i + 2 })).filter(({ char }) => /[a-f]/i.test(char));
    expect(letters.length).toBeGreaterThan(5);
    for (const { char, i } of letters) {
      const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
      expect(validateUsdtAddress(erc20.slice(0, i) + flipped + erc20.slice(i + 1), 'ERC20')).toEqual({ ok: false, error: 'usdtAddressChecksum' });
    }
  });

  it('refuses every one-character typo of each valid address', () => {
    const cases: [string, string, string, number][] = [
      [trc20, 'TRC20', BASE58, 1],
      [erc20, 'ERC20', '0123456789abcdef', 2],
      [p2pkh, 'OMNI', BASE58, 1],
      [p2sh, 'OMNI', BASE58, 1],
      [segwitV0, 'BTC', BECH32, 4],
      [taproot, 'BTC', BECH32, 4],
    ];
    for (const [address, protocol, alphabet, from] of cases) {
      const wrong = protocol === 'ERC20' ? typos(address.toLowerCase(), alphabet, from).map((typo) => `0x${typo.slice(2)}`) : typos(address, alphabet, from);
      for (const typo of wrong) {
        const result = validateUsdtAddress(protocol === 'ERC20' ? withCaseOf(erc20, typo) : typo, protocol);
        expect(result.ok, `${protocol} ${typo}`).toBe(false);
      }
    }
  });

  it('says a typo is a checksum mismatch, and another protocol\'s address is not this one', () => {
    expect(validateUsdtAddress(`${trc20.slice(0, 10)}${trc20[10] === 'a' ? 'b' : 'a'}${trc20.slice(11)}`, 'TRC20')).toEqual({ ok: false, error: 'usdtAddressChecksum' });
    expect(validateUsdtAddress(`${segwitV0.slice(0, 10)}${segwitV0[10] === 'q' ? 'p' : 'q'}${segwitV0.slice(11)}`, 'BTC')).toEqual({ ok: false, error: 'usdtAddressChecksum' });
    expect(validateUsdtAddress(erc20, 'TRC20')).toEqual({ ok: false, error: 'usdtAddressInvalid' });
    expect(validateUsdtAddress(trc20, 'ERC20')).toEqual({ ok: false, error: 'usdtAddressInvalid' });
    expect(validateUsdtAddress(trc20, 'OMNI').ok).toBe(false);
    expect(validateUsdtAddress(segwitV0, 'OMNI')).toEqual({ ok: false, error: 'usdtAddressInvalid' });
  });

  it('refuses a valid Base58Check text with another network version, and mixed-case Bech32', () => {
    // The same 21 bytes with a Bitcoin version are a valid Base58Check text but no Tron address, and back.
    expect(validateUsdtAddress(p2pkh, 'TRC20')).toEqual({ ok: false, error: 'usdtAddressInvalid' });
    expect(validateUsdtAddress(`bc1Q${segwitV0.slice(4)}`, 'BTC')).toEqual({ ok: false, error: 'usdtAddressInvalid' });
  });

  it('checks the prefix, the length and the alphabet', () => {
    expect(validateUsdtAddress(`A${trc20.slice(1)}`, 'TRC20').ok).toBe(false);
    expect(validateUsdtAddress(trc20.slice(0, 33), 'TRC20').ok).toBe(false);
    expect(validateUsdtAddress(`${trc20.slice(0, 33)}0`, 'TRC20').ok).toBe(false); // 0 is not base58
    expect(validateUsdtAddress(erc20.slice(0, 41), 'ERC20').ok).toBe(false);
    expect(validateUsdtAddress(`${erc20.slice(0, 41)}g`, 'ERC20').ok).toBe(false);
    expect(validateUsdtAddress(`2${p2pkh.slice(1)}`, 'OMNI').ok).toBe(false);
    expect(validateUsdtAddress('1abc', 'OMNI').ok).toBe(false);
  });

  it('e-wallet protocols have no address rule here', () => {
    expect(validateUsdtAddress(trc20, 'EBPAY')).toEqual({ ok: false, error: 'usdtProtocolUnsupported' });
    expect(validateUsdtAddress(trc20, '')).toEqual({ ok: false, error: 'usdtProtocolUnsupported' });
    expect(validateUsdtAddress(trc20, 99).ok).toBe(false);
  });
});

/** A typo of a checksummed EVM address typed in the original's case pattern (digits keep none). */
function withCaseOf(original: string, typo: string): string {
  return [...typo].map((char, i) => (original[i] === original[i]!.toUpperCase() ? char.toUpperCase() : char.toLowerCase())).join('').replace(/^0X/, '0x');
}
