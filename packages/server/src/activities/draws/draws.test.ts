import { createHash, createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CODE, drawGiftDraw, drawGiftInfo, drawGiftRecords, fairMine, fairRounds, raffleInfo, raffleRanking, raffleTickets, raffleTicketsReceive, spinWheelDraw,
  spinWheelInfo, spinWheelReceive, spinWheelRecords, spinWheelTasks, type DrawRecord,
} from '@lobby/sdk';
import type { Database } from '../../db/database.js';
import { createTransfer, ensureMemberAccounts, ensureSystemAccount } from '../../ledger/index.js';
import { testEngines } from '../../testing/databases.js';
import { walletOf } from '../../testing/members.js';
import { serverSuite } from '../../testing/server-suite.js';
import { budgetLeftMinor, CENTRE_WALLET_ONLY, createActivity, publishActivity, type ActivityInput } from '../engine/index.js';
import { validateConfig } from './config.js';
import { commitRound, revealIfClosed, roundSeed } from './fairness.js';
import { seedActivities } from './seed.js';
import { sweepDraws } from './routes.js';
import { nextWindow, windowAt } from './windows.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** 12:00 Beijing time on 2026-11-20 (04:00 UTC). */
const NOON = Date.UTC(2026, 10, 20, 4);
/** The Beijing day of NOON starts at 16:00 UTC the day before. */
const DAY_START = Date.UTC(2026, 10, 19, 16);

/** A confirmed deposit as the deposit flow leaves it: order state 104 completed at `at`, the money in the centre wallet. */
async function confirmedDeposit(db: Database, memberId: number, amountMinor: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const billNo = `D${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    await tx.query(
      `INSERT INTO deposit_orders (bill_no, member_id, site_id, pay_type_id, amount_minor, state, provider, timeout_minutes, expires_at, created_at, updated_at)
       VALUES ($1, $2, 4, '1', $3, 104, 'sandbox', 30, $4, $4, $4)`,
      [billNo, memberId, amountMinor, at],
    );
    const { centre } = await ensureMemberAccounts(tx, memberId);
    const clearing = await ensureSystemAccount(tx, 'payment_clearing:sandbox', 'CNY');
    await createTransfer(tx, { debitAccountId: clearing.id, creditAccountId: centre.id, amountMinor, currency: 'CNY', code: 'deposit', reference: `deposit:${billNo}` });
  });
}

/** The round's bytes and the pick, recomputed here with Node's crypto alone: u32 of 4 bytes, redrawn above the last whole multiple of the total. */
function nodePick(serverSeed: string, clientSeed: string, nonce: number, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  const limit = 2 ** 32 - (2 ** 32 % total);
  let block = 0;
  let bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest();
  let offset = 0;
  for (;;) {
    if (offset + 4 > bytes.length) {
      block += 1;
      bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${block}`).digest();
      offset = 0;
    }
    const value = bytes.readUInt32BE(offset);
    offset += 4;
    if (value < limit) {
      const r = value % total;
      let running = 0;
      return weights.findIndex((weight) => (running += weight) > r);
    }
  }
}

/** The raffle's winners recomputed with Node's crypto: each draw a uniform index among the tickets not yet drawn. */
function nodeSample(serverSeed: string, clientSeed: string, nonce: number, size: number, count: number): number[] {
  const bytes: number[] = [];
  let block = 0;
  const next = () => {
    if (bytes.length === 0) {
      bytes.push(...createHmac('sha256', serverSeed).update(block === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${block}`).digest());
      block += 1;
    }
    return bytes.shift()!;
  };
  const left = Array.from({ length: size }, (_, i) => i);
  const drawn: number[] = [];
  for (let k = 0; k < count; k += 1) {
    const bound = size - k;
    const limit = 2 ** 32 - (2 ** 32 % bound);
    let value: number;
    do value = ((next() << 24) >>> 0) + (next() << 16) + (next() << 8) + next();
    while (value >= limit);
    drawn.push(left.splice(value % bound, 1)[0]!);
  }
  return drawn;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('draw kinds rules', () => {
  it('accepts the seeded configs and names what is wrong with a bad one', () => {
    for (const input of seedActivities(new Date(NOON))) expect(validateConfig(input.kind, input.config)).toBeNull();
    const awards = [{ name: 'a', amountMinor: 100, weight: 1 }, { name: 'b', amountMinor: 0, weight: 1 }];
    const gift = { awards, moneyEachMinor: 100_00, depositRequirementMinor: 0, maxDrawsPerWindow: 3 };
    expect(validateConfig('draw_gift', gift)).toBeNull();
    expect(validateConfig('draw_gift', { ...gift, awards: [awards[0]] })).toBe('awards must list 2 to 20 entries');
    expect(validateConfig('draw_gift', { ...gift, awards: [awards[0], { ...awards[1], amountMinor: 1.5 }] })).toContain('awards[1].amountMinor');
    expect(validateConfig('draw_gift', { ...gift, awards: awards.map((a) => ({ ...a, weight: 0 })) })).toBe('awards weights must add up to at least 1');
    expect(validateConfig('draw_gift', { ...gift, moneyEachMinor: 0 })).toContain('moneyEachMinor');
    expect(validateConfig('draw_gift', { ...gift, windows: [{ opensAt: '2026-11-20T10:00:00Z', closesAt: '2026-11-20T09:00:00Z' }] })).toBe('windows[0] must close after it opens');
    expect(validateConfig('draw_gift', { ...gift, bonus: 1 })).toContain('bonus is not a rule of this kind');
    expect(validateConfig('draw_gift', { ...gift, awards: [{ ...awards[0], name: '<b>x</b>' }, awards[1]] })).toContain('awards[0].name');
    expect(validateConfig('spin_wheel', { segments: awards, tasks: [{ id: 'a', name: 'A', kind: 'sleep', targetMinor: 0, spins: 1 }] })).toContain('tasks[0].kind');
    expect(validateConfig('spin_wheel', { segments: awards, tasks: [{ id: 'a', name: 'A', kind: 'login', targetMinor: 0, spins: 1 }, { id: 'a', name: 'B', kind: 'login', targetMinor: 0, spins: 1 }] })).toContain('used twice');
    expect(validateConfig('raffle', { basis: 'deposit', moneyEachMinor: 100, maxTicketsPerMember: 5, prizes: [] })).toBe('prizes must list 1 to 20 prizes');
    expect(validateConfig('raffle', { basis: 'luck', moneyEachMinor: 100, maxTicketsPerMember: 5, prizes: [{ name: 'p', amountMinor: 1, count: 1 }] })).toContain('basis');
    expect(validateConfig('rain', {})).toBe('rain is not a draw kind');
    for (const input of seedActivities(new Date(NOON))) expect(validateConfig(input.kind, { ...input.config, wallet: 'bonus' }), input.kind).toBe(CENTRE_WALLET_ONLY);
  });

  it('cuts the schedule into Beijing days, or the operator windows clipped to it', () => {
    const activity = { startsAt: new Date(NOON), endsAt: new Date(NOON + 2 * DAY_MS), config: {} };
    expect(windowAt(activity, new Date(NOON + HOUR_MS))).toEqual({ key: 'd20261120', opensAt: new Date(NOON), closesAt: new Date(DAY_START + DAY_MS) });
    expect(nextWindow(activity, new Date(NOON + HOUR_MS))).toEqual({ key: 'd20261121', opensAt: new Date(DAY_START + DAY_MS), closesAt: new Date(DAY_START + 2 * DAY_MS) });
    expect(windowAt(activity, new Date(NOON - 1))).toBeUndefined();
    expect(nextWindow(activity, new Date(NOON - HOUR_MS))?.opensAt).toEqual(new Date(NOON));
    const windows = { ...activity, config: { windows: [{ opensAt: new Date(NOON - HOUR_MS).toISOString(), closesAt: new Date(NOON + HOUR_MS).toISOString() }, { opensAt: new Date(NOON + 5 * HOUR_MS).toISOString(), closesAt: new Date(NOON + 6 * HOUR_MS).toISOString() }] } };
    expect(windowAt(windows, new Date(NOON))).toEqual({ key: 'w0', opensAt: new Date(NOON), closesAt: new Date(NOON + HOUR_MS) });
    expect(windowAt(windows, new Date(NOON + 2 * HOUR_MS))).toBeUndefined();
    expect(nextWindow(windows, new Date(NOON + 2 * HOUR_MS))?.key).toBe('w1');
  });
});

describe.each(testEngines())('draws on %s', (engine) => {
  const suite = serverSuite(engine, { clock: NOON });
  const as = (token?: string) => (token ? { token } : {});

  const drawGiftConfig = (overrides: Record<string, unknown> = {}) => ({
    awards: [{ name: 'Big', amountMinor: 50_00, weight: 1 }, { name: 'Small', amountMinor: 2_00, weight: 3 }, { name: 'Thanks', amountMinor: 0, weight: 6 }],
    moneyEachMinor: 100_00, depositRequirementMinor: 100_00, maxDrawsPerWindow: 5, ...overrides,
  });
  async function published(input: Partial<ActivityInput> & Pick<ActivityInput, 'kind' | 'config'>) {
    const now = new Date(suite.clock.now());
    const draft = await createActivity(suite.db, 4, {
      title: `${input.kind} test`, startsAt: new Date(now.getTime() - HOUR_MS), endsAt: new Date(now.getTime() + 3 * DAY_MS), termsText: 'Terms.', budgetMinor: 1_000_00, ...input,
    }, now);
    return publishActivity(suite.db, draft.id, now);
  }
  const claimCount = async (activityId: number) => Number((await suite.db.query<{ n: string }>('SELECT count(*) AS n FROM promo_claims WHERE activity_id = $1', [activityId])).rows[0]!.n);

  it('commits a round once, hides its seed until it closes, then reveals the seed that hashes to the commitment', async () => {
    suite.clock.set(NOON);
    const activity = await published({ kind: 'draw_gift', config: drawGiftConfig() });
    const opensAt = new Date(NOON + HOUR_MS);
    const closesAt = new Date(NOON + 2 * HOUR_MS);
    const first = await commitRound(suite.db, { activityId: activity.id, roundKey: 'test-round', opensAt, closesAt, committedAt: new Date(NOON) });
    const again = await commitRound(suite.db, { activityId: activity.id, roundKey: 'test-round', opensAt: new Date(NOON), closesAt: new Date(NOON + DAY_MS) });
    expect(again).toEqual(first);
    expect((await roundSeed(suite.db, activity.id, 'test-round'))?.closesAt).toEqual(closesAt);
    const before = (await suite.call(fairRounds, { id: activity.id })).body.data.list.find((round) => round.roundKey === 'test-round')!;
    expect(before).toMatchObject({ seedHash: first.seedHash, serverSeed: null, revealedAt: null });
    expect(await revealIfClosed(suite.db, activity.id, 'test-round', new Date(closesAt.getTime() - 1))).toMatchObject({ serverSeed: null });
    suite.clock.set(closesAt.getTime());
    const after = (await suite.call(fairRounds, { id: activity.id })).body.data.list.find((round) => round.roundKey === 'test-round')!;
    expect(after.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(after.serverSeed!)).toBe(first.seedHash);
    expect(after.revealedAt).toBe(closesAt.toISOString());
    expect((await suite.call(fairRounds, { id: 999_999 })).body.code).toBe(CODE.activityNotFound);
  });

  it('earns a draw per 100 yuan deposited in the window, pays each fair award once, and reveals the seed after the window', async () => {
    suite.clock.set(NOON);
    const activity = await published({ kind: 'draw_gift', config: drawGiftConfig({ vipHint: 'VIP3: more draws' }) });
    const { memberId, token } = await suite.memberWithBalance(0);
    const visitor = (await suite.call(drawGiftInfo, { id: activity.id })).body.data;
    expect(visitor).toMatchObject({ mine: null, vipHint: 'VIP3: more draws', moneyEachMinor: 100_00, window: { roundKey: 'd20261120', lotteryEnd: new Date(DAY_START + DAY_MS).toISOString() } });
    expect(visitor.window?.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(visitor.nextWindow?.roundKey).toBe('d20261121');

    const none = await suite.callWithKey(drawGiftDraw, { id: activity.id, termsVersion: 1 }, token);
    expect(none.body.code).toBe(CODE.drawNoneLeft);
    expect(none.body.msg).toContain('deposit 100.00 in this draw window');

    await confirmedDeposit(suite.db, memberId, 250_00, new Date(NOON - 10 * 60_000));
    const before = await walletOf(suite.db, memberId);
    expect((await suite.call(drawGiftInfo, { id: activity.id }, as(token))).body.data.mine).toEqual({ depositsMinor: 250_00, earned: 2, used: 0, left: 2, reason: '' });
    const key = randomUUID();
    const first = await suite.callWithKey(drawGiftDraw, { id: activity.id, termsVersion: 1 }, token, key);
    expect(first.body.code).toBe(0);
    expect(first.body.data.left).toBe(1);
    expect((await suite.callWithKey(drawGiftDraw, { id: activity.id, termsVersion: 1 }, token, key)).body).toEqual(first.body);
    const second = await suite.callWithKey(drawGiftDraw, { id: activity.id, termsVersion: 1 }, token);
    expect(second.body.data.left).toBe(0);
    const third = await suite.callWithKey(drawGiftDraw, { id: activity.id, termsVersion: 1 }, token);
    expect(third.body).toMatchObject({ code: CODE.drawNoneLeft, msg: 'all 2 draws of this window are taken' });

    const records: DrawRecord[] = (await suite.call(drawGiftRecords, { id: activity.id }, as(token))).body.data.list;
    expect(records.map((record) => record.claimKey)).toEqual(['draw:2', 'draw:1']);
    const weights = [1, 3, 6];
    const amounts = [50_00, 2_00, 0];
    for (const record of records) {
      expect(record.fair).toMatchObject({ roundKey: 'd20261120', serverSeed: null, clientSeed: `a${activity.id}-m${memberId}`, rule: { kind: 'pick', weights } });
      expect(record.amountMinor).toBe(amounts[record.fair.result as number]);
    }
    expect(await walletOf(suite.db, memberId)).toBe(before + records.reduce((sum, record) => sum + record.amountMinor, 0));
    expect(await claimCount(activity.id)).toBe(2);

    // The window closes at the end of the Beijing day: the seed is revealed and every draw recomputes with Node's crypto.
    suite.clock.set(DAY_START + DAY_MS + HOUR_MS);
    const revealed = (await suite.call(fairMine, { id: activity.id }, as(token))).body.data.list;
    expect(revealed).toHaveLength(2);
    for (const record of revealed) {
      expect(sha256(record.fair.serverSeed!)).toBe(record.fair.seedHash);
      expect(nodePick(record.fair.serverSeed!, record.fair.clientSeed, record.fair.nonce, weights)).toBe(record.fair.result);
    }
    expect(revealed.map((record) => record.fair.nonce).sort()).toEqual([1, 2]);
    // The next day's window is a new round: the old deposits earn nothing there.
    expect((await suite.call(drawGiftInfo, { id: activity.id }, as(token))).body.data.mine).toMatchObject({ earned: 0, left: 0, used: 0 });
  });

  it('refuses a draw the budget cannot pay and changes nothing; refuses changed terms and draws outside the window', async () => {
    suite.clock.set(NOON);
    const activity = await published({
      kind: 'draw_gift', budgetMinor: 10_00,
      config: drawGiftConfig({ awards: [{ name: 'Eight', amountMinor: 8_00, weight: 1 }, { name: 'Never', amountMinor: 0, weight: 0 }], depositRequirementMinor: 0 }),
    });
    const { memberId, token } = await suite.memberWithBalance(0);
    await confirmedDeposit(suite.db, memberId, 300_00, new Date(NOON));
    const before = await walletOf(suite.db, memberId);
    expect((await suite.callWithKey(drawGiftDraw, { id: activity.id, termsVersion: 2 }, token)).body.code).toBe(CODE.activityTermsChanged);
    expect((await suite.callWithKey(drawGiftDraw, { id: activity.id, termsVersion: 1 }, token)).body.data.record.amountMinor).toBe(8_00);
    const spent = await suite.callWithKey(drawGiftDraw, { id: activity.id, termsVersion: 1 }, token);
    expect(spent.body.code).toBe(CODE.activityBudgetSpent);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(2_00);
    expect(await walletOf(suite.db, memberId)).toBe(before + 8_00);
    expect(await claimCount(activity.id)).toBe(1);
    suite.clock.set(NOON + 4 * DAY_MS);
    expect((await suite.callWithKey(drawGiftDraw, { id: activity.id, termsVersion: 1 }, token)).body.code).toBe(CODE.activityNotLive);
  });

  it('spins a wheel: validation, tasks, receive once per task and window, spin within the spins received', async () => {
    suite.clock.set(NOON);
    const activity = await published({
      kind: 'spin_wheel', config: {
        segments: [{ name: 'Ten', amountMinor: 10_00, weight: 1 }, { name: 'One', amountMinor: 1_00, weight: 1 }, { name: 'Again', amountMinor: 0, weight: 2 }],
        tasks: [{ id: 'login', name: 'Log in', kind: 'login', targetMinor: 0, spins: 1 }, { id: 'dep', name: 'Deposit 100', kind: 'deposit', targetMinor: 100_00, spins: 2 }],
      },
    });
    const { memberId, token } = await suite.memberWithBalance(0);
    const start = (await suite.call(spinWheelInfo, { id: activity.id }, as(token))).body.data;
    expect(start.mine).toEqual({ received: 0, used: 0, left: 0, canSpin: false, reason: 'receive the spins of a done task first' });
    expect(start.tasks.map((task) => [task.id, task.done, task.received])).toEqual([['login', true, false], ['dep', false, false]]);
    expect((await suite.callWithKey(spinWheelDraw, { id: activity.id, termsVersion: 1 }, token)).body.code).toBe(CODE.drawNoneLeft);
    expect((await suite.call(spinWheelReceive, { id: activity.id, taskId: 'dep', termsVersion: 1 }, as(token))).body).toMatchObject({ code: CODE.spinTaskNotDone, msg: 'task dep needs 100.00 in this window (so far 0.00)' });
    expect((await suite.call(spinWheelReceive, { id: activity.id, taskId: 'nope', termsVersion: 1 }, as(token))).body.code).toBe(CODE.spinTaskNotFound);
    expect((await suite.call(spinWheelReceive, { id: activity.id, taskId: 'login', termsVersion: 1 }, as(token))).body.data.left).toBe(1);
    expect((await suite.call(spinWheelReceive, { id: activity.id, taskId: 'login', termsVersion: 1 }, as(token))).body.code).toBe(CODE.spinTaskReceived);
    const spun = await suite.callWithKey(spinWheelDraw, { id: activity.id, termsVersion: 1 }, token);
    expect(spun.body.data).toMatchObject({ left: 0, record: { claimKey: 'spin:1', fair: { rule: { kind: 'pick', weights: [1, 1, 2] } } } });
    expect((await suite.callWithKey(spinWheelDraw, { id: activity.id, termsVersion: 1 }, token)).body.code).toBe(CODE.drawNoneLeft);
    await confirmedDeposit(suite.db, memberId, 100_00, new Date(NOON));
    expect((await suite.call(spinWheelTasks, { id: activity.id }, as(token))).body.data.tasks[1]).toMatchObject({ id: 'dep', progressMinor: 100_00, done: true, received: false });
    expect((await suite.call(spinWheelReceive, { id: activity.id, taskId: 'dep', termsVersion: 1 }, as(token))).body.data.left).toBe(2);
    await suite.callWithKey(spinWheelDraw, { id: activity.id, termsVersion: 1 }, token);
    await suite.callWithKey(spinWheelDraw, { id: activity.id, termsVersion: 1 }, token);
    const records = (await suite.call(spinWheelRecords, { id: activity.id }, as(token))).body.data.list;
    expect(records.map((record) => record.claimKey)).toEqual(['spin:3', 'spin:2', 'spin:1']);
    expect((await suite.call(spinWheelInfo, { id: activity.id }, as(token))).body.data.mine).toMatchObject({ received: 3, used: 3, left: 0, canSpin: false });
    const paid = records.reduce((sum, record) => sum + record.amountMinor, 0);
    expect(await walletOf(suite.db, memberId)).toBe(100_00 + paid);
  });

  it('runs a raffle: tickets by deposits, ranking, a fair draw at the close, prizes paid once', async () => {
    suite.clock.set(NOON);
    const activity = await published({
      kind: 'raffle', endsAt: new Date(NOON + DAY_MS), budgetMinor: 60_00,
      config: { basis: 'deposit', moneyEachMinor: 100_00, maxTicketsPerMember: 3, prizes: [{ name: 'First', amountMinor: 50_00, count: 1 }, { name: 'Second', amountMinor: 10_00, count: 1 }] },
    });
    const a = await suite.memberWithBalance(0);
    const b = await suite.memberWithBalance(0);
    const c = await suite.memberWithBalance(0);
    await confirmedDeposit(suite.db, a.memberId, 500_00, new Date(NOON));
    await confirmedDeposit(suite.db, b.memberId, 100_00, new Date(NOON));
    const info = (await suite.call(raffleInfo, {}, as(a.token))).body.data;
    expect(info).toMatchObject({ id: activity.id, drawn: false, ticketCount: 0, mine: { memberAmountMinor: 500_00, lotteryTimes: 3, ticketsHeld: 0, ticketsWaiting: 3, reason: '' } });
    expect((await suite.call(raffleTicketsReceive, { id: activity.id, termsVersion: 1 }, as(a.token))).body.data).toEqual({ taken: [1, 2, 3], ticketsHeld: 3 });
    expect((await suite.call(raffleTicketsReceive, { id: activity.id, termsVersion: 1 }, as(a.token))).body).toMatchObject({ code: CODE.raffleNothingToTake, msg: 'at most 3 tickets per member; 3 taken' });
    expect((await suite.call(raffleTicketsReceive, { id: activity.id, termsVersion: 1 }, as(b.token))).body.data).toEqual({ taken: [4], ticketsHeld: 1 });
    expect((await suite.call(raffleTicketsReceive, { id: activity.id, termsVersion: 1 }, as(c.token))).body.code).toBe(CODE.raffleNothingToTake);
    const ranking = (await suite.call(raffleRanking, { id: activity.id }, as(b.token))).body.data;
    expect(ranking.list.map((row) => [row.rank, row.tickets, row.mine])).toEqual([[1, 3, false], [2, 1, true]]);
    expect(ranking.mine).toEqual({ rank: 2, tickets: 1 });
    expect(ranking.list[0]!.member).toMatch(/^.{1,2}\*\*\*$/);
    const rounds = (await suite.call(fairRounds, { id: activity.id })).body.data.list;
    expect(rounds).toEqual([expect.objectContaining({ roundKey: 'raffle', serverSeed: null, seedHash: info.seedHash })]);

    const aBefore = await walletOf(suite.db, a.memberId);
    const bBefore = await walletOf(suite.db, b.memberId);
    suite.clock.set(NOON + DAY_MS);
    expect((await suite.call(raffleTicketsReceive, { id: activity.id, termsVersion: 1 }, as(c.token))).body.code).toBe(CODE.activityNotLive);
    expect(await sweepDraws(suite.db, new Date(NOON + DAY_MS))).toBeGreaterThanOrEqual(1);
    const drawn = (await suite.call(raffleInfo, { id: activity.id }, as(a.token))).body.data;
    expect(drawn).toMatchObject({ drawn: true, ticketCount: 4 });
    const seed = (await suite.call(fairRounds, { id: activity.id })).body.data.list[0]!.serverSeed!;
    expect(sha256(seed)).toBe(info.seedHash);
    const expected = nodeSample(seed, `a${activity.id}-raffle`, 0, 4, 2);
    expect(drawn.winners.map((winner) => winner.ticketNo)).toEqual(expected.map((index) => index + 1));
    expect(drawn.winners.map((winner) => [winner.prizeName, winner.paid])).toEqual([['First', true], ['Second', true]]);
    const owner = (ticketNo: number) => (ticketNo <= 3 ? 'a' : 'b');
    const won = { a: 0, b: 0 };
    for (const winner of drawn.winners) won[owner(winner.ticketNo)] += winner.amountMinor;
    expect(await walletOf(suite.db, a.memberId)).toBe(aBefore + won.a);
    expect(await walletOf(suite.db, b.memberId)).toBe(bBefore + won.b);
    // A second read and a second sweep pay nothing more.
    await suite.call(raffleInfo, { id: activity.id }, as(b.token));
    await sweepDraws(suite.db, new Date(NOON + DAY_MS + 60_000));
    expect(await walletOf(suite.db, a.memberId)).toBe(aBefore + won.a);
    expect(await claimCount(activity.id)).toBe(2);
    const tickets = (await suite.call(raffleTickets, { id: activity.id }, as(a.token))).body.data;
    expect(tickets.list.map((ticket) => ticket.ticketNo)).toEqual([1, 2, 3]);
    expect(tickets.list.filter((ticket) => ticket.prizeName !== '').length).toBe(drawn.winners.filter((winner) => winner.ticketNo <= 3).length);
    const mine = (await suite.call(fairMine, { id: activity.id }, as(a.token))).body.data.list;
    for (const record of mine) expect(record.fair).toMatchObject({ rule: { kind: 'sample', size: 4, count: 2 }, result: expected, serverSeed: seed });
  });

  it('records a raffle prize the budget cannot cover as unpaid with the reason, and draws no more winners than tickets', async () => {
    suite.clock.set(NOON);
    const activity = await published({
      kind: 'raffle', endsAt: new Date(NOON + HOUR_MS), budgetMinor: 5_00,
      config: { basis: 'deposit', moneyEachMinor: 100_00, maxTicketsPerMember: 1, prizes: [{ name: 'Big', amountMinor: 10_00, count: 1 }, { name: 'Small', amountMinor: 1_00, count: 5 }] },
    });
    const { memberId, token } = await suite.memberWithBalance(0);
    await confirmedDeposit(suite.db, memberId, 100_00, new Date(NOON));
    expect((await suite.call(raffleTicketsReceive, { id: activity.id, termsVersion: 1 }, as(token))).body.data.taken).toEqual([1]);
    const before = await walletOf(suite.db, memberId);
    suite.clock.set(NOON + HOUR_MS);
    const drawn = (await suite.call(raffleInfo, { id: activity.id }, as(token))).body.data;
    expect(drawn.winners).toEqual([{ slot: 0, prizeName: 'Big', amountMinor: 10_00, ticketNo: 1, member: expect.any(String), mine: true, paid: false, note: "the activity's budget has 5.00 left, short of this prize" }]);
    expect(await walletOf(suite.db, memberId)).toBe(before);
    expect(await budgetLeftMinor(suite.db, activity.id)).toBe(5_00);
    expect(await claimCount(activity.id)).toBe(0);
  });
});
