import { describe, expect, it } from 'vitest';
import { CODE, agentCommission, exclusionTake, opsAgentCommissionSettle, opsAgentCommissionStatements, transactionRecords } from '@lobby/sdk';
import { insertBet } from '../game-records/bets.fixture.js';
import { auditLedger } from '../ledger/index.js';
import { createSession } from '../members/sessions.js';
import { testEngines } from '../testing/databases.js';
import { FIXTURE_LOGIN_PASSWORD, walletOf } from '../testing/members.js';
import { serverSuite } from '../testing/server-suite.js';
import { commissionOf, monthWindow, recentMonths } from './months.js';

const HOUR = 3_600_000;
/** 00:00 Beijing time on the first of a month (month index as Date.UTC's), in ms. */
const beijingFirst = (year: number, monthIndex: number) => Date.UTC(year, monthIndex, 1) - 8 * HOUR;
const beijingDay = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);

describe('commission months', () => {
  it('cuts months at 00:00 Beijing time and rounds commission down to the fen', () => {
    expect(monthWindow('2026-11', new Date())).toEqual({ month: '2026-11', from: new Date('2026-10-31T16:00:00Z'), to: new Date('2026-11-30T16:00:00Z') });
    expect(monthWindow(undefined, new Date('2026-11-30T16:00:00Z')).month).toBe('2026-12');
    expect(monthWindow(undefined, new Date('2026-11-30T15:59:59Z')).month).toBe('2026-11');
    expect(recentMonths(new Date('2027-01-10T00:00:00Z'), 3).map((window) => window.month)).toEqual(['2027-01', '2026-12', '2026-11']);
    expect(commissionOf(2_000_01, 50)).toBe(10_00);
    expect(commissionOf(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe.each(testEngines())('agent commission settlement on %s', (engine) => {
  const suite = serverSuite(engine, { clock: Date.UTC(2026, 10, 15, 4) });
  const ops = () => ({ token: suite.opsToken, timestamp: suite.clock.now() });
  const settle = (month: string, siteId = 4) => suite.call(opsAgentCommissionSettle, { siteId, month }, ops());

  async function agentWithMembers(count: number) {
    const agent = await suite.memberWithBalance(0, { nowMs: suite.clock.now() });
    await suite.db.query('UPDATE members SET is_agent = true WHERE id = $1', [agent.memberId]);
    const members: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const { memberId } = await suite.memberWithBalance(0, { nowMs: suite.clock.now() });
      await suite.db.query('INSERT INTO member_invitations (invitee_id, site_id, inviter_id, created_at) VALUES ($1, 4, $2, $3)', [memberId, agent.memberId, new Date(suite.clock.now())]);
      members.push(memberId);
    }
    return { ...agent, members };
  }
  const bet = (memberId: number, stakeMinor: number, at: number, status: 'settled' | 'void' = 'settled') => insertBet(suite.db, { memberId, stakeMinor, status, placedAt: new Date(at) });
  const count = async (sql: string, params: unknown[] = []) => Number((await suite.db.query<{ n: string | number }>(sql, params)).rows[0]!.n);
  const statementCount = () => count('SELECT count(*) AS n FROM agent_commission_statements');
  const commissionTransfers = () => count("SELECT count(*) AS n FROM ledger_transfers WHERE code = 'agent_commission'");
  const statementOf = async (agentId: number, month: string) =>
    (await suite.call(opsAgentCommissionStatements, { siteId: 4, agentId, month }, ops())).body.data.list[0];

  it('pays each agent its closed month once, from the brand\'s commission account into the centre wallet; zero is settled with 0', async () => {
    const paid = await agentWithMembers(2);
    const idle = await agentWithMembers(1);
    const [f1, f2] = paid.members as [number, number];
    const novEnd = beijingFirst(2026, 11);
    await bet(f1, 1_234_57, Date.UTC(2026, 10, 20));
    await bet(f2, 765_44, novEnd - 1000); // 23:59:59 Beijing on 30 November
    await bet(f2, 9_000_00, Date.UTC(2026, 10, 21), 'void');
    await bet(f1, 500_00, novEnd); // 00:00 Beijing on 1 December: December's
    const stranger = await suite.memberWithBalance(0);
    await bet(stranger.memberId, 3_000_00, Date.UTC(2026, 10, 20));

    // A month not over is refused, and nothing is written.
    const open = await settle('2026-11');
    expect(open.body.code).toBe(CODE.agentCommissionMonthOpen);
    expect(open.body.msg).toContain('2026-11-30T16:00:00.000Z');
    expect((await settle('2027-01')).body.code).toBe(CODE.agentCommissionMonthOpen);
    expect(await statementCount()).toBe(0);

    // The agent takes a six-week time-out (still on at the settlement): commission is money owed to it, paid like a withdrawal (docs/AGENTS.md).
    const rest = await suite.callWithKey(exclusionTake, { kind: 'timeOut', days: 42, password: FIXTURE_LOGIN_PASSWORD }, paid.token);
    expect(rest.body.code, rest.body.msg).toBe(0);

    suite.clock.set(novEnd + HOUR);
    const agents = await count('SELECT count(*) AS n FROM members WHERE site_id = 4 AND is_agent');
    const first = (await settle('2026-11')).body;
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ siteId: 4, month: '2026-11', agents, settledNow: agents, alreadySettled: 0, paidNowMinor: 10_00 });
    const statement = first.data.list.find((row) => row.agentId === paid.memberId);
    expect(statement).toMatchObject({
      state: 'settled', turnoverMinor: 2_000_01, commissionRateBp: 50, commissionMinor: 10_00, adjustmentMinor: 0, carriedMinor: 0, owedMinor: 10_00,
      paidMinor: 10_00, paidAt: new Date(novEnd + HOUR).toISOString(), reference: `agent_commission:${paid.memberId}:2026-11`, adjustments: [],
    });
    expect(first.data.list.find((row) => row.agentId === idle.memberId)).toMatchObject({ turnoverMinor: 0, paidMinor: 0, reference: null, state: 'settled' });
    expect(await walletOf(suite.db, paid.memberId)).toBe(10_00);
    expect(await walletOf(suite.db, idle.memberId)).toBe(0);
    const transfer = await suite.db.query<{ amount_minor: string | number; debit_kind: string }>(
      `SELECT t.amount_minor, d.kind AS debit_kind FROM ledger_transfers t JOIN ledger_accounts d ON d.id = t.debit_account_id WHERE t.code = 'agent_commission'`);
    expect(transfer.rows.map((row) => [Number(row.amount_minor), row.debit_kind])).toEqual([[10_00, 'agent_commission:4']]);

    // Run again: nobody is settled twice, nothing moves.
    const again = (await settle('2026-11')).body.data;
    expect(again).toMatchObject({ settledNow: 0, alreadySettled: agents, paidNowMinor: 0 });
    expect(again.list).toEqual(first.data.list);
    expect(await walletOf(suite.db, paid.memberId)).toBe(10_00);
    expect(await commissionTransfers()).toBe(1);

    // The agent's own page: December open with its turnover so far, November paid and when.
    const token = await createSession(suite.db, paid.memberId, 'agent-device', suite.clock.now());
    const months = (await suite.call(agentCommission, {}, { token, timestamp: suite.clock.now() })).body.data.list;
    expect(months).toHaveLength(12);
    expect(months[0]).toMatchObject({ month: '2026-12', state: 'open', turnoverMinor: 500_00, owedMinor: 2_50, paidMinor: 0, paidAt: null });
    expect(months[1]).toEqual((({ agentId: _a, agentName: _n, settledBy: _s, ...own }) => own)(statement!));
    expect(months[2]).toMatchObject({ month: '2026-10', state: 'closed', paidMinor: 0 });
    const strangerToken = await createSession(suite.db, stranger.memberId, 'stranger-device', suite.clock.now());
    expect((await suite.call(agentCommission, {}, { token: strangerToken, timestamp: suite.clock.now() })).body.code).toBe(CODE.agentNotAgent);

    // The member's transaction records list the credit as commission (the ledger stamps its own time).
    const today = beijingDay(Date.now());
    const records = (await suite.call(transactionRecords, { startDate: today, endDate: today, dealType: 'commission' }, { token, timestamp: suite.clock.now() })).body.data;
    expect(records.list.map((row) => [row.code, row.amount, row.wallet])).toEqual([['agent_commission', 10, 'centre']]);
    expect((await statementOf(paid.memberId, '2026-11'))?.settledBy).toMatch(/^operator:/);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it('refuses bad input, an open month and a member, and changes nothing', async () => {
    suite.clock.set(beijingFirst(2026, 11) + 2 * HOUR);
    const before = { statements: await statementCount(), transfers: await commissionTransfers() };
    for (const month of ['2026-13', '26-11', '2026-1', '2026-11-01', '']) {
      const answer = await suite.call(opsAgentCommissionSettle, { siteId: 4, month }, ops());
      expect([answer.status, answer.body.code, answer.body.msg.startsWith('month:')], month).toEqual([400, CODE.invalidField, true]);
    }
    expect((await settle('2026-11', 999)).body).toMatchObject({ code: CODE.invalidField, msg: 'siteId: site 999 is not a brand of this server' });
    expect((await suite.call(opsAgentCommissionSettle, { siteId: 4, month: '2026-10', extra: 1 } as never, ops())).body.code).toBe(CODE.unknownField);
    expect((await settle('2026-12')).body.code).toBe(CODE.agentCommissionMonthOpen);
    const member = await suite.memberWithBalance(0, { nowMs: suite.clock.now() });
    expect((await suite.call(opsAgentCommissionSettle, { siteId: 4, month: '2026-10' }, { token: member.token, timestamp: suite.clock.now() })).status).toBe(401);
    expect((await suite.call(opsAgentCommissionStatements, { siteId: 999 }, ops())).body.code).toBe(CODE.invalidField);
    expect({ statements: await statementCount(), transfers: await commissionTransfers() }).toEqual(before);
  });

  it('pays each agent once when settlements of a month, and of two months, race', async () => {
    suite.clock.set(beijingFirst(2026, 11) + 3 * HOUR);
    const one = await agentWithMembers(1);
    const two = await agentWithMembers(1);
    await bet(one.members[0]!, 1_000_00, Date.UTC(2026, 8, 10)); // September: 5.00
    await bet(one.members[0]!, 3_000_00, Date.UTC(2026, 9, 10)); // October: 15.00
    await bet(two.members[0]!, 400_00, Date.UTC(2026, 9, 11)); // October: 2.00
    const answers = await Promise.all(['2026-09', '2026-10', '2026-09', '2026-10', '2026-09', '2026-10', '2026-10', '2026-09'].map((month) => settle(month)));
    expect(answers.map((answer) => answer.body.code)).toEqual(Array(8).fill(0));
    const agents = await count('SELECT count(*) AS n FROM members WHERE site_id = 4 AND is_agent');
    for (const month of ['2026-09', '2026-10']) {
      const runs = answers.map((answer) => answer.body.data).filter((run) => run.month === month);
      expect(runs.reduce((sum, run) => sum + run.settledNow, 0), month).toBe(agents);
      expect(await count('SELECT count(*) AS n FROM agent_commission_statements WHERE month = $1', [month])).toBe(agents);
    }
    expect(await walletOf(suite.db, one.memberId)).toBe(20_00);
    expect(await walletOf(suite.db, two.memberId)).toBe(2_00);
    const paidOne = await count("SELECT count(*) AS n FROM ledger_transfers WHERE code = 'agent_commission' AND reference LIKE $1", [`agent_commission:${one.memberId}:%`]);
    expect(paidOne).toBe(2);
    expect((await statementOf(one.memberId, '2026-10'))).toMatchObject({ commissionMinor: 15_00, adjustmentMinor: 0, paidMinor: 15_00 });
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it('pays late bet records with the next settlement, and recovers an overpayment from later commission without debiting the agent', async () => {
    suite.clock.set(beijingFirst(2026, 11) + 4 * HOUR);
    const agent = await agentWithMembers(1);
    const member = agent.members[0]!;
    const decBet = await bet(member, 1_000_00, Date.UTC(2026, 11, 10));
    const statement = async (month: string) => {
      suite.clock.set(monthWindow(month, new Date()).to.getTime() + HOUR);
      expect((await settle(month)).body.code).toBe(0);
      return statementOf(agent.memberId, month);
    };
    expect(await statement('2026-12')).toMatchObject({ commissionMinor: 5_00, paidMinor: 5_00 });

    // After December was paid: a December record arrives late, and the paid one is voided.
    await bet(member, 200_00, Date.UTC(2026, 11, 20));
    await suite.db.query("UPDATE game_bets SET status = 'void', valid_bet_minor = 0 WHERE id = $1", [decBet]);
    const janBet = await bet(member, 2_000_00, Date.UTC(2027, 0, 10));
    expect(await statement('2027-01')).toMatchObject({
      commissionMinor: 10_00, adjustmentMinor: -4_00, carriedMinor: 0, owedMinor: 6_00, paidMinor: 6_00,
      adjustments: [{ month: '2026-12', turnoverDeltaMinor: -800_00, commissionDeltaMinor: -4_00 }],
    });

    // January's bet is voided after January was paid: February owes less than nothing, pays 0, and carries the rest.
    await suite.db.query("UPDATE game_bets SET status = 'void', valid_bet_minor = 0 WHERE id = $1", [janBet]);
    await bet(member, 400_00, Date.UTC(2027, 1, 10));
    expect(await statement('2027-02')).toMatchObject({ commissionMinor: 2_00, adjustmentMinor: -10_00, owedMinor: -8_00, paidMinor: 0, reference: null });
    expect(await walletOf(suite.db, agent.memberId)).toBe(11_00);

    await bet(member, 3_000_00, Date.UTC(2027, 2, 10));
    expect(await statement('2027-03')).toMatchObject({ commissionMinor: 15_00, adjustmentMinor: 0, carriedMinor: -8_00, owedMinor: 7_00, paidMinor: 7_00 });
    // Paid in all: the commission of what stands now (December 1.00, February 2.00, March 15.00).
    expect(await walletOf(suite.db, agent.memberId)).toBe(18_00);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });
});
