import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE, PHONE_CODE_PURPOSE, addressGet, addressUpdate, bindPhone, personalInfoV3, sendBoundPhoneCode, sendPhoneCode, setEmail, setNickname,
  setRealName, setUserProfile, userInfo, verifyBoundPhone,
} from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { SandboxCodeSender } from '../members/code-sender.js';
import { memberWithBalance } from '../testing/members.js';
import { buildTestApp } from '../testing/app.js';
import { callApi, signedInject } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';

let phoneSerial = 0;
/** A fresh mainland number per call, on an allowed prefix. */
function freshPhone(): string {
  phoneSerial += 1;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneSerial).padStart(4, '0')}`;
}

describe.each(testEngines())('member profile calls on %s', (engine) => {
  let db: Database;
  let app: FastifyInstance;
  let nowMs = Date.now();
  let ipSerial = 0;
  const sender = new SandboxCodeSender();
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { providers: { codes: sender, clock: { now: () => nowMs } } });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const as = (token: string) => ({ token, timestamp: nowMs, remoteAddress: `10.8.${Math.floor(ipSerial / 200)}.${(ipSerial += 1) % 200}` });
  async function codeFor(token: string, phone: string, areaCode = '+86'): Promise<string> {
    const sent = await callApi(app, sendPhoneCode, { phone, areaCode, type: PHONE_CODE_PURPOSE.bindPhone }, as(token));
    expect(sent.body.code).toBe(0);
    return sender.lastCode(`${areaCode}${phone}`)!;
  }
  const info = async (token: string) => (await callApi(app, personalInfoV3, {}, as(token))).body.data;

  it('binds a phone with its code; userInfo shows it masked and the phone is then locked', async () => {
    const { token } = await memberWithBalance(db, 0);
    const phone = freshPhone();
    const code = await codeFor(token, phone);
    const wrong = await callApi(app, bindPhone, { areaCode: '+86', phone, code: code === '000000' ? '111111' : '000000' }, as(token));
    expect(wrong.body).toMatchObject({ code: CODE.codeWrong, msg: 'the code is wrong or expired' });
    expect((await info(token)).phoneBound).toBe(false);
    const bound = await callApi(app, bindPhone, { areaCode: '+86', phone, code }, as(token));
    expect(bound.body.data).toMatchObject({ phoneBound: true, areaCode: '+86', phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
    expect((await callApi(app, userInfo, {}, as(token))).body.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    const other = freshPhone();
    const again = await callApi(app, bindPhone, { areaCode: '+86', phone: other, code: await codeFor(token, other) }, as(token));
    expect(again.body.code).toBe(CODE.phoneAlreadyBound);
    expect((await info(token)).phone).toBe(bound.body.data.phone);
  });

  it('binds another phone only within 10 minutes of verifying the bound one', async () => {
    const { token } = await memberWithBalance(db, 0);
    const first = freshPhone();
    await callApi(app, bindPhone, { areaCode: '+86', phone: first, code: await codeFor(token, first) }, as(token));
    nowMs += 61_000;
    const sent = await callApi(app, sendBoundPhoneCode, {}, as(token));
    expect(sent.body.data.phone).toBe(`${first.slice(0, 3)}****${first.slice(-4)}`);
    const boundCode = sender.lastCode(`+86${first}`)!;
    expect((await callApi(app, verifyBoundPhone, { code: boundCode === '000000' ? '111111' : '000000' }, as(token))).body.code).toBe(CODE.codeWrong);
    const verified = await callApi(app, verifyBoundPhone, { code: boundCode }, as(token));
    expect(verified.body.data.phoneRebindUntil).not.toBeNull();
    const second = freshPhone();
    const rebound = await callApi(app, bindPhone, { areaCode: '+86', phone: second, code: await codeFor(token, second) }, as(token));
    expect(rebound.body.data).toMatchObject({ phone: `${second.slice(0, 3)}****${second.slice(-4)}`, phoneRebindUntil: null });
    nowMs += 61_000;
    const third = freshPhone();
    expect((await callApi(app, bindPhone, { areaCode: '+86', phone: third, code: await codeFor(token, third) }, as(token))).body.code).toBe(CODE.phoneAlreadyBound);
  });

  it('refuses phones against the section 5 rules, with the reason, and changes nothing', async () => {
    const { token } = await memberWithBalance(db, 0);
    const refusals: [string, string][] = [
      ['1390000', 'please enter a valid mobile number'],
      ['17012345678', '虚拟运营商号码暂不支持'],
      ['16512345678', 'this platform does not support'],
    ];
    for (const [phone, message] of refusals) {
      expect((await callApi(app, sendPhoneCode, { phone, areaCode: '+86', type: 4 }, as(token))).body).toMatchObject({ code: CODE.phoneInvalid, msg: message });
      expect((await callApi(app, bindPhone, { areaCode: '+86', phone, code: '123456' }, as(token))).body).toMatchObject({ code: CODE.phoneInvalid, msg: message });
    }
    for (const body of [{ areaCode: '+86', phone: '1390000abcd', code: '123456' }, { areaCode: '86', phone: '13900000000', code: '1' }, { areaCode: '+86', phone: '13900000000', code: '12ab' }, { areaCode: '+86', phone: '13900000000123', code: '1' }]) {
      const answer = await signedInject(app, { call: bindPhone, body, token, timestamp: nowMs });
      expect(answer.statusCode).toBe(400);
    }
    const longCode = await callApi(app, bindPhone, { areaCode: '+86', phone: freshPhone(), code: '1234567' }, as(token));
    expect(longCode.body).toMatchObject({ code: CODE.invalidField, msg: 'code: at most 6 digits for +86' });
    expect((await info(token)).phoneBound).toBe(false);
  });

  it('takes a 10-digit code for other area codes and refuses a phone bound by another member', async () => {
    const holder = await memberWithBalance(db, 0);
    const phone = freshPhone();
    await callApi(app, bindPhone, { areaCode: '+86', phone, code: await codeFor(holder.token, phone) }, as(holder.token));
    const { token } = await memberWithBalance(db, 0);
    nowMs += 61_000;
    const taken = await callApi(app, bindPhone, { areaCode: '+86', phone, code: await codeFor(token, phone) }, as(token));
    expect(taken.body.code).toBe(CODE.phoneTaken);
    const overseas = '85251234';
    const code = await codeFor(token, overseas, '+852');
    expect((await callApi(app, bindPhone, { areaCode: '+852', phone: overseas, code: '12345678901' }, as(token))).status).toBe(400);
    expect((await callApi(app, bindPhone, { areaCode: '+852', phone: overseas, code: '0123456789' }, as(token))).body.code).toBe(CODE.codeWrong);
    const bound = await callApi(app, bindPhone, { areaCode: '+852', phone: overseas, code }, as(token));
    expect(bound.body.data).toMatchObject({ areaCode: '+852', phoneBound: true });
  });

  it('sets nickname, e-mail, the real name once and the birthday once; bad values change nothing', async () => {
    const { token } = await memberWithBalance(db, 0);
    expect((await callApi(app, setNickname, { nickName: '  Lucky 七  ' }, as(token))).body.data.nickName).toBe('Lucky 七');
    expect((await callApi(app, setNickname, { nickName: '   ' }, as(token))).body).toMatchObject({ code: CODE.nickNameInvalid });
    expect((await callApi(app, setNickname, { nickName: 'x'.repeat(21) }, as(token))).body.code).toBe(CODE.nickNameInvalid);
    expect((await callApi(app, setEmail, { email: 'Someone@Example.com' }, as(token))).body.data.email).toBe('someone@example.com');
    expect((await callApi(app, setEmail, { email: 'not-an-email' }, as(token))).body.code).toBe(CODE.emailInvalid);
    expect((await callApi(app, setRealName, { realName: '<b>x</b>' }, as(token))).body.code).toBe(CODE.realNameInvalid);
    const named = await callApi(app, setRealName, { realName: '张三' }, as(token));
    expect(named.body.data).toMatchObject({ realName: '张三', realNameLocked: true });
    expect((await callApi(app, setRealName, { realName: '李四' }, as(token))).body).toMatchObject({ code: CODE.realNameAlreadySet });
    expect((await callApi(app, userInfo, {}, as(token))).body.data).toMatchObject({ realName: '张三', nickName: 'Lucky 七', email: 'someone@example.com' });
    for (const birthday of ['2001-02-30', '1800-01-01', '2999-01-01']) {
      expect((await callApi(app, setUserProfile, { birthday }, as(token))).body.code).toBe(CODE.birthdayInvalid);
    }
    expect((await callApi(app, setUserProfile, { birthday: '1990-07-15' }, as(token))).body.data.birthday).toBe('1990-07-15');
    expect((await callApi(app, setUserProfile, { birthday: '1991-01-01' }, as(token))).body.code).toBe(CODE.birthdayAlreadySet);
    expect(await info(token)).toMatchObject({ nickName: 'Lucky 七', email: 'someone@example.com', realName: '张三', birthday: '1990-07-15' });
  });

  it('saves and reads the receiver address; a blank field is refused', async () => {
    const { token } = await memberWithBalance(db, 0);
    expect((await callApi(app, addressGet, {}, as(token))).body.data).toEqual({ address: null });
    const address = { receiver: '王五', province: '广东', city: '深圳', district: '南山', address: '科技园 1 号', phone: '13912345678' };
    expect((await callApi(app, addressUpdate, address, as(token))).body.data).toEqual({ address });
    expect((await callApi(app, addressUpdate, { ...address, city: '  ' }, as(token))).body).toMatchObject({ code: CODE.receiverAddressInvalid, msg: 'city: is required' });
    expect((await signedInject(app, { call: addressUpdate, body: { ...address, phone: '12ab' }, token, timestamp: nowMs })).statusCode).toBe(400);
    expect((await callApi(app, addressGet, {}, as(token))).body.data).toEqual({ address });
  });

  it("keeps each member to its own profile and refuses visitors", async () => {
    const a = await memberWithBalance(db, 0);
    const b = await memberWithBalance(db, 0);
    await callApi(app, addressUpdate, { receiver: 'A', province: 'P', city: 'C', district: 'D', address: 'S', phone: '13900000001' }, as(a.token));
    await callApi(app, setNickname, { nickName: 'only-a' }, as(a.token));
    expect((await callApi(app, addressGet, {}, as(b.token))).body.data.address).toBeNull();
    expect((await info(b.token)).nickName).not.toBe('only-a');
    for (const call of [personalInfoV3, addressGet]) {
      expect((await callApi(app, call, {}, { timestamp: nowMs })).status).toBe(401);
    }
    expect((await signedInject(app, { call: setNickname, body: { nickName: 'x', memberId: 1 }, token: b.token, timestamp: nowMs })).statusCode).toBe(400);
  });
});
