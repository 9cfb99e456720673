import { describe, expect, it } from 'vitest';
import { checkAddress, checkCardNo } from './wallet-address.js';

const trc20 = 'TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ';
const erc20 = '0x1fbf7c7e53eA4523733A69e35b55c90743A0461d';
const omni = '13tsLebsD4dwF5mxht1hUESKj7hps7u4W2';

describe('checkAddress', () => {
  it('takes each protocol by its own rule, as the server does', () => {
    expect(checkAddress(0, ` ${trc20} `)).toEqual({ ok: true, address: trc20 });
    expect(checkAddress(8, trc20)).toEqual({ ok: true, address: trc20 });
    for (const protocol of [1, 6, 7] as const) expect(checkAddress(protocol, erc20)).toEqual({ ok: true, address: erc20 });
    for (const protocol of [2, 5] as const) expect(checkAddress(protocol, omni)).toEqual({ ok: true, address: omni });
    expect(checkAddress(3, 'ebpay_user@1')).toEqual({ ok: true, address: 'ebpay_user@1' });
  });

  it('refuses an address of another protocol, a bad shape and an empty field', () => {
    expect(checkAddress(0, erc20)).toEqual({ ok: false, problem: 'addressInvalid' });
    expect(checkAddress(1, trc20)).toEqual({ ok: false, problem: 'addressInvalid' });
    expect(checkAddress(0, `T${'0'.repeat(33)}`)).toEqual({ ok: false, problem: 'addressInvalid' });
    expect(checkAddress(2, `2${'B'.repeat(30)}`)).toEqual({ ok: false, problem: 'addressInvalid' });
    expect(checkAddress(4, 'short')).toEqual({ ok: false, problem: 'addressInvalid' });
    expect(checkAddress(4, 'has space here')).toEqual({ ok: false, problem: 'addressInvalid' });
    expect(checkAddress(0, '  ')).toEqual({ ok: false, problem: 'addressEmpty' });
  });

  it('names a one-character typo that only the checksum catches, so the page can say "check for a typo"', () => {
    expect(checkAddress(0, `${trc20.slice(0, -1)}B`)).toEqual({ ok: false, problem: 'addressChecksum' });
    expect(checkAddress(1, erc20.replace('eA45', 'EA45'))).toEqual({ ok: false, problem: 'addressChecksum' });
    expect(checkAddress(2, `${omni.slice(0, -1)}3`)).toEqual({ ok: false, problem: 'addressChecksum' });
  });
});

describe('checkCardNo', () => {
  it('takes 16 to 19 digits passing Luhn, spaces and dashes dropped', () => {
    expect(checkCardNo('4111 1111 1111 1111')).toEqual({ ok: true, cardNo: '4111111111111111' });
    expect(checkCardNo('6222-0000-0000-0000-004')).toEqual({ ok: true, cardNo: '6222000000000000004' });
  });

  it('refuses a wrong check digit, a wrong length, letters and an empty field', () => {
    expect(checkCardNo('4111111111111112')).toEqual({ ok: false, problem: 'cardInvalid' });
    expect(checkCardNo('411111111111111')).toEqual({ ok: false, problem: 'cardInvalid' });
    expect(checkCardNo('4111a11111111111')).toEqual({ ok: false, problem: 'cardInvalid' });
    expect(checkCardNo('')).toEqual({ ok: false, problem: 'cardEmpty' });
  });
});
