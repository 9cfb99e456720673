import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE, newTaskInfo, newTaskPackageSign, newTaskReceive, pickFrom, byteSourceFrom, fairMessage, scratchModalOf } from '@lobby/sdk';
import { insertBet } from '../../game-records/bets.fixture.js';
import { createTransfer, ensureMemberAccounts, ensureSystemAccount } from '../../ledger/index.js';
import { createSession } from '../../members/sessions.js';
import { testEngines } from '../../testing/databases.js';
import { walletOf } from '../../testing/members.js';
import { serverSuite } from '../../testing/server-suite.js';
import { createActivity, publishActivity } from '../engine/index.js';
import { completedWithdrawal, confirmedDeposit } from '../sign-in/facts.fixture.js';
import { validateConfig } from './config.js';
import { seedActivities } from './seed.js';

const DAY_MS = 86_400_000;
/** Noon in Beijing on 2026-11-20. */
const START = Date.UTC(2026, 10, 20, 4);

describe('new-member task rules', () => {
  it('accepts the seeded config and names what is wrong with a bad one', () => {
    expect(validateConfig('new_task', seedActivities(new Date(START))[0]!.config)).toBeNull();
    expect(validateConfig('new_task', { tasks: {} })).toContain('tasks must name at least one task');
    expect(validateConfig('new_task', { tasks: { bingo: {} } })).toContain('tasks.bingo is not a task');
    expect(validateConfig('new_task', { tasks: { deposit: { minDepositMinor: -1, rewardMinor: 1 } } })).toContain('tasks.deposit.minDepositMinor');
    expect(validateConfig('new_task', { taskDays: 3, tasks: { gamePackage: { signDays: 4, dayDepositMinor: 0, dayBetMinor: 0, rewardMinor: 1 } } })).toContain('signDays');
    expect(validateConfig('new_task', { tasks: { new: { prizes: [] } } })).toContain('1 to 20 prizes');
    expect(validateConfig('new_task', { tasks: { new: { prizes: [{ amountMinor: 1, weight: 0 }] } } })).toContain('weight');
  });

  it('maps a scratch amount to the spec modal', () => {
    expect([scratchModalOf(1), scratchModalOf(0), scratchModalOf(-1)]).toEqual([1, 3, 0]);
  });
});

describe.each(testEngines())('new-member tasks on %s', (engine) => {
  const suite = serverSuite(engine, { clock: START });

  async function taskActivity(startsAtMs = suite.clock.now() - DAY_MS) {
    const now = new Date(suite.clock.now());
    const { config } = seedActivities(now)[0]!;
    const draft = await createActivity(suite.db, 4, {
      kind: 'new_task', title: 'Tasks test', config, startsAt: new Date(startsAtMs), endsAt: new Date(startsAtMs + 60 * DAY_MS), termsText: 'Be new.', budgetMinor: 10_000_00,
    }, now);
    return publishActivity(suite.db, draft.id, now);
  }
  /** A member registered at the suite's clock (or `atMs`). */
  async function newMember(atMs = suite.clock.now()) {
    const member = await suite.memberWithBalance(0);
    await suite.db.query('UPDATE members SET created_at = $2 WHERE id = $1', [member.memberId, new Date(atMs)]);
    return member;
  }
  const at = (ms: number) => suite.clock.set(ms);
  const info = async (id: number, token: string) => (await suite.call(newTaskInfo, { id }, { token })).body.data;
  const receive = (id: number, kind: 1 | 2 | 3 | 4 | 5 | 6, token: string) => suite.callWithKey(newTaskReceive, { id, kind, termsVersion: 1 }, token);
  const statuses = async (id: number, token: string) => Object.fromEntries((await info(id, token)).tasks.map((task) => [task.kind, task.status]));

  it('progresses each task from real deposits, withdrawals and bets and pays each reward once', async () => {
    at(START);
    const activity = await taskActivity();
    const { memberId, token } = await newMember();
    expect(await statuses(activity.id, token)).toEqual({ 1: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1 });
    const notDone = await receive(activity.id, 2, token);
    expect(notDone.body).toMatchObject({ code: CODE.newTaskNotDone, msg: 'the deposit task needs 100.00; reached 0.00' });

    await confirmedDeposit(suite.db, memberId, 100_00, new Date(suite.clock.now()));
    await insertBet(suite.db, { memberId, stakeMinor: 100_00, payoutMinor: 0, placedAt: new Date(suite.clock.now()) });
    await completedWithdrawal(suite.db, memberId, 50_00, new Date(suite.clock.now()));
    expect(await statuses(activity.id, token)).toEqual({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 1, 6: 1 });

    const deposit = await receive(activity.id, 2, token);
    expect(deposit.body.data).toMatchObject({ kind: 2, amountMinor: 18_00, modal: 5 });
    expect((await receive(activity.id, 2, token)).body.code).toBe(CODE.newTaskReceived);
    expect((await receive(activity.id, 3, token)).body.data).toMatchObject({ amountMinor: 8_00, modal: 5 });
    expect((await receive(activity.id, 4, token)).body.data).toMatchObject({ amountMinor: 5_88, modal: 5 });

    // The game package: day 1 signed (100 deposited and bet today), day 2 not met, then days 2 and 3 signed.
    const signed = (await suite.call(newTaskPackageSign, { id: activity.id, termsVersion: 1 }, { token })).body.data.package!;
    expect(signed).toMatchObject({ signedCount: 1, signButton: 6, currentDay: 1, signIsOk: true });
    expect((await suite.call(newTaskPackageSign, { id: activity.id, termsVersion: 1 }, { token })).body.code).toBe(CODE.newTaskPackageSigned);
    at(START + DAY_MS);
    expect((await info(activity.id, token)).package).toMatchObject({ signButton: 0, signIsOk: false, currentDay: 2 });
    expect((await suite.call(newTaskPackageSign, { id: activity.id, termsVersion: 1 }, { token })).body.code).toBe(CODE.newTaskPackageNotMet);
    for (const day of [1, 2]) {
      at(START + day * DAY_MS);
      await confirmedDeposit(suite.db, memberId, 100_00, new Date(suite.clock.now()));
      await insertBet(suite.db, { memberId, stakeMinor: 100_00, payoutMinor: 0, placedAt: new Date(suite.clock.now()) });
      await suite.call(newTaskPackageSign, { id: activity.id, termsVersion: 1 }, { token });
    }
    expect((await info(activity.id, token)).package).toMatchObject({ signedCount: 3, signButton: 2 });
    expect((await receive(activity.id, 5, token)).body.data).toMatchObject({ amountMinor: 28_00, modal: 5, info: { package: { signButton: 3 } } });
    expect(await walletOf(suite.db, memberId)).toBe(300_00 + 18_00 + 8_00 + 5_88 + 28_00);
  });

  it('scratches the card once, fair: the pick recomputes from the seed revealed when the day closes', async () => {
    at(START);
    const activity = await taskActivity();
    const { memberId, token } = await newMember();
    const before = (await info(activity.id, token)).scratch!;
    expect(before).toMatchObject({ roundKey: 'scratch:2026-11-20', serverSeed: null, pickedIndex: null, amountMinor: null, nonce: 0 });
    const answers = await Promise.all([1, 2, 3].map(() => receive(activity.id, 1, token)));
    const won = answers.filter((answer) => answer.body.code === 0);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code !== 0).every((answer) => answer.body.code === CODE.newTaskReceived)).toBe(true);
    const scratched = won[0]!.body.data;
    expect(scratched.modal).toBe(scratchModalOf(scratched.amountMinor));
    const card = scratched.info.scratch!;
    expect(card).toMatchObject({ seedHash: before.seedHash, serverSeed: null, amountMinor: scratched.amountMinor });
    expect(card.prizes[card.pickedIndex!]!.amountMinor).toBe(scratched.amountMinor);
    expect(await walletOf(suite.db, memberId)).toBe(scratched.amountMinor);

    at(START + DAY_MS);
    const revealed = (await info(activity.id, await createSession(suite.db, memberId, 'test-device-0001', suite.clock.now()))).scratch!;
    expect(revealed.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(revealed.serverSeed!).digest('hex')).toBe(before.seedHash);
    const seeds = { serverSeed: revealed.serverSeed!, clientSeed: revealed.clientSeed, nonce: revealed.nonce };
    const bytes = byteSourceFrom((cursor) => createHmac('sha256', seeds.serverSeed).update(fairMessage(seeds, cursor)).digest());
    expect(pickFrom(revealed.prizes.map((prize) => prize.weight), bytes)).toBe(revealed.pickedIndex);
  });

  it('pays the reborn bonus to a member whose played deposits ran out, and refuses one who withdrew', async () => {
    at(START);
    const activity = await taskActivity();
    const lost = await newMember();
    await confirmedDeposit(suite.db, lost.memberId, 200_00, new Date(suite.clock.now()));
    await insertBet(suite.db, { memberId: lost.memberId, stakeMinor: 200_00, payoutMinor: 0, placedAt: new Date(suite.clock.now()) });
    expect((await receive(activity.id, 6, lost.token)).body.code).toBe(CODE.newTaskRebornNotLost);
    await suite.db.transaction(async (tx) => {
      const { centre } = await ensureMemberAccounts(tx, lost.memberId);
      const house = await ensureSystemAccount(tx, 'house', 'CNY');
      await createTransfer(tx, { debitAccountId: centre.id, creditAccountId: house.id, amountMinor: 198_00, currency: 'CNY', code: 'test', reference: `test-loss:${lost.memberId}` });
    });
    expect((await receive(activity.id, 6, lost.token)).body.data).toMatchObject({ kind: 6, amountMinor: 20_00, modal: 5 });
    expect(await walletOf(suite.db, lost.memberId)).toBe(22_00);

    const withdrew = await newMember();
    await confirmedDeposit(suite.db, withdrew.memberId, 200_00, new Date(suite.clock.now()));
    await insertBet(suite.db, { memberId: withdrew.memberId, stakeMinor: 200_00, payoutMinor: 0, placedAt: new Date(suite.clock.now()) });
    await completedWithdrawal(suite.db, withdrew.memberId, 200_00, new Date(suite.clock.now()));
    const refused = await receive(activity.id, 6, withdrew.token);
    expect(refused.body.code).toBe(CODE.newTaskRebornNotLost);
    expect(refused.body.msg).toContain('withdrawals 200.00');
  });

  it('refuses members registered before the activity, expired tasks, and pays a race once', async () => {
    at(START);
    const old = await newMember(START - 1_000);
    const activity = await taskActivity(START);
    at(START + 60_000);
    expect(await statuses(activity.id, old.token)).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 });
    expect((await receive(activity.id, 1, old.token)).body.code).toBe(CODE.newTaskNotNewMember);

    const racer = await newMember();
    await confirmedDeposit(suite.db, racer.memberId, 100_00, new Date(suite.clock.now()));
    const answers = await Promise.all(Array.from({ length: 6 }, () => receive(activity.id, 2, racer.token)));
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(1);
    expect(await walletOf(suite.db, racer.memberId)).toBe(100_00 + 18_00);

    at(START + 8 * DAY_MS);
    const token = await createSession(suite.db, racer.memberId, 'test-device-0001', suite.clock.now());
    expect(await statuses(activity.id, token)).toMatchObject({ 1: 4, 2: 3, 4: 4 });
    expect((await receive(activity.id, 4, token)).body.code).toBe(CODE.newTaskExpired);
    expect((await info(activity.id, token)).package!.signButton).toBe(5);
    expect(await walletOf(suite.db, racer.memberId)).toBe(100_00 + 18_00);
  });
});
