import { describe, expect, it } from 'vitest';
import { CODE, bindBankCard, identityStatus, identityVerify, md5Hex, opsSiteConfigSet, usdtWithdraw, withdrawPasswordSet, withdrawalRequest } from '@lobby/sdk';
import { testEngines } from '../../testing/databases.js';
import { walletOf } from '../../testing/members.js';
import { serverSuite } from '../../testing/server-suite.js';
import { assertIdentityForWithdrawal, missingFactsCode } from './identity-rules.js';
import { SandboxIdentityProvider, checkIdentity, useIdentityProvider, type IdentityProvider } from './provider.js';

const PIN = md5Hex('246810');
const TRC20 = 'TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ';

/** A card number: `body` and its Luhn check digit. */
function luhn(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe('identity rules', () => {
  it('names the missing facts by the spec codes', () => {
    expect(missingFactsCode(new Set(['phone']), false)).toBe(245101);
    expect(missingFactsCode(new Set(['realName']), false)).toBe(244381);
    expect(missingFactsCode(new Set(['realName', 'phone']), false)).toBe(244381);
    expect(missingFactsCode(new Set(['bankCard']), false)).toBe(244382);
    expect(missingFactsCode(new Set(['realName', 'bankCard']), false)).toBe(244382);
    expect(missingFactsCode(new Set(['phone', 'bankCard']), false)).toBe(244383);
    expect(missingFactsCode(new Set(['realName', 'phone', 'bankCard']), false)).toBe(244383);
    expect(missingFactsCode(new Set(['idCard']), false)).toBe(244358);
    expect(missingFactsCode(new Set(['idCard']), true)).toBe(244360);
    expect(missingFactsCode(new Set(), false)).toBeNull();
  });
  it('the sandbox provider answers match, mismatch, unsupported, fails and is late like a real one', async () => {
    const phone = (end: string, areaCode = '+86') => checkIdentity('张三', { kind: 'phone', areaCode, phone: `1380013${end}` }, 300);
    expect(await phone('1234')).toBe('match');
    expect(await phone('0000')).toBe('mismatch');
    expect(await phone('0001')).toBe('failed');
    expect(await phone('0002')).toBe('failed'); // later than the timeout
    expect(await phone('1234', '+852')).toBe('unsupported');
    expect(await new SandboxIdentityProvider(10).verify('张三', { kind: 'idCard', idCardNo: '11010119900307000X' })).toBe('match');
    expect(await new SandboxIdentityProvider(10).verify('张三', { kind: 'bankCard', cardNo: luhn('622202020000000'), cardType: 1 })).toBe('unsupported');
  });
});

describe.each(testEngines())('identity authentication on %s', (engine) => {
  const suite = serverSuite(engine);
  const setConfig = (keyCode: string, value: string, siteId = 4) => suite.call(opsSiteConfigSet, { siteId, keyCode, value }, { token: suite.opsToken });
  const facts = (memberId: number, realName: string, phone: string) => suite.db.query('UPDATE members SET real_name = $2, phone = $3 WHERE id = $1', [memberId, realName, phone]);
  const member = async () => {
    const m = await suite.memberWithBalance(1_000_00);
    await suite.call(withdrawPasswordSet, { password: PIN }, { token: m.token });
    return m;
  };
  const withdraw = (token: string, bankCard = luhn('622202020011223')) =>
    suite.callWithKey(withdrawalRequest, { amount: 100, withdrawType: 0, withdrawPassword: PIN, bankName: 'ICBC', bankCard }, token);
  const nothingMoved = async (memberId: number) => {
    expect([await walletOf(suite.db, memberId), await walletOf(suite.db, memberId, 'locked')]).toEqual([1_000_00, 0]);
    expect((await suite.db.query('SELECT 1 FROM withdrawal_orders WHERE member_id = $1', [memberId])).rows).toHaveLength(0);
  };
  const reset = async () => {
    for (const [key, value] of [['withdraw_bound_only', '0'], ['identity_withdraw_requires', '[]'], ['identity_bind_card_requires', '[]'], ['identity_match_phone', '0'], ['identity_match_bank_card', '0']]) await setConfig(key!, value!);
  };

  it('refuses a withdrawal by the missing facts the brand asks for, each with its code, and nothing moves', async () => {
    await setConfig('identity_withdraw_requires', '["realName","phone","bankCard"]');
    const m = await member();
    expect((await withdraw(m.token)).body.code).toBe(CODE.identityNoRealNamePhoneOrBankCard); // 244383
    await facts(m.memberId, '', '13800138000');
    expect((await withdraw(m.token)).body.code).toBe(CODE.identityNoRealNameOrBankCard); // 244382
    await suite.call(bindBankCard, { type: 0, bankName: 'ICBC', cardNo: luhn('622202020011223'), realName: '张三' }, { token: m.token });
    expect((await withdraw(m.token)).body.code).toBe(CODE.identityNoRealNameOrPhone); // 244381
    await facts(m.memberId, '张三', '');
    const noPhone = await withdraw(m.token);
    expect(noPhone.body).toMatchObject({ code: CODE.identityNoPhone, data: { missing: ['phone'] } }); // 245101
    await nothingMoved(m.memberId);
    await facts(m.memberId, '张三', '13800138000');
    await setConfig('identity_withdraw_requires', '["realName","phone","bankCard","idCard"]');
    expect((await withdraw(m.token)).body.code).toBe(CODE.identityRequired244358);
    expect((await suite.callWithKey(usdtWithdraw, { amount: 20, protocol: 'TRC20', address: TRC20, withdrawPassword: PIN }, m.token)).body.code).toBe(CODE.identityRequired244360);
    await nothingMoved(m.memberId);
    const verified = await suite.call(identityVerify, { realName: '张三', idCardNo: '110101199003071234' }, { token: m.token });
    expect(verified.body.data).toMatchObject({ idCardVerified: true, realName: true, phone: true, bankCard: true });
    expect((await withdraw(m.token)).body.code).toBe(0);
    await reset();
  });

  it('checks the real name against the phone and the card paid through the provider (244384, 244386), and refuses nothing on a provider failure', async () => {
    await setConfig('identity_match_phone', '1');
    const m = await member();
    await facts(m.memberId, '张三', '13800130000');
    expect((await withdraw(m.token)).body.code).toBe(CODE.identityMismatch244384);
    await facts(m.memberId, '张三', '13800130001');
    expect((await withdraw(m.token)).body.code).toBe(CODE.identityProviderUnavailable);
    await facts(m.memberId, '张三', '13800131234');
    await suite.db.query("UPDATE members SET area_code = '+852' WHERE id = $1", [m.memberId]);
    expect((await withdraw(m.token)).body.code).toBe(CODE.identityUnsupported);
    await suite.db.query("UPDATE members SET area_code = '+86' WHERE id = $1", [m.memberId]);
    await setConfig('identity_match_bank_card', '1');
    expect((await withdraw(m.token, luhn('622202020000000'))).body.code).toBe(CODE.identityMismatch244386);
    await nothingMoved(m.memberId);
    expect((await withdraw(m.token, luhn('622202021234567'))).body.code).toBe(0);
    await reset();
  });

  it('guides a withdrawal to an unbound card or USDT address with 244099 when the brand pays bound ones only', async () => {
    await setConfig('withdraw_bound_only', '1');
    const m = await member();
    const card = luhn('622202020011223');
    expect((await withdraw(m.token, card)).body).toMatchObject({ code: CODE.guide });
    expect((await suite.callWithKey(usdtWithdraw, { amount: 20, protocol: 'TRC20', address: TRC20, withdrawPassword: PIN }, m.token)).body.code).toBe(CODE.guide);
    await nothingMoved(m.memberId);
    await suite.call(bindBankCard, { type: 0, bankName: 'ICBC', cardNo: card, realName: '张三' }, { token: m.token });
    expect((await withdraw(m.token, card)).body.code).toBe(0);
    await reset();
  });

  it('reads a card number typed with spaces or dashes as the bound card it is: its type and its digits go to the provider', async () => {
    const m = await member();
    await facts(m.memberId, '张三', '13800138000');
    const credit = luhn('622202020011223');
    const mismatching = luhn('622202020000000');
    await suite.call(bindBankCard, { type: 1, bankName: 'ICBC', cardNo: credit, realName: '张三' }, { token: m.token });
    await suite.call(bindBankCard, { type: 0, bankName: 'ICBC', cardNo: mismatching, realName: '张三' }, { token: m.token });
    await setConfig('identity_match_bank_card', '1');
    await setConfig('withdraw_bound_only', '1');
    const spaced = (cardNo: string) => cardNo.replace(/(\d{4})(?=\d)/g, '$1 ');
    const check = (cardNo: string) => assertIdentityForWithdrawal(suite.db, { siteId: 4, memberId: m.memberId, kind: 'bank', cardNo }).then(() => 0, (error: { code: number }) => error.code);
    // The bound credit card, typed '6222 0202 …': a credit card the provider cannot check, not an unknown debit card.
    expect(await check(spaced(credit))).toBe(CODE.identityUnsupported);
    expect(await check(credit.replace(/(\d{4})(?=\d)/g, '$1-'))).toBe(CODE.identityUnsupported);
    // The bound debit card whose digits the provider refuses, typed with spaces: the provider sees the digits.
    expect(await check(spaced(mismatching))).toBe(CODE.identityMismatch244386);
    expect(await check(mismatching)).toBe(CODE.identityMismatch244386);
    expect(await check(spaced(luhn('622202029999999')))).toBe(CODE.guide);
    await reset();
  });

  it('refuses a card bind without real name or phone (244389), without a verified ID (244359), or in another name (244385)', async () => {
    const m = await member();
    const bind = (cardNo: string, realName = '张三', type: 0 | 1 = 0) => suite.call(bindBankCard, { type, bankName: 'ICBC', cardNo, realName }, { token: m.token });
    const cards = async () => (await suite.db.query('SELECT 1 FROM member_bank_cards WHERE member_id = $1', [m.memberId])).rows.length;
    await setConfig('identity_bind_card_requires', '["realName","phone","idCard"]');
    expect((await bind(luhn('622202020011223'))).body.code).toBe(CODE.identityNoRealNameOrPhoneAgain);
    await facts(m.memberId, '张三', '13800138000');
    expect((await bind(luhn('622202020011223'))).body.code).toBe(CODE.identityRequired244359);
    await suite.call(identityVerify, { realName: '张三', idCardNo: '110101199003071234' }, { token: m.token });
    expect((await bind(luhn('622202020011223'), '李四')).body.code).toBe(CODE.identityMismatch244385);
    await setConfig('identity_match_bank_card', '1');
    expect((await bind(luhn('622202020000000'))).body.code).toBe(CODE.identityMismatch244385);
    expect((await bind(luhn('622202020011223'), '张三', 1)).body.code).toBe(CODE.identityUnsupported);
    expect(await cards()).toBe(0);
    expect((await bind(luhn('622202020011223'))).body.code).toBe(0);
    expect(await cards()).toBe(1);
    await reset();
  });

  it('verifies an ID card: 244394 on a mismatch, 244395 on the last of 3 a day and after, 244387 for an old 15-digit card', async () => {
    const m = await member();
    const verify = (idCardNo: string, realName = '王五') => suite.call(identityVerify, { realName, idCardNo }, { token: m.token });
    expect((await verify('110101900307123')).body.code).toBe(CODE.identityUnsupported);
    expect((await verify('11010119900300000X')).body).toMatchObject({ code: CODE.identityIdCardMismatch, data: { attemptsLeftToday: 2 } });
    expect((await verify('11010119900300000X')).body.code).toBe(CODE.identityIdCardMismatch);
    expect((await verify('11010119900300000X')).body.code).toBe(CODE.identityIdCardMismatchAgain);
    expect((await verify('110101199003071234')).body.code).toBe(CODE.identityIdCardMismatchAgain); // none left today
    const status = (await suite.call(identityStatus, {}, { token: m.token })).body.data;
    expect(status).toMatchObject({ idCardVerified: false, attemptsLeftToday: 0, realName: false });
    expect((await verify('11010119900307123Z')).status).toBe(400);

    const other = await member();
    const ok = await suite.call(identityVerify, { realName: '赵六', idCardNo: '11010119900307123x' }, { token: other.token });
    expect(ok.body.data).toMatchObject({ idCardVerified: true, realName: true });
    const { rows } = await suite.db.query<{ id_card_sha256: string; id_card_last4: string }>('SELECT id_card_sha256, id_card_last4 FROM member_identity WHERE member_id = $1', [other.memberId]);
    expect(rows[0]!.id_card_last4).toBe('123X');
    expect(rows[0]!.id_card_sha256).not.toContain('110101');
    expect((await suite.call(identityVerify, { realName: '赵六', idCardNo: '11010119900307123x' }, { token: other.token })).body.code).toBe(CODE.identityAlreadyVerified);
    expect((await suite.call(identityVerify, { realName: '赵六', idCardNo: '11010119900307123x' })).status).toBe(401);
  });

  it('asks the provider at most 3 times a day even when the checks come at once', async () => {
    const m = await member();
    let asked = 0;
    const slow: IdentityProvider = {
      async verify() {
        asked += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return 'mismatch';
      },
    };
    const previous = useIdentityProvider(slow);
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => suite.call(identityVerify, { realName: '王五', idCardNo: `11010119900307${String(i).padStart(3, '0')}X` }, { token: m.token })));
      expect(asked).toBe(3);
      expect(answers.map((answer) => answer.body.code).sort()).toEqual([
        CODE.identityIdCardMismatch, CODE.identityIdCardMismatch, CODE.identityIdCardMismatchAgain, CODE.identityIdCardMismatchAgain, CODE.identityIdCardMismatchAgain, CODE.identityIdCardMismatchAgain,
      ].sort());
      expect((await suite.call(identityStatus, {}, { token: m.token })).body.data).toMatchObject({ attemptsLeftToday: 0 });
    } finally {
      useIdentityProvider(previous);
    }
  });

  it('gives the attempt back when the provider fails or cannot check the card', async () => {
    const m = await member();
    const verify = (idCardNo: string) => suite.call(identityVerify, { realName: '王五', idCardNo }, { token: m.token });
    expect((await verify('11010119900300001X')).body.code).toBe(CODE.identityProviderUnavailable);
    expect((await verify('110101900307123')).body.code).toBe(CODE.identityUnsupported);
    expect((await suite.call(identityStatus, {}, { token: m.token })).body.data).toMatchObject({ attemptsLeftToday: 3 });
  });
});
