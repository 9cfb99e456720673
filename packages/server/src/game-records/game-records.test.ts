import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BET_RECORD_PAGE_SIZE, CODE, RECORD_RANGE_DAYS_MAX, betRecordDetail, betRecords, flowRate, fromMinor, transactionRecords, venueTransferIn, vipInfo, walletBalance,
} from '@lobby/sdk';
import type { RoundDetail } from '../games/game-provider.js';
import { createTransfer, ensureMemberAccounts, ensureSystemAccount } from '../ledger/index.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { DEFAULT_VIP_GRADES } from '../vip/grade-config.js';
import { insertBet, type BetFixture } from './bets.fixture.js';
import { roundSourceOf } from './round-verification.js';

const DAY_MS = 86_400_000;
/** The Beijing calendar day of an instant. */
const beijingDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const yuan = (minor: number) => fromMinor(minor, 2);

describe.each(testEngines())('bet and transaction records on %s', (engine) => {
  const suite = serverSuite(engine, { clock: Date.UTC(2026, 10, 21, 12) });
  /** The rounds the fake provider tells, by venue and round id. */
  const rounds = new Map<string, RoundDetail>();

  beforeAll(() => {
    // Bet records read the game provider's roundDetail when a request comes; this one tells the rounds the tests put in `rounds`.
    const fake = { roundDetail: async (venueCode: string, roundId: string) => rounds.get(`${venueCode}/${roundId}`) };
    const existing = roundSourceOf(suite.app);
    if (existing) existing.roundDetail = fake.roundDetail;
    else Object.assign(suite.app, { gameProvider: fake });
  });

  const as = (token: string) => ({ token });
  const records = (token: string, request: Parameters<typeof suite.call<typeof betRecords>>[1]) => suite.call(betRecords, request, as(token));

  it(`pages a member's own bets ${BET_RECORD_PAGE_SIZE} at a time, newest first, with the totals of the range`, async () => {
    const a = await suite.memberWithBalance(0);
    const b = await suite.memberWithBalance(0);
    const start = Date.UTC(2026, 10, 5, 1);
    const bets: BetFixture[] = [];
    for (let i = 0; i < 10; i += 1) bets.push({ memberId: a.memberId, stakeMinor: (i + 1) * 10_00, payoutMinor: i % 2 === 0 ? (i + 1) * 19_50 : 0, placedAt: new Date(start + i * 60_000), result: `<b>round ${i}</b>` });
    bets.push({ memberId: a.memberId, stakeMinor: 500_00, status: 'void', placedAt: new Date(start + 11 * 60_000) });
    bets.push({ memberId: a.memberId, stakeMinor: 700_00, status: 'cancelled', placedAt: new Date(start + 12 * 60_000) });
    bets.push({ memberId: a.memberId, stakeMinor: 30_00, status: 'open', placedAt: new Date(start + 13 * 60_000) });
    const ids = [];
    for (const bet of bets) ids.push(await insertBet(suite.db, bet));
    await insertBet(suite.db, { memberId: b.memberId, stakeMinor: 99_00, placedAt: new Date(start + 5_000) });

    const first = (await records(a.token, { startDate: '2026-11-05', endDate: '2026-11-05' })).body.data;
    const second = (await records(a.token, { startDate: '2026-11-05', endDate: '2026-11-05', page: 2 })).body.data;
    expect(first.list).toHaveLength(BET_RECORD_PAGE_SIZE);
    expect(second.list).toHaveLength(bets.length - BET_RECORD_PAGE_SIZE);
    expect(first.total).toBe(bets.length);
    const shown = [...first.list, ...second.list];
    expect(shown.map((record) => record.id)).toEqual([...ids].reverse());
    expect(shown.map((record) => record.placedAt)).toEqual([...bets].reverse().map((bet) => bet.placedAt.toISOString()));
    const settled = bets.filter((bet) => (bet.status ?? 'settled') === 'settled');
    const sum = (list: BetFixture[], pick: (bet: BetFixture) => number) => list.reduce((total, bet) => total + pick(bet), 0);
    expect(first.totals).toEqual({
      stake: yuan(sum(bets.filter((bet) => ['settled', 'open'].includes(bet.status ?? 'settled')), (bet) => bet.stakeMinor)),
      validBet: yuan(sum(settled, (bet) => bet.stakeMinor)),
      payout: yuan(sum(settled, (bet) => bet.payoutMinor ?? 0)),
      net: yuan(sum(settled, (bet) => (bet.payoutMinor ?? 0) - bet.stakeMinor)),
    });
    const oldest = second.list.at(-1)!;
    expect(oldest).toMatchObject({ stake: 10, validBet: 10, payout: 19.5, net: 9.5, status: 'settled', result: '<b>round 0</b>', venueCode: 'STUDIO' });
    expect(shown.find((record) => record.status === 'void')).toMatchObject({ stake: 500, validBet: 0, net: 0 });
    const other = (await records(b.token, { startDate: '2026-11-05', endDate: '2026-11-05' })).body.data;
    expect(other.list.map((record) => record.stake)).toEqual([99]);
  });

  it('filters by Beijing day (both ends included) and by venue', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const lateOn10th = await insertBet(suite.db, { memberId, venueCode: 'STUDIO', stakeMinor: 1_00, placedAt: new Date('2026-11-10T15:59:59Z') });
    const early11th = await insertBet(suite.db, { memberId, venueCode: 'LBLIVE', stakeMinor: 2_00, placedAt: new Date('2026-11-10T16:00:00Z') });
    const on12th = await insertBet(suite.db, { memberId, venueCode: 'STUDIO', stakeMinor: 3_00, placedAt: new Date('2026-11-12T03:00:00Z') });
    const ids = async (request: { startDate: string; endDate: string; venueCode?: string }) => (await records(token, request)).body.data.list.map((record) => record.id);
    expect(await ids({ startDate: '2026-11-10', endDate: '2026-11-10' })).toEqual([lateOn10th]);
    expect(await ids({ startDate: '2026-11-11', endDate: '2026-11-11' })).toEqual([early11th]);
    expect(await ids({ startDate: '2026-11-10', endDate: '2026-11-12' })).toEqual([on12th, early11th, lateOn10th]);
    expect(await ids({ startDate: '2026-11-10', endDate: '2026-11-12', venueCode: 'STUDIO' })).toEqual([on12th, lateOn10th]);
    expect((await records(token, { startDate: '2026-11-10', endDate: '2026-11-12', venueCode: 'LBLIVE' })).body.data.totals.stake).toBe(2);
  });

  it('refuses a range that is backwards, too long or not a calendar day, and visitors', async () => {
    const { token } = await suite.memberWithBalance(0);
    const longEnd = beijingDay(Date.UTC(2026, 0, 1) + RECORD_RANGE_DAYS_MAX * DAY_MS);
    for (const [startDate, endDate, named] of [['2026-11-10', '2026-11-09', 'before'], ['2026-01-01', longEnd, `at most ${RECORD_RANGE_DAYS_MAX}`], ['2026-02-30', '2026-03-01', '2026-02-30']] as const) {
      const refused = (await records(token, { startDate, endDate })).body;
      expect(refused.code).toBe(CODE.recordRangeInvalid);
      expect(refused.msg).toContain(named);
    }
    expect((await records(token, { startDate: '2026-11-1', endDate: '2026-11-02' })).status).toBe(400);
    expect((await suite.call(betRecords, { startDate: '2026-11-01', endDate: '2026-11-02' })).status).toBe(401);
  });

  it("answers the member's round with the provider's verification data, and another member's bet as not found", async () => {
    const a = await suite.memberWithBalance(0);
    const b = await suite.memberWithBalance(0);
    const roundId = randomUUID();
    const id = await insertBet(suite.db, { memberId: a.memberId, roundId, stakeMinor: 10_00, payoutMinor: 20_00, placedAt: new Date('2026-11-20T02:00:00Z') });
    const unknown = await insertBet(suite.db, { memberId: a.memberId, stakeMinor: 1_00, placedAt: new Date('2026-11-20T02:00:00Z') });
    rounds.set(`STUDIO/${roundId}`, {
      roundId, venueCode: 'STUDIO', gameCode: 'dice3', memberId: a.memberId, serverSeedHash: 'ab'.repeat(32), serverSeed: null, clientSeed: 'my seed',
      nonce: 7, bet: { pick: 'big' }, outcome: { dice: [4, 5, 6] }, stakeMinor: 10_00, payoutMinor: 20_00, status: 'completed',
    });
    const detail = (await suite.call(betRecordDetail, { id }, as(a.token))).body.data;
    expect(detail.record).toMatchObject({ id, roundId, stake: 10, payout: 20, net: 10 });
    expect(detail.round).toEqual({
      roundId, gameCode: 'dice3', serverSeedHash: 'ab'.repeat(32), serverSeed: null, clientSeed: 'my seed', nonce: 7, bet: { pick: 'big' }, outcome: { dice: [4, 5, 6] },
      stake: 10, payout: 20, status: 'completed',
    });
    expect((await suite.call(betRecordDetail, { id: unknown }, as(a.token))).body.data.round).toBeNull();
    const stranger = (await suite.call(betRecordDetail, { id }, as(b.token))).body;
    expect(stranger).toMatchObject({ code: CODE.betRecordNotFound, data: null });
    expect(stranger.msg).toContain(String(id));
  });

  it('counts the valid bet of settled bets only as turnover: VIP progress and the flow rate move with it', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    const depositMinor = 2_000_00;
    await suite.db.transaction(async (tx) => {
      const { centre } = await ensureMemberAccounts(tx, memberId);
      const clearing = await ensureSystemAccount(tx, 'payment_clearing:sandbox', 'CNY');
      await createTransfer(tx, { debitAccountId: clearing.id, creditAccountId: centre.id, amountMinor: depositMinor, currency: 'CNY', code: 'deposit', reference: `deposit:${randomUUID()}` });
    });
    const next = DEFAULT_VIP_GRADES[1]!;
    const progress = async () => (await suite.call(vipInfo, {}, as(token))).body.data.memberChangeInfo;
    const placedAt = new Date(suite.clock.now());
    await insertBet(suite.db, { memberId, stakeMinor: 10_000_00, status: 'void', placedAt });
    await insertBet(suite.db, { memberId, stakeMinor: 10_000_00, status: 'cancelled', placedAt });
    await insertBet(suite.db, { memberId, stakeMinor: 10_000_00, status: 'open', placedAt });
    expect(await progress()).toMatchObject({ totalRecord: 0, needTotalRecord: yuan(next.upgradeFlowsMinor), levelPercent: 0 });
    expect((await suite.call(flowRate, {}, as(token))).body.data).toMatchObject({ deposits: yuan(depositMinor), requiredFlow: yuan(depositMinor), doneFlow: 0, needFlow: yuan(depositMinor), percent: 0 });

    const validMinor = Math.floor(next.upgradeFlowsMinor / 4);
    await insertBet(suite.db, { memberId, stakeMinor: validMinor, payoutMinor: 0, placedAt });
    expect(await progress()).toMatchObject({
      totalRecord: yuan(validMinor), needTotalRecord: yuan(next.upgradeFlowsMinor - validMinor),
      levelPercent: Math.min(Math.floor((depositMinor * 100) / next.upgradeDepositMinor), Math.floor((validMinor * 100) / next.upgradeFlowsMinor), 100),
    });
    const flow = (await suite.call(flowRate, {}, as(token))).body.data;
    expect(flow).toMatchObject({ multiple: 1, since: null, doneFlow: yuan(validMinor), needFlow: yuan(Math.max(0, depositMinor - validMinor)) });
    expect(flow.percent).toBe(Math.min(100, Math.floor((validMinor * 100) / depositMinor)));
  });

  it('lists every movement of the member wallets with its dealType, sign and balance after', async () => {
    const { memberId, token } = await suite.memberWithBalance(500_00);
    const other = await suite.memberWithBalance(300_00);
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 100 }, token)).body.data.state).toBe('completed');
    await suite.db.transaction(async (tx) => {
      const { centre } = await ensureMemberAccounts(tx, memberId);
      const clearing = await ensureSystemAccount(tx, 'venue_clearing:STUDIO', 'CNY');
      const round = randomUUID();
      await createTransfer(tx, { debitAccountId: centre.id, creditAccountId: clearing.id, amountMinor: 5_00, currency: 'CNY', code: 'game_bet', reference: `bet:${round}`, orderReference: round });
      await createTransfer(tx, { debitAccountId: clearing.id, creditAccountId: centre.id, amountMinor: 12_00, currency: 'CNY', code: 'game_win', reference: `win:${round}`, orderReference: round });
    });
    const range = { startDate: beijingDay(Date.now() - DAY_MS), endDate: beijingDay(Date.now() + DAY_MS) };
    const answer = (await suite.call(transactionRecords, range, as(token))).body.data;
    expect(answer.list.map((row) => [row.dealType, row.wallet, row.amount, row.auditStatus])).toEqual([
      ['win', 'centre', 12, 1],
      ['bet', 'centre', -5, 1],
      ['venueTransfer', 'venue:LBSPORT', 100, 1],
      ['venueTransfer', 'centre', -100, 1],
      ['deposit', 'centre', 500, 1],
    ]);
    expect(answer.total).toBe(5);
    const centreNow = (await suite.call(walletBalance, {}, as(token))).body.data.centerWalletBalance;
    expect(answer.list[0]!.balanceAfter).toBe(centreNow);
    expect(answer.list.filter((row) => row.wallet === 'centre').map((row) => row.balanceAfter)).toEqual([centreNow, centreNow - 12, centreNow - 12 + 5, centreNow - 12 + 5 + 100]);
    const bets = (await suite.call(transactionRecords, { ...range, dealType: 'bet' }, as(token))).body.data;
    expect(bets.list.map((row) => [row.code, row.amount])).toEqual([['game_bet', -5]]);
    const theirs = (await suite.call(transactionRecords, range, as(other.token))).body.data;
    expect(theirs.list.map((row) => [row.dealType, row.amount])).toEqual([['deposit', 300]]);
  });
});
