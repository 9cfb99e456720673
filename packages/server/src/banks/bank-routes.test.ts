import { describe, expect, it } from 'vitest';
import {
  CODE, bindBankCard, deleteBankCard, eWalletAddressAdd, eWalletAddressRemove, memberBankList, virtualCurrencyDelete,
  userInfo, virtualCurrencyInsert, virtualCurrencyList, walletTypeGet, walletTypeSet,
} from '@lobby/sdk';
import { signedInject } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { normalisedCardNo } from './bank-cards.js';

/** Appends the Luhn check digit to a card number body. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d += 1) if (normalisedCardNo(`${body}${d}`)) return `${body}${d}`;
  throw new Error('no check digit');
}

const TRC20 = 'TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ';
const ERC20 = '0x1fbf7c7e53eA4523733A69e35b55c90743A0461d';

describe('bank card numbers', () => {
  it('keeps 16 to 19 digits with a valid Luhn check digit, ignoring spaces', () => {
    expect(normalisedCardNo('4111 1111 1111 1111')).toBe('4111111111111111');
    expect(normalisedCardNo('4111111111111112')).toBeUndefined();
    expect(normalisedCardNo('411111111111')).toBeUndefined();
    expect(normalisedCardNo('4111a11111111111')).toBeUndefined();
    expect(normalisedCardNo(withCheckDigit('622202123456789012'))).toHaveLength(19);
  });
});

describe.each(testEngines())('banks and addresses on %s', (engine) => {
  const suite = serverSuite(engine);

  it('binds, lists masked and deletes bank cards of both types, refusing bad numbers and duplicates', async () => {
    const { token } = await suite.memberWithBalance(0);
    const hasBank = async () => (await suite.call(userInfo, {}, { token })).body.data.has_bank;
    expect(await hasBank()).toBe(false);
    const cardNo = withCheckDigit('622202123456789012');
    const bound = await suite.call(bindBankCard, { type: 0, bankName: 'ICBC', cardNo, realName: '张三' }, { token });
    expect(await hasBank()).toBe(true); // the member info's has_bank follows the cards
    expect(bound.body.data).toMatchObject({ type: 0, bankName: 'ICBC', cardNo: `**** ${cardNo.slice(-4)}`, realName: '张三' });
    const credit = await suite.call(bindBankCard, { type: 1, bankName: '<b>Bank</b>', cardNo: '4111 1111 1111 1111', realName: 'Li' }, { token });
    expect(credit.body.data).toMatchObject({ type: 1, bankName: '<b>Bank</b>' });
    expect((await suite.call(bindBankCard, { type: 0, bankName: 'ICBC', cardNo, realName: 'x' }, { token })).body.code).toBe(CODE.bankCardDuplicate);
    expect((await suite.call(bindBankCard, { type: 0, bankName: 'ICBC', cardNo: '4111111111111112', realName: 'x' }, { token })).body.code).toBe(CODE.bankCardInvalid);
    expect((await suite.call(bindBankCard, { type: 0, bankName: '  ', cardNo: withCheckDigit('411111111111222'), realName: 'x' }, { token })).body.code).toBe(CODE.invalidField);
    for (const body of [{ type: 2, bankName: 'a', cardNo: '1', realName: 'b' }, { type: 0, bankName: 'a', cardNo: 1, realName: 'b' }, { type: 0, bankName: 'a', realName: 'b' }]) {
      expect((await signedInject(suite.app, { call: bindBankCard, body, token })).statusCode).toBe(400);
    }
    const list = await suite.call(memberBankList, {}, { token });
    expect(list.body.data.list.map((c) => c.type)).toEqual([1, 0]);
    expect(JSON.stringify(list.body.data)).not.toContain(cardNo);
    expect((await suite.call(deleteBankCard, { id: bound.body.data.id }, { token })).body.data).toEqual({ id: bound.body.data.id });
    expect((await suite.call(memberBankList, {}, { token })).body.data.list).toHaveLength(1);
    expect((await suite.call(deleteBankCard, { id: bound.body.data.id }, { token })).body.code).toBe(CODE.bankCardNotFound);
    expect(await hasBank()).toBe(true);
    expect((await suite.call(deleteBankCard, { id: credit.body.data.id }, { token })).body.code).toBe(0);
    expect(await hasBank()).toBe(false);
  });

  it('caps bank cards at 5', async () => {
    const { token } = await suite.memberWithBalance(0);
    for (let i = 0; i < 5; i += 1) {
      expect((await suite.call(bindBankCard, { type: 0, bankName: 'B', cardNo: withCheckDigit(`62220212345678900${i}`), realName: 'R' }, { token })).body.code).toBe(0);
    }
    expect((await suite.call(bindBankCard, { type: 0, bankName: 'B', cardNo: withCheckDigit('622202123456789009'), realName: 'R' }, { token })).body.code).toBe(CODE.bankCardLimit);
  });

  it("hides another member's cards and addresses and refuses to delete them", async () => {
    const a = await suite.memberWithBalance(0);
    const b = await suite.memberWithBalance(0);
    const card = await suite.call(bindBankCard, { type: 0, bankName: 'ICBC', cardNo: '4111111111111111', realName: 'A' }, { token: a.token });
    const address = await suite.call(virtualCurrencyInsert, { protocol: 0, address: TRC20 }, { token: a.token });
    expect((await suite.call(memberBankList, {}, { token: b.token })).body.data.list).toEqual([]);
    expect((await suite.call(virtualCurrencyList, {}, { token: b.token })).body.data.list).toEqual([]);
    expect((await suite.call(deleteBankCard, { id: card.body.data.id }, { token: b.token })).body.code).toBe(CODE.bankCardNotFound);
    expect((await suite.call(virtualCurrencyDelete, { id: address.body.data.id }, { token: b.token })).body.code).toBe(CODE.virtualAddressNotFound);
    expect((await suite.call(memberBankList, {}, { token: a.token })).body.data.list).toHaveLength(1);
    expect((await suite.call(virtualCurrencyList, {}, { token: a.token })).body.data.list).toHaveLength(1);
    expect((await suite.call(memberBankList, {})).status).toBe(401);
  });

  it('validates addresses by protocol and keeps e-wallets apart', async () => {
    const { token } = await suite.memberWithBalance(0);
    expect((await suite.call(virtualCurrencyInsert, { protocol: 0, address: ` ${TRC20} `, alias: 'main' }, { token })).body.data).toMatchObject({ protocol: 0, address: TRC20, alias: 'main' });
    expect((await suite.call(virtualCurrencyInsert, { protocol: 1, address: ERC20 }, { token })).body.code).toBe(0);
    expect((await suite.call(virtualCurrencyInsert, { protocol: 2, address: '13tsLebsD4dwF5mxht1hUESKj7hps7u4W2' }, { token })).body.code).toBe(0);
    expect((await suite.call(virtualCurrencyInsert, { protocol: 0, address: TRC20 }, { token })).body.code).toBe(CODE.virtualAddressDuplicate);
    for (const [protocol, address] of [[0, ERC20], [1, TRC20], [2, `0${'B'.repeat(30)}`], [0, `T${'0'.repeat(33)}`], [8, 'hello']] as const) {
      expect((await suite.call(virtualCurrencyInsert, { protocol, address }, { token })).body.code, `${protocol} ${address}`).toBe(CODE.virtualAddressInvalid);
    }
    for (const body of [{ protocol: 9, address: TRC20 }, { protocol: '0', address: TRC20 }, { protocol: 0, address: '' }, { protocol: 0 }]) {
      expect((await signedInject(suite.app, { call: virtualCurrencyInsert, body, token })).statusCode, JSON.stringify(body)).toBe(400);
    }
    const wallet = await suite.call(eWalletAddressAdd, { protocol: 3, address: 'ebpay_user01' }, { token });
    expect(wallet.body.data).toMatchObject({ protocol: 3, address: 'ebpay_user01' });
    expect((await suite.call(eWalletAddressAdd, { protocol: 4, address: 'bad' }, { token })).body.code).toBe(CODE.virtualAddressInvalid);
    expect((await signedInject(suite.app, { call: eWalletAddressAdd, body: { protocol: 0, address: TRC20 }, token })).statusCode).toBe(400);
    const trc = (await suite.call(virtualCurrencyList, {}, { token })).body.data.list.find((a) => a.protocol === 0)!;
    expect((await suite.call(eWalletAddressRemove, { id: trc.id }, { token })).body.code).toBe(CODE.virtualAddressNotFound);
    expect((await suite.call(eWalletAddressRemove, { id: wallet.body.data.id }, { token })).body.code).toBe(0);
    expect((await suite.call(virtualCurrencyDelete, { id: trc.id }, { token })).body.code).toBe(0);
    expect((await suite.call(virtualCurrencyList, {}, { token })).body.data.list.map((a) => a.protocol)).toEqual([2, 1]);
  });

  it('gets and sets the wallet type per member', async () => {
    const a = await suite.memberWithBalance(0);
    const b = await suite.memberWithBalance(0);
    expect((await suite.call(walletTypeGet, {}, { token: a.token })).body.data).toEqual({ walletType: 1 });
    expect((await suite.call(walletTypeSet, { walletType: 2 }, { token: a.token })).body.data).toEqual({ walletType: 2 });
    expect((await suite.call(walletTypeGet, {}, { token: a.token })).body.data).toEqual({ walletType: 2 });
    expect((await suite.call(walletTypeGet, {}, { token: b.token })).body.data).toEqual({ walletType: 1 });
    expect((await signedInject(suite.app, { call: walletTypeSet, body: { walletType: 3 }, token: a.token })).statusCode).toBe(400);
  });
});
