import { describe, expect, it } from 'vitest';
import {
  CODE, PHONE_CODE_PURPOSE, addressGet, addressUpdate, bindPhone, personalInfoV3, sendBoundPhoneCode, sendPhoneCode, setEmail, setNickname,
  setRealName, setUserProfile, userInfo, verifyBoundPhone,
} from '@lobby/sdk';
import { SandboxCodeSender } from '../members/code-sender.js';
import { signedInject } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

let phoneSerial = 0;
/** A fresh mainland number per call, on an allowed prefix. */
function freshPhone(): string {
  phoneSerial += 1;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneSerial).padStart(4, '0')}`;
}

describe.each(testEngines())('member profile calls on %s', (engine) => {
  const sender = new SandboxCodeSender();
  const suite = serverSuite(engine, { clock: true, providers: { codes: sender } });
  let ipSerial = 0;

  const as = (token: string) => ({ token, timestamp: suite.clock.now(), remoteAddress: `10.8.${Math.floor(ipSerial / 200)}.${(ipSerial += 1) % 200}` });
  async function codeFor(token: string, phone: string, areaCode = '+86'): Promise<string> {
    const sent = await suite.call(sendPhoneCode, { phone, areaCode, type: PHONE_CODE_PURPOSE.bindPhone }, as(token));
    expect(sent.body.code).toBe(0);
    return sender.lastCode(`${areaCode}${phone}`)!;
  }
  const info = async (token: string) => (await suite.call(personalInfoV3, {}, as(token))).body.data;

  it('binds a phone with its code; userInfo shows it masked and the phone is then locked', async () => {
    const { token } = await suite.memberWithBalance(0);
    const phone = freshPhone();
    const code = await codeFor(token, phone);
    const wrong = await suite.call(bindPhone, { areaCode: '+86', phone, code: code === '000000' ? '111111' : '000000' }, as(token));
    expect(wrong.body).toMatchObject({ code: CODE.codeWrong, msg: 'the code is wrong or expired' });
    expect((await info(token)).phoneBound).toBe(false);
    const bound = await suite.call(bindPhone, { areaCode: '+86', phone, code }, as(token));
    expect(bound.body.data).toMatchObject({ phoneBound: true, areaCode: '+86', phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
    expect((await suite.call(userInfo, {}, as(token))).body.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    const other = freshPhone();
    const again = await suite.call(bindPhone, { areaCode: '+86', phone: other, code: await codeFor(token, other) }, as(token));
    expect(again.body.code).toBe(CODE.phoneAlreadyBound);
    expect((await info(token)).phone).toBe(bound.body.data.phone);
  });

  it('binds another phone only within 10 minutes of verifying the bound one', async () => {
    const { token } = await suite.memberWithBalance(0);
    const first = freshPhone();
    await suite.call(bindPhone, { areaCode: '+86', phone: first, code: await codeFor(token, first) }, as(token));
    suite.clock.advance(61_000);
    const sent = await suite.call(sendBoundPhoneCode, {}, as(token));
    expect(sent.body.data.phone).toBe(`${first.slice(0, 3)}****${first.slice(-4)}`);
    const boundCode = sender.lastCode(`+86${first}`)!;
    expect((await suite.call(verifyBoundPhone, { code: boundCode === '000000' ? '111111' : '000000' }, as(token))).body.code).toBe(CODE.codeWrong);
    const verified = await suite.call(verifyBoundPhone, { code: boundCode }, as(token));
    expect(verified.body.data.phoneRebindUntil).not.toBeNull();
    const second = freshPhone();
    const rebound = await suite.call(bindPhone, { areaCode: '+86', phone: second, code: await codeFor(token, second) }, as(token));
    expect(rebound.body.data).toMatchObject({ phone: `${second.slice(0, 3)}****${second.slice(-4)}`, phoneRebindUntil: null });
    suite.clock.advance(61_000);
    const third = freshPhone();
    expect((await suite.call(bindPhone, { areaCode: '+86', phone: third, code: await codeFor(token, third) }, as(token))).body.code).toBe(CODE.phoneAlreadyBound);
  });

  it('refuses phones against the section 5 rules, with the reason, and changes nothing', async () => {
    const { token } = await suite.memberWithBalance(0);
    const refusals: [string, string][] = [
      ['1390000', 'Please enter a valid mobile number'],
      ['17012345678', '虚拟运营商号码暂不支持'],
      ['16512345678', 'This platform does not support this number'],
    ];
    for (const [phone, message] of refusals) {
      expect((await suite.call(sendPhoneCode, { phone, areaCode: '+86', type: 4 }, as(token))).body).toMatchObject({ code: CODE.phoneInvalid, msg: message });
      expect((await suite.call(bindPhone, { areaCode: '+86', phone, code: '123456' }, as(token))).body).toMatchObject({ code: CODE.phoneInvalid, msg: message });
    }
    for (const body of [{ areaCode: '+86', phone: '1390000abcd', code: '123456' }, { areaCode: '86', phone: '13900000000', code: '1' }, { areaCode: '+86', phone: '13900000000', code: '12ab' }, { areaCode: '+86', phone: '13900000000123', code: '1' }]) {
      const answer = await signedInject(suite.app, { call: bindPhone, body, token, timestamp: suite.clock.now() });
      expect(answer.statusCode).toBe(400);
    }
    const longCode = await suite.call(bindPhone, { areaCode: '+86', phone: freshPhone(), code: '1234567' }, as(token));
    expect(longCode.body).toMatchObject({ code: CODE.invalidField, msg: 'code: at most 6 digits for +86' });
    expect((await info(token)).phoneBound).toBe(false);
  });

  it('takes a 10-digit code for other area codes and refuses a phone bound by another member', async () => {
    const holder = await suite.memberWithBalance(0);
    const phone = freshPhone();
    await suite.call(bindPhone, { areaCode: '+86', phone, code: await codeFor(holder.token, phone) }, as(holder.token));
    const { token } = await suite.memberWithBalance(0);
    suite.clock.advance(61_000);
    const taken = await suite.call(bindPhone, { areaCode: '+86', phone, code: await codeFor(token, phone) }, as(token));
    expect(taken.body.code).toBe(CODE.phoneTaken);
    const overseas = '85251234';
    const code = await codeFor(token, overseas, '+852');
    expect((await suite.call(bindPhone, { areaCode: '+852', phone: overseas, code: '12345678901' }, as(token))).status).toBe(400);
    expect((await suite.call(bindPhone, { areaCode: '+852', phone: overseas, code: '0123456789' }, as(token))).body.code).toBe(CODE.codeWrong);
    const bound = await suite.call(bindPhone, { areaCode: '+852', phone: overseas, code }, as(token));
    expect(bound.body.data).toMatchObject({ areaCode: '+852', phoneBound: true });
  });

  it('sets nickname, e-mail, the real name once and the birthday once; bad values change nothing', async () => {
    const { token } = await suite.memberWithBalance(0);
    expect((await suite.call(setNickname, { nickName: '  Lucky 七  ' }, as(token))).body.data.nickName).toBe('Lucky 七');
    expect((await suite.call(setNickname, { nickName: '   ' }, as(token))).body).toMatchObject({ code: CODE.nickNameInvalid });
    expect((await suite.call(setNickname, { nickName: 'x'.repeat(21) }, as(token))).body.code).toBe(CODE.nickNameInvalid);
    expect((await suite.call(setEmail, { email: 'Someone@Example.com' }, as(token))).body.data.email).toBe('someone@example.com');
    expect((await suite.call(setEmail, { email: 'not-an-email' }, as(token))).body.code).toBe(CODE.emailInvalid);
    expect((await suite.call(setRealName, { realName: '<b>x</b>' }, as(token))).body.code).toBe(CODE.realNameInvalid);
    const named = await suite.call(setRealName, { realName: '张三' }, as(token));
    expect(named.body.data).toMatchObject({ realName: '张三', realNameLocked: true });
    expect((await suite.call(setRealName, { realName: '李四' }, as(token))).body).toMatchObject({ code: CODE.realNameAlreadySet });
    expect((await suite.call(userInfo, {}, as(token))).body.data).toMatchObject({ realName: '张三', nickName: 'Lucky 七', email: 'someone@example.com' });
    for (const birthday of ['2001-02-30', '1800-01-01', '2999-01-01']) {
      expect((await suite.call(setUserProfile, { birthday }, as(token))).body.code).toBe(CODE.birthdayInvalid);
    }
    expect((await suite.call(setUserProfile, { birthday: '1990-07-15' }, as(token))).body.data.birthday).toBe('1990-07-15');
    expect((await suite.call(setUserProfile, { birthday: '1991-01-01' }, as(token))).body.code).toBe(CODE.birthdayAlreadySet);
    expect(await info(token)).toMatchObject({ nickName: 'Lucky 七', email: 'someone@example.com', realName: '张三', birthday: '1990-07-15' });
  });

  it('saves and reads the receiver address; a blank field is refused', async () => {
    const { token } = await suite.memberWithBalance(0);
    expect((await suite.call(addressGet, {}, as(token))).body.data).toEqual({ address: null });
    const address = { receiver: '王五', province: '广东', city: '深圳', district: '南山', address: '科技园 1 号', phone: '13912345678' };
    expect((await suite.call(addressUpdate, address, as(token))).body.data).toEqual({ address });
    expect((await suite.call(addressUpdate, { ...address, city: '  ' }, as(token))).body).toMatchObject({ code: CODE.receiverAddressInvalid, msg: 'city: is required' });
    expect((await signedInject(suite.app, { call: addressUpdate, body: { ...address, phone: '12ab' }, token, timestamp: suite.clock.now() })).statusCode).toBe(400);
    expect((await suite.call(addressGet, {}, as(token))).body.data).toEqual({ address });
  });

  it("keeps each member to its own profile and refuses visitors", async () => {
    const a = await suite.memberWithBalance(0);
    const b = await suite.memberWithBalance(0);
    await suite.call(addressUpdate, { receiver: 'A', province: 'P', city: 'C', district: 'D', address: 'S', phone: '13900000001' }, as(a.token));
    await suite.call(setNickname, { nickName: 'only-a' }, as(a.token));
    expect((await suite.call(addressGet, {}, as(b.token))).body.data.address).toBeNull();
    expect((await info(b.token)).nickName).not.toBe('only-a');
    for (const call of [personalInfoV3, addressGet]) {
      expect((await suite.call(call, {}, { timestamp: suite.clock.now() })).status).toBe(401);
    }
    expect((await signedInject(suite.app, { call: setNickname, body: { nickName: 'x', memberId: 1 }, token: b.token, timestamp: suite.clock.now() })).statusCode).toBe(400);
  });
});
