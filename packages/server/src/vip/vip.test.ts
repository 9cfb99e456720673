import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CODE, setUserProfile, userInfo, vipBirthdayApply, vipGiftApply, vipGiftCheckProgress, vipGiftList, vipGradeConfigList, vipInfo, walletBalance,
} from '@lobby/sdk';
import { insertBet } from '../game-records/bets.fixture.js';
import { createTransfer, ensureMemberAccounts, ensureSystemAccount } from '../ledger/index.js';
import { createSession } from '../members/sessions.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { DEFAULT_VIP_GRADES, insertGrade } from './grade-config.js';
import { levelReached, progressOf } from './vip-service.js';

describe('VIP grade rules', () => {
  it('reaches the highest grade whose deposit and turnover thresholds are both met', () => {
    expect(levelReached(DEFAULT_VIP_GRADES, { depositMinor: 0, turnoverMinor: 0 })).toBe(0);
    expect(levelReached(DEFAULT_VIP_GRADES, { depositMinor: 1_000_00, turnoverMinor: 4_999_99 })).toBe(0);
    expect(levelReached(DEFAULT_VIP_GRADES, { depositMinor: 20_000_00, turnoverMinor: 30_000_00 })).toBe(2);
    expect(levelReached(DEFAULT_VIP_GRADES, { depositMinor: 10 ** 12, turnoverMinor: 10 ** 12 })).toBe(10);
  });

  it('measures progress by the lagging threshold and needs nothing at the top', () => {
    const progress = progressOf(DEFAULT_VIP_GRADES, 1, { depositMinor: 2_500_00, turnoverMinor: 5_000_00 });
    expect(progress).toMatchObject({ levelPercent: 20, needTotalRecharge: 2500, needTotalRecord: 20000, totalRecharge: 2500, totalRecord: 5000, vipGrade: 1 });
    expect(progressOf(DEFAULT_VIP_GRADES, 10, { depositMinor: 0, turnoverMinor: 0 })).toMatchObject({ levelPercent: 100, needTotalRecharge: 0 });
  });
});

describe.each(testEngines())('VIP calls on %s', (engine) => {
  const suite = serverSuite(engine, { clock: Date.UTC(2026, 10, 21, 12) });

  const as = (token: string, key?: string) => ({ token, timestamp: suite.clock.now(), ...(key ? { headers: { 'x-idempotency-key': key } } : {}) });

  /** A confirmed deposit as the ledger records it, and settled bets of `turnoverMinor` valid bet (a void bet beside them counts nothing). */
  async function depositAndPlay(memberId: number, depositMinor: number, turnoverMinor: number) {
    await suite.db.transaction(async (tx) => {
      const { centre } = await ensureMemberAccounts(tx, memberId);
      const clearing = await ensureSystemAccount(tx, 'payment_clearing:sandbox', 'CNY');
      await createTransfer(tx, { debitAccountId: clearing.id, creditAccountId: centre.id, amountMinor: depositMinor, currency: 'CNY', code: 'deposit', reference: `deposit:${randomUUID()}` });
      const placedAt = new Date(suite.clock.now());
      if (turnoverMinor > 0) await insertBet(tx, { memberId, stakeMinor: turnoverMinor, payoutMinor: 0, placedAt });
      await insertBet(tx, { memberId, stakeMinor: 1_000_000_00, status: 'void', placedAt });
    });
  }
  const centre = async (token: string) => (await suite.call(walletBalance, {}, as(token))).body.data.centerWalletBalance;

  it('lists the grades v0 to v10 per brand, to visitors too', async () => {
    const lobby = await suite.call(vipGradeConfigList, {}, { siteId: 4, timestamp: suite.clock.now() });
    expect(lobby.body.data.list.map((grade) => grade.name)).toEqual(Array.from({ length: 11 }, (_, level) => `VIP${level}`));
    expect(lobby.body.data.list[1]).toEqual({
      level: 1, name: 'VIP1', upgradeDeposit: 1000, upgradeFlows: 5000, upgradeBonus: 18, birthCash: 18, monthGift: 8, dayWithdrawalCounts: 5, dayWithdrawalMoney: 100000,
    });
    await suite.call(vipGradeConfigList, {}, { siteId: 8, timestamp: suite.clock.now() });
    await insertGrade(suite.db, 8, { ...DEFAULT_VIP_GRADES[1]!, name: 'Aurora 1', upgradeBonusMinor: 99_00 });
    expect((await suite.call(vipGradeConfigList, {}, { siteId: 8, timestamp: suite.clock.now() })).body.data.list[1]).toMatchObject({ name: 'Aurora 1', upgradeBonus: 99 });
    expect((await suite.call(vipGradeConfigList, {}, { siteId: 4, timestamp: suite.clock.now() })).body.data.list[1]).toMatchObject({ name: 'VIP1', upgradeBonus: 18 });
  });

  it('raises the grade from deposits and turnover, records the change and shows progress and limits', async () => {
    const { token, memberId } = await suite.memberWithBalance(0);
    const fresh = (await suite.call(vipInfo, {}, as(token))).body.data;
    expect(fresh).toMatchObject({ level: 0, level_name: 'VIP0', to_next_level_percent: 0, withdraw_count: 3, withdraw_max: 50000, memberInfoChangeList: [] });
    await depositAndPlay(memberId, 2_500_00, 5_000_00);
    const info = (await suite.call(vipInfo, {}, as(token))).body.data;
    expect(info).toMatchObject({
      level: 1, level_name: 'VIP1', upgrade_deposit: 5000, upgrade_record: 25000, withdraw_count: 5, withdraw_max: 100000, upgrade_gift: 18, birth_gift: 18,
      every_month_gift: 8, grade_discount: 0, to_next_level_percent: 20,
      memberChangeInfo: { levelPercent: 20, totalRecharge: 2500, totalRecord: 5000, needTotalRecharge: 2500, needTotalRecord: 20000, vipGrade: 1, relegateDate: null },
    });
    expect(info.memberGradeConfigList).toHaveLength(11);
    expect(info.memberInfoChangeList).toEqual([expect.objectContaining({ fromGrade: 0, toGrade: 1 })]);
    expect((await suite.call(userInfo, {}, as(token))).body.data.grade).toBe(1);
    expect((await suite.call(vipInfo, {}, as(token))).body.data.memberInfoChangeList).toHaveLength(1);
  });

  it('pays a gift once through the ledger: a replay answers the same, another key is refused, the status becomes applied', async () => {
    const { token, memberId } = await suite.memberWithBalance(0);
    await depositAndPlay(memberId, 20_000_00, 100_000_00);
    const list = (await suite.call(vipGiftList, {}, as(token))).body.data.list;
    expect(list.map((gift) => [gift.id, gift.giftMoney, gift.status])).toEqual([
      ['upgrade:1', 18, 0], ['upgrade:2', 58, 0], ['upgrade:3', 188, 0], ['month:3:2026-11', 38, 0],
    ]);
    expect((await suite.call(vipGiftCheckProgress, {}, as(token))).body.data).toMatchObject({ availableGifts: 4, progress: { vipGrade: 3 } });
    const before = await centre(token);
    const key = randomUUID();
    const applied = await suite.call(vipGiftApply, { id: 'upgrade:3' }, as(token, key));
    expect(applied.body.data).toMatchObject({ gift: { id: 'upgrade:3', status: 1, giftMoney: 188 }, centerWalletBalance: before + 188 });
    const replay = await suite.call(vipGiftApply, { id: 'upgrade:3' }, as(token, key));
    expect(replay.body).toEqual(applied.body);
    const second = await suite.call(vipGiftApply, { id: 'upgrade:3' }, as(token, randomUUID()));
    expect(second.body).toMatchObject({ code: CODE.vipGiftAlreadyApplied, msg: 'this VIP gift is already claimed' });
    expect(await centre(token)).toBe(before + 188);
    const after = (await suite.call(vipGiftList, {}, as(token))).body.data.list;
    expect(after.find((gift) => gift.id === 'upgrade:3')?.status).toBe(1);
    expect((await suite.call(vipInfo, {}, as(token))).body.data.grade_discount).toBe(188);
    const { rows } = await suite.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transfers WHERE code = 'vip_gift' AND reference LIKE $1`, [`vip_gift:${memberId}:%`]);
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses gifts of unreached grades, unknown ids and calls without a key, paying nothing', async () => {
    const { token } = await suite.memberWithBalance(0);
    const before = await centre(token);
    for (const id of ['upgrade:1', 'upgrade:0', 'month:0:2026-11', 'nothing']) {
      const refused = await suite.call(vipGiftApply, { id }, as(token, randomUUID()));
      expect(refused.body.code).toBe(CODE.vipGiftNotFound);
      expect(refused.body.msg).toContain(id);
    }
    expect((await suite.call(vipGiftApply, { id: '' }, as(token, randomUUID()))).status).toBe(400);
    expect((await suite.call(vipGiftApply, { id: 'upgrade:1' }, as(token))).body.code).toBe(CODE.idempotencyKeyMissing);
    expect(await centre(token)).toBe(before);
  });

  it('pays the birthday bonus once a year in the birthday month only', async () => {
    const { token, memberId } = await suite.memberWithBalance(0);
    await depositAndPlay(memberId, 1_000_00, 5_000_00);
    expect((await suite.call(vipBirthdayApply, {}, as(token, randomUUID()))).body.code).toBe(CODE.vipBirthdayNotSet);
    await suite.call(setUserProfile, { birthday: '1990-11-03' }, as(token));
    const before = await centre(token);
    const paid = await suite.call(vipBirthdayApply, {}, as(token, randomUUID()));
    expect(paid.body.data).toEqual({ birthCash: 18, year: 2026, centerWalletBalance: before + 18 });
    expect((await suite.call(vipBirthdayApply, {}, as(token, randomUUID()))).body.code).toBe(CODE.vipBirthdayAlreadyApplied);
    expect((await suite.call(vipInfo, {}, as(token))).body.data).toMatchObject({ birthday: '1990-11-03', birthdayApplied: true });
    const other = await suite.memberWithBalance(0);
    await depositAndPlay(other.memberId, 1_000_00, 5_000_00);
    await suite.call(setUserProfile, { birthday: '1990-12-03' }, as(other.token));
    expect((await suite.call(vipBirthdayApply, {}, as(other.token, randomUUID()))).body.code).toBe(CODE.vipBirthdayNotThisMonth);
    suite.clock.set(Date.UTC(2026, 11, 1, 1));
    const december = await createSession(suite.db, other.memberId, 'test-device-0001', suite.clock.now());
    expect((await suite.call(vipBirthdayApply, {}, as(december, randomUUID()))).body.data).toMatchObject({ birthCash: 18, year: 2026 });
    suite.clock.set(Date.UTC(2026, 10, 21, 12));
    expect(await centre(token)).toBe(before + 18);
  });

  it('pays once when many applies race with different keys', async () => {
    const { token, memberId } = await suite.memberWithBalance(0);
    await depositAndPlay(memberId, 1_000_00, 5_000_00);
    const before = await centre(token);
    const answers = await Promise.all(Array.from({ length: 6 }, () => suite.call(vipGiftApply, { id: 'upgrade:1' }, as(token, randomUUID()))));
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code !== 0).every((answer) => answer.body.code === CODE.vipGiftAlreadyApplied)).toBe(true);
    expect(await centre(token)).toBe(before + 18);
  });

  it("keeps each member to its own VIP data and refuses visitors", async () => {
    const a = await suite.memberWithBalance(0);
    const b = await suite.memberWithBalance(0);
    await depositAndPlay(a.memberId, 1_000_00, 5_000_00);
    await suite.call(vipGiftApply, { id: 'upgrade:1' }, as(a.token, randomUUID()));
    expect((await suite.call(vipInfo, {}, as(b.token))).body.data).toMatchObject({ level: 0, grade_discount: 0 });
    expect((await suite.call(vipGiftApply, { id: 'upgrade:1' }, as(b.token, randomUUID()))).body.code).toBe(CODE.vipGiftNotFound);
    for (const call of [vipInfo, vipGiftList, vipGiftCheckProgress]) expect((await suite.call(call, {}, { timestamp: suite.clock.now() })).status).toBe(401);
  });
});
