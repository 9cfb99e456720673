import { beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  AVATAR_BYTES_MAX,
  CODE,
  avatarChoose,
  avatarUpload,
  checkChangePassword,
  checkDesire,
  createClient,
  desireV2,
  geeTestRegister,
  geeTestValidate,
  limitBinding,
  loginSms,
  loginSmsSend,
  md5Hex,
  memberMaterial,
  memberMoveApply,
  memberMoveStatus,
  opsForcePasswordChange,
  opsMemberMoveDecide,
  opsMemberMoveList,
  securityNoticeDismiss,
  securityNoticeGet,
  userDefaultProfile,
  userInfo,
  webLogin,
  type ApiClient,
} from '@lobby/sdk';
import type { SandboxCodeSender } from '../members/code-sender.js';
import { updatePasswordHash } from '../members/member-repository.js';
import { testEngines } from '../testing/databases.js';
import { FIXTURE_LOGIN_PASSWORD } from '../testing/members.js';
import { serverSuite } from '../testing/server-suite.js';
import { geeTestOf } from './geetest.js';
import { jpegHeaderOf, pngOf, webpHeaderOf } from './image.fixture.js';

const DAY = 86_400_000;
const codeOf = (failure: unknown) => (failure instanceof ApiError ? failure.code : failure);

describe.each(testEngines())('member calls on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const count = async (sql: string, params: unknown[] = []) => (await suite.db.query<{ n: number }>(sql, params)).rows[0]!.n;
  let phoneNo = 0;
  async function memberWithPhone() {
    const member = await suite.memberWithBalance(0);
    const phone = `1380099${String(++phoneNo).padStart(4, '0')}`;
    await suite.db.query('UPDATE members SET phone = $2 WHERE id = $1', [member.memberId, phone]);
    return { ...member, phone };
  }
  const nameOf = async (memberId: number) => (await suite.db.query<{ name: string }>('SELECT name FROM members WHERE id = $1', [memberId])).rows[0]!.name;
  const codes = () => suite.app.lobby.providers.codes as SandboxCodeSender;

  /** The sdk client over suite.app.inject, so uploads go through the real multipart encoding. */
  function clientFor(token: string): ApiClient {
    const injectFetch: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      const body = init?.body;
      const payload = body === undefined || body === null ? undefined : typeof body === 'string' ? body : Buffer.from(body as Uint8Array);
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const answer = await suite.app.inject({ method: init?.method as 'POST', url: url.pathname + url.search, headers, ...(payload ? { payload } : {}) });
      return new Response(new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? '') } });
    };
    return createClient({ baseUrl: 'http://lobby.test', fetch: injectFetch, getToken: () => token, deviceId: 'avatar-test-device', onTokenInvalid: () => undefined });
  }

  beforeAll(() => {
    geeTestOf(suite.app).delayMsMax = 0;
    geeTestOf(suite.app).failOneIn = 0;
  });

  it('logs in with a phone code, like the password login records the login, and refuses a wrong or reused code', async () => {
    const { phone, memberId } = await memberWithPhone();
    expect((await suite.call(loginSmsSend, { phone })).body.data).toEqual({ resendAfterS: 60 });
    const code = codes().lastCode(`+86${phone}`)!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await suite.call(loginSms, { phone, code: wrong })).body.code).toBe(CODE.loginSmsCodeWrong);
    const ok = await suite.call(loginSms, { phone, code });
    expect(ok.body.code).toBe(0);
    expect(ok.body.data.member.id).toBe(memberId);
    expect((await suite.call(userInfo, {}, { token: ok.body.data.token })).body.data.id).toBe(memberId);
    expect((await suite.call(loginSms, { phone, code })).body.code).toBe(CODE.loginSmsCodeWrong);
    // Resending within 60 s is refused.
    expect((await suite.call(loginSmsSend, { phone })).body.code).toBe(CODE.tooManyRequests);
  });

  it('sends nothing for an unknown phone but answers alike, and locks like the password login', async () => {
    const sent = codes().lastCode('+8613811112222');
    expect((await suite.call(loginSmsSend, { phone: '13811112222' })).body.data).toEqual({ resendAfterS: 60 });
    expect(codes().lastCode('+8613811112222')).toBe(sent);
    expect((await suite.call(loginSms, { phone: '13811112222', code: '123456' })).body.code).toBe(CODE.loginSmsCodeWrong);
    const { phone } = await memberWithPhone();
    const ip = '10.9.9.9';
    let last = 0;
    for (let attempt = 0; attempt < 11; attempt++) last = (await suite.call(loginSms, { phone, code: '999999' }, { remoteAddress: ip })).body.code;
    expect([CODE.captchaRequired, CODE.tooManyRequests]).toContain(last);
    for (const bad of [{ phone: '13800', code: '1' }, { phone: 'x', code: '123456' }, { phone: '13800138000', code: '12345a' }]) {
      expect((await suite.call(loginSms, bad)).status).toBe(400);
    }
  });

  it('stores the desire, checks it and refuses repeats or unknown kinds', async () => {
    const { token } = await suite.memberWithBalance(0);
    const other = await suite.memberWithBalance(0);
    expect((await suite.call(checkDesire, {}, { token })).body.data).toEqual({ isSet: false, desire: { venueKinds: [], languages: [] }, updatedAt: 0 });
    const saved = await suite.call(desireV2, { venueKinds: ['sports', 'casino'], languages: ['en'] }, { token });
    expect(saved.body.data).toMatchObject({ isSet: true, desire: { venueKinds: ['sports', 'casino'], languages: ['en'] } });
    expect((await suite.call(checkDesire, {}, { token })).body.data).toMatchObject({ isSet: true, desire: { venueKinds: ['sports', 'casino'], languages: ['en'] }, updatedAt: suite.clock.now() });
    expect((await suite.call(desireV2, { venueKinds: ['sports', 'sports'], languages: [] }, { token })).body.code).toBe(CODE.desireInvalid);
    expect((await suite.call(desireV2, { venueKinds: [], languages: ['en'] }, { token })).body.code).toBe(CODE.desireInvalid);
    expect((await suite.call(desireV2, { venueKinds: ['poker'], languages: [] } as never, { token })).status).toBe(400);
    expect((await suite.call(checkDesire, {}, { token })).body.data.desire.venueKinds).toEqual(['sports', 'casino']);
    expect((await suite.call(checkDesire, {}, { token: other.token })).body.data.isSet).toBe(false);
    expect((await suite.call(checkDesire, {})).status).toBe(401);
  });

  it('offers default avatars and nicknames, lets a member pick one, and shows it in the material and the member info', async () => {
    const { token, memberId } = await suite.memberWithBalance(0);
    const name = await nameOf(memberId);
    const defaults = (await suite.call(userDefaultProfile, {})).body.data;
    expect(defaults.avatars.length).toBeGreaterThanOrEqual(4);
    expect(defaults.avatars[0]!.url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(defaults.nickNames.length).toBeGreaterThan(0);
    expect((await suite.call(memberMaterial, {}, { token })).body.data).toMatchObject({ name, avatar: '', grade: 0 });
    expect((await suite.call(userInfo, {}, { token })).body.data.avatar).toBe('');
    expect((await suite.call(avatarChoose, { avatarId: 2 }, { token })).body.data.avatar).toBe(defaults.avatars[1]!.url);
    expect((await suite.call(memberMaterial, {}, { token })).body.data.avatar).toBe(defaults.avatars[1]!.url);
    // The header's member info carries it too (userInfo; the login answers the same MemberInfo).
    expect((await suite.call(userInfo, {}, { token })).body.data.avatar).toBe(defaults.avatars[1]!.url);
    expect((await suite.call(avatarChoose, { avatarId: 99 }, { token })).body.code).toBe(CODE.defaultAvatarUnknown);
    expect((await suite.call(userInfo, {}, { token })).body.data.avatar).toBe(defaults.avatars[1]!.url);
  });

  it('uploads an avatar checked by its bytes and size, serves it, and refuses the rest without changing it', async () => {
    const member = await suite.memberWithBalance(0);
    const client = clientFor(member.token);
    const upload = (bytes: Buffer, name = 'me.png', type = 'image/png') => client.call(avatarUpload, { file: new File([new Uint8Array(bytes)], name, { type }) });
    const png = await upload(pngOf(64, 48), 'named.txt', 'text/plain');
    expect(png).toMatchObject({ mediaType: 'image/png', width: 64, height: 48 });
    const served = await suite.app.inject({ method: 'GET', url: png.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(pngOf(64, 48))).toBe(true);
    expect((await suite.call(memberMaterial, {}, { token: member.token })).body.data.avatar).toBe(png.avatar);
    expect(await upload(jpegHeaderOf(200, 100), 'a.jpg', 'image/jpeg')).toMatchObject({ mediaType: 'image/jpeg', width: 200, height: 100 });
    const webp = await upload(webpHeaderOf(300, 300), 'a.webp', 'image/webp');
    expect(webp).toMatchObject({ mediaType: 'image/webp', width: 300, height: 300 });
    // The older upload is gone.
    expect((await suite.app.inject({ method: 'GET', url: png.avatar })).statusCode).toBe(404);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect(codeOf(await upload(svg, 'x.png').catch((e: unknown) => e))).toBe(CODE.avatarImageType);
    expect(codeOf(await upload(gif, 'x.gif', 'image/gif').catch((e: unknown) => e))).toBe(CODE.avatarImageType);
    expect(codeOf(await upload(pngOf(16, 16)).catch((e: unknown) => e))).toBe(CODE.avatarImageDimensions);
    expect(codeOf(await upload(jpegHeaderOf(5000, 100), 'x.jpg').catch((e: unknown) => e))).toBe(CODE.avatarImageDimensions);
    expect(codeOf(await upload(Buffer.concat([pngOf(64, 64), Buffer.alloc(AVATAR_BYTES_MAX)])).catch((e: unknown) => e))).toBe(CODE.avatarImageTooLarge);
    expect(codeOf(await upload(Buffer.alloc(0)).catch((e: unknown) => e))).toBe(CODE.avatarImageMissing);
    expect((await suite.call(memberMaterial, {}, { token: member.token })).body.data.avatar).toBe(webp.avatar);
    expect((await suite.app.inject({ method: 'GET', url: '/member/v1/avatar/image/nope' })).statusCode).toBe(404);
  });

  it('counts bindings against their limits', async () => {
    const { token, memberId } = await suite.memberWithBalance(0);
    expect((await suite.call(limitBinding, {}, { token })).body.data).toEqual({
      bankCards: { bound: 0, max: 5 }, virtualAddresses: { bound: 0, max: 10 }, phones: { bound: 0, max: 1 }, addresses: { bound: 0, max: 1 },
    });
    await suite.db.query(`INSERT INTO member_bank_cards (member_id, card_type, bank_name, card_no, real_name) VALUES ($1, 0, 'ICBC', '6222000011112222', 'Zhang')`, [memberId]);
    await suite.db.query('UPDATE members SET phone = $2 WHERE id = $1', [memberId, '13800990999']);
    const after = (await suite.call(limitBinding, {}, { token })).body.data;
    expect(after.bankCards).toEqual({ bound: 1, max: 5 });
    expect(after.phones).toEqual({ bound: 1, max: 1 });
  });

  it('raises a security notice for a login from a new device or IP, until the member dismisses it', async () => {
    const name = await nameOf((await suite.memberWithBalance(0)).memberId);
    const login = (deviceId: string, ip: string) => suite.call(webLogin, { name, password: FIXTURE_LOGIN_PASSWORD }, { deviceId, remoteAddress: ip });
    const first = (await login('device-aaaa-0001', '10.5.0.1')).body.data.token;
    expect((await suite.call(securityNoticeGet, {}, { token: first })).body.data.list).toEqual([]);
    await login('device-aaaa-0001', '10.5.0.1');
    expect((await suite.call(securityNoticeGet, {}, { token: first })).body.data.list).toEqual([]);
    await login('device-aaaa-0001', '10.5.0.2');
    const fromPhone = (await login('device-bbbb-0002', '10.5.0.2')).body.data.token;
    const list = (await suite.call(securityNoticeGet, {}, { token: fromPhone })).body.data.list;
    expect(list.map((notice) => [notice.kind, notice.ip, notice.device])).toEqual([
      ['newDevice', '10.5.0.2', 'devi***0002'],
      ['newIp', '10.5.0.2', 'devi***0001'],
    ]);
    const other = await suite.memberWithBalance(0);
    expect((await suite.call(securityNoticeDismiss, { id: list[0]!.id }, { token: other.token })).body.code).toBe(CODE.securityNoticeNotFound);
    expect((await suite.call(securityNoticeDismiss, { id: list[0]!.id }, { token: first })).body.data.dismissed).toBe(1);
    expect((await suite.call(securityNoticeGet, {}, { token: first })).body.data.list.map((notice) => notice.id)).toEqual([list[1]!.id]);
    expect((await suite.call(securityNoticeDismiss, {}, { token: first })).body.data.dismissed).toBe(1);
    expect((await suite.call(securityNoticeGet, {}, { token: first })).body.data.list).toEqual([]);
  });

  it('asks for a password change after 180 days or when the operator flags it; the change clears both', async () => {
    const { token, memberId } = await suite.memberWithBalance(0);
    const name = await nameOf(memberId);
    expect((await suite.call(checkChangePassword, {}, { token })).body.data).toEqual({ mustChange: false, reason: 'none', passwordAgeDays: 0, maxAgeDays: 180 });
    expect((await suite.call(opsForcePasswordChange, { siteId: 4, memberName: name }, { token: suite.opsToken })).body.data.mustChange).toBe(true);
    expect((await suite.call(checkChangePassword, {}, { token })).body.data).toMatchObject({ mustChange: true, reason: 'operator' });
    await updatePasswordHash(suite.db, memberId, 'new-hash');
    expect((await suite.call(checkChangePassword, {}, { token })).body.data.mustChange).toBe(false);
    await suite.db.query(`UPDATE member_password_state SET changed_at = to_timestamp($2 / 1000.0) WHERE member_id = $1`, [memberId, suite.clock.now() - 181 * DAY]);
    expect((await suite.call(checkChangePassword, {}, { token })).body.data).toMatchObject({ mustChange: true, reason: 'expired', passwordAgeDays: 181 });
    expect((await suite.call(opsForcePasswordChange, { siteId: 4, memberName: 'nobody-here' }, { token: suite.opsToken })).status).toBe(404);
    expect((await suite.call(opsForcePasswordChange, { siteId: 4, memberName: name }, { token })).status).toBe(401);
  });

  it('moves a member to another brand when the operator approves; one pending request; refusals change nothing', async () => {
    const mover = await suite.memberWithBalance(12_00);
    expect((await suite.call(memberMoveStatus, {}, { token: mover.token })).body.data.move).toBeNull();
    expect((await suite.call(memberMoveApply, { toSiteId: 4 }, { token: mover.token })).body.code).toBe(CODE.memberMoveTargetInvalid);
    expect((await suite.call(memberMoveApply, { toSiteId: 999 }, { token: mover.token })).body.code).toBe(CODE.memberMoveTargetInvalid);
    const applied = await suite.call(memberMoveApply, { toSiteId: 8, reason: 'I live <there>' }, { token: mover.token });
    expect(applied.body.data).toMatchObject({ fromSiteId: 4, toSiteId: 8, status: 'pending', reason: 'I live <there>' });
    expect((await suite.call(memberMoveApply, { toSiteId: 8 }, { token: mover.token })).body.code).toBe(CODE.memberMovePending);
    const pending = (await suite.call(opsMemberMoveList, { pendingOnly: true }, { token: suite.opsToken })).body.data.list;
    expect(pending.some((move) => move.id === applied.body.data.id)).toBe(true);
    const decided = await suite.call(opsMemberMoveDecide, { id: applied.body.data.id, approve: true, note: 'ok' }, { token: suite.opsToken });
    expect(decided.body.data).toMatchObject({ status: 'approved', note: 'ok' });
    expect(await count('SELECT site_id::int AS n FROM members WHERE id = $1', [mover.memberId])).toBe(8);
    // Its sessions ended; it logs in on the new brand with its money.
    expect((await suite.call(userInfo, {}, { token: mover.token })).status).toBe(401);
    const name = (await suite.db.query<{ name: string }>('SELECT name FROM members WHERE id = $1', [mover.memberId])).rows[0]!.name;
    const relogin = await suite.call(webLogin, { name, password: FIXTURE_LOGIN_PASSWORD }, { siteId: 8 });
    expect(relogin.body.data.member).toMatchObject({ id: mover.memberId, siteId: 8, centerWalletBalance: 12 });
    expect((await suite.call(opsMemberMoveDecide, { id: applied.body.data.id, approve: false }, { token: suite.opsToken })).body.code).toBe(CODE.memberMoveClosed);
    expect((await suite.call(opsMemberMoveDecide, { id: 999_999, approve: true }, { token: suite.opsToken })).body.code).toBe(CODE.memberMoveNotFound);

    // A name taken on the target brand: the approval is refused and nothing moves.
    const twin = await suite.memberWithBalance(0);
    const twinName = (await suite.db.query<{ name: string }>('SELECT name FROM members WHERE id = $1', [twin.memberId])).rows[0]!.name;
    await suite.db.query(`INSERT INTO members (site_id, name, password_hash) VALUES (8, $1, 'x')`, [twinName]);
    const blocked = (await suite.call(memberMoveApply, { toSiteId: 8 }, { token: twin.token })).body.data;
    expect((await suite.call(opsMemberMoveDecide, { id: blocked.id, approve: true }, { token: suite.opsToken })).body.code).toBe(CODE.memberMoveNameTaken);
    expect((await suite.call(memberMoveStatus, {}, { token: twin.token })).body.data.move?.status).toBe('pending');
    expect((await suite.call(opsMemberMoveDecide, { id: blocked.id, approve: false, note: 'name taken' }, { token: suite.opsToken })).body.data.status).toBe('rejected');
    expect(await count('SELECT site_id::int AS n FROM members WHERE id = $1', [twin.memberId])).toBe(4);
  });


  it('passes a solved gee-test into a one-time captcha pass; a failing provider and wrong answers do not pass', async () => {
    const geeTest = geeTestOf(suite.app);
    const registered = (await suite.call(geeTestRegister, {})).body.data;
    expect(registered).toMatchObject({ success: 1, gt: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const solution = (await geeTest.solutionOf(registered.challenge))!;
    const wrong = await suite.call(geeTestValidate, { challenge: registered.challenge, validate: 'f'.repeat(32), seccode: 'x' });
    expect(wrong.body.code).toBe(CODE.geeTestFailed);
    // A wrong try burns the challenge, as the real service does.
    expect((await suite.call(geeTestValidate, { challenge: registered.challenge, ...solution })).body.code).toBe(CODE.geeTestFailed);
    const next = (await suite.call(geeTestRegister, {})).body.data;
    const pass = (await suite.call(geeTestValidate, { challenge: next.challenge, ...(await geeTest.solutionOf(next.challenge))! })).body.data;
    expect(pass.valid).toBe(true);
    expect(await suite.app.lobby.providers.captcha.verify(pass.captchaId, pass.captchaCode, { consume: true })).toBe(true);
    expect(await suite.app.lobby.providers.captcha.verify(pass.captchaId, pass.captchaCode, { consume: true })).toBe(false);
    geeTest.failNext = true;
    const down = (await suite.call(geeTestRegister, {})).body.data;
    expect(down.success).toBe(0);
    expect((await suite.call(geeTestValidate, { challenge: down.challenge, validate: 'a'.repeat(32), seccode: `${'a'.repeat(32)}|jordan` })).body.code).toBe(CODE.geeTestFailed);
    expect((await suite.call(geeTestValidate, { challenge: 'nope', validate: 'x', seccode: 'y' })).status).toBe(400);
    expect(md5Hex('x')).toHaveLength(32);
  });
});
