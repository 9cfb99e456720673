import { describe, expect, it } from 'vitest';
import { CODE, memberStatus, opsMemberDetail, opsMemberStatus, walletBalance, webLogin } from '@lobby/sdk';
import { issueCredential, verifyCredential } from '../chat/credentials.js';
import { testEngines } from '../testing/databases.js';
import { FIXTURE_LOGIN_PASSWORD } from '../testing/members.js';
import { serverSuite } from '../testing/server-suite.js';
import { createSession } from './sessions.js';

describe.each(testEngines())("an operator's disable of a member on %s", (engine) => {
  const suite = serverSuite(engine);
  const setStatus = (memberId: number, disabled: boolean, reason = 'chargeback fraud, case 77') =>
    suite.call(opsMemberStatus, { memberId, disabled, reason }, { token: suite.opsToken });
  const login = (name: string) => suite.call(webLogin, { name, password: FIXTURE_LOGIN_PASSWORD }, { remoteAddress: '10.0.9.1' });
  const changesOf = async (memberId: number) =>
    (await suite.db.query<{ from_status: number; to_status: number; reason: string; changed_by: string }>(
      'SELECT from_status, to_status, reason, changed_by FROM member_status_changes WHERE member_id = $1 ORDER BY id', [memberId],
    )).rows.map((r) => [Number(r.from_status), Number(r.to_status), r.reason, r.changed_by]);

  it('ends every session (cached ones too) and chat login at once, refuses the login, and keeps who and why', async () => {
    const { memberId, token, name } = await suite.memberWithBalance(50_00);
    const second = await createSession(suite.db, memberId, 'test-device-0002', Date.now());
    const chat = await issueCredential(suite.db, { memberId, roomTopic: 'lobby/room/4/1', nowMs: Date.now() });
    expect(await verifyCredential(suite.db, chat.username, chat.password, Date.now())).not.toBeNull();
    // Both sessions answer, so both sit in the session cache.
    expect((await suite.call(walletBalance, {}, { token })).body.code).toBe(0);
    expect((await suite.call(memberStatus, {}, { token: second })).body.data).toEqual({ status: 1, statusName: 'active' });

    const disabled = await setStatus(memberId, true);
    expect(disabled.body.data).toEqual({ memberId, name, status: 3, changed: true, sessionsEnded: 2, chatLoginsEnded: 1 });
    for (const t of [token, second]) expect((await suite.call(walletBalance, {}, { token: t })).body.code).toBe(CODE.tokenInvalid);
    expect((await login(name)).body.code).toBe(CODE.memberDisabled);
    expect(await verifyCredential(suite.db, chat.username, chat.password, Date.now())).toBeNull();

    // Again: nothing more is written.
    expect((await setStatus(memberId, true, 'a second time')).body.data).toEqual({ memberId, name, status: 3, changed: false, sessionsEnded: 0, chatLoginsEnded: 0 });
    expect(await changesOf(memberId)).toEqual([[1, 3, 'chargeback fraud, case 77', expect.stringMatching(/^operator:test-/)]]);

    const lifted = await setStatus(memberId, false, 'case 77 closed');
    expect(lifted.body.data).toEqual({ memberId, name, status: 1, changed: true, sessionsEnded: 0, chatLoginsEnded: 0 });
    const back = await login(name);
    expect(back.body.code).toBe(0);
    expect((await suite.call(walletBalance, {}, { token: back.body.data.token })).body.data.centerWalletBalance).toBe(50);
    // The sessions ended by the disable stay ended.
    expect((await suite.call(walletBalance, {}, { token })).body.code).toBe(CODE.tokenInvalid);
  });

  it("shows a member by name with its live sessions and the operators' changes, newest first", async () => {
    const { memberId, name } = await suite.memberWithBalance(0);
    const detail = () => suite.call(opsMemberDetail, { siteId: 4, name: name.toUpperCase() }, { token: suite.opsToken });
    expect((await detail()).body.data).toMatchObject({ memberId, siteId: 4, name, status: 1, statusName: 'active', liveSessions: 1, statusChanges: [] });
    await setStatus(memberId, true, 'first look');
    await setStatus(memberId, false, 'cleared');
    const shown = (await detail()).body.data;
    expect(shown).toMatchObject({ status: 1, statusName: 'active', liveSessions: 0 });
    expect(shown.statusChanges.map((c) => [c.fromStatus, c.toStatus, c.reason])).toEqual([[3, 1, 'cleared'], [1, 3, 'first look']]);
    expect(Date.parse(shown.statusChanges[0]!.changedAt)).toBeGreaterThan(Date.now() - 60_000);
    const elsewhere = await suite.call(opsMemberDetail, { siteId: 8, name }, { token: suite.opsToken });
    expect([elsewhere.body.code, elsewhere.body.msg]).toEqual([CODE.memberNotFound, `name: no member "${name}" on site 8`]);
  });

  it('puts back a sleeping status when the disable is lifted', async () => {
    const { memberId } = await suite.memberWithBalance(0);
    await suite.db.query('UPDATE members SET status = 2 WHERE id = $1', [memberId]);
    expect((await setStatus(memberId, true)).body.data.status).toBe(3);
    expect((await setStatus(memberId, false)).body.data.status).toBe(2);
    expect((await setStatus(memberId, false)).body.data.changed).toBe(false);
  });

  it('ends the sessions of a member disabled by hand in the database too', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    expect((await suite.call(walletBalance, {}, { token })).body.code).toBe(0);
    await suite.db.query('UPDATE members SET status = 3 WHERE id = $1', [memberId]);
    await expect.poll(async () => (await suite.call(walletBalance, {}, { token })).body.code, { timeout: 5_000 }).toBe(CODE.tokenInvalid);
  });

  it('refuses bad input and callers who are not operators with a clear error, and changes nothing', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const unknown = await suite.call(opsMemberStatus, { memberId: 999_999_999, disabled: true, reason: 'x' }, { token: suite.opsToken });
    expect([unknown.body.code, unknown.body.msg]).toEqual([CODE.memberNotFound, 'memberId: no member 999999999']);
    const noReason = await suite.call(opsMemberStatus, { memberId, disabled: true, reason: '' }, { token: suite.opsToken });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toMatch(/reason/);
    const notBoolean = await suite.call(opsMemberStatus, { memberId, disabled: 'yes' as unknown as boolean, reason: 'x' }, { token: suite.opsToken });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.msg).toMatch(/disabled/);
    const asMember = await suite.call(opsMemberStatus, { memberId, disabled: true, reason: 'x' }, { token });
    expect(asMember.body.code).toBe(CODE.operatorOnly);
    expect((await suite.call(memberStatus, {}, { token })).body.data.status).toBe(1);
    expect(await changesOf(memberId)).toEqual([]);
  });
});
