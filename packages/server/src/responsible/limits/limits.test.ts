import { describe, expect, it } from 'vitest';
import { CODE, opsPlayLimitLower, opsPlayLimits, playLimitAudit, playLimitCancel, playLimitConfirm, playLimitSet, playLimits } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { signedInject } from '../../testing/client.js';
import { testEngines } from '../../testing/databases.js';
import { serverSuite } from '../../testing/server-suite.js';
import { playAllowance, playRefusal } from '../guard.js';
import { limitRoutes } from './routes.js';
import { windowsOf } from './windows.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq += 1)}`;

/** A deposit order of the member at `at` in `state` (101 pending payment, 102 pending confirmation, 103 closed, 104 completed, 105 expired). */
async function deposit(q: Queryable, memberId: number, amountMinor: number, at: Date, state = 104): Promise<void> {
  await q.query(
    `INSERT INTO deposit_orders (bill_no, member_id, site_id, pay_type_id, amount_minor, state, provider, timeout_minutes, expires_at, created_at)
     VALUES ($1, $2, 4, '1', $3, $4, 'sandbox', 30, $5, $5)`,
    [unique('D'), memberId, amountMinor, state, at.toISOString()],
  );
}

/**
 * A seamless bet or win of the member at `at`, in a round of its own, written as the seamless
 * functions write them: a bet names its member, a win does not (its round does).
 */
async function seamless(q: Queryable, memberId: number, operation: 'bet' | 'win', amountMinor: number, at: Date, debitState: string | null = operation === 'bet' ? 'debited' : null): Promise<void> {
  const round = unique('R');
  await q.query(
    `INSERT INTO seamless_rounds (provider_id, round_id, member_id, venue_code, game_code, status, opened_at, last_activity_at) VALUES ('p', $1, $2, 'SLOT', 'g', 'open', $3, $3)`,
    [round, memberId, at.toISOString()],
  );
  await q.query(
    `INSERT INTO seamless_transactions (provider_id, transaction_id, operation, body_hash, round_id, member_id, venue_code, amount_minor, debit_state, created_at)
     VALUES ('p', $1, $2, 'h', $3, $4, $5, $6, $7, $8)`,
    [unique('T'), operation, round, operation === 'bet' ? memberId : null, operation === 'bet' ? 'SLOT' : null, amountMinor, debitState, at.toISOString()],
  );
}

/** A venue transfer of the member at `at`. */
async function transfer(q: Queryable, memberId: number, direction: 'in' | 'out', amountMinor: number, at: Date, state = 'completed'): Promise<void> {
  await q.query(
    `INSERT INTO venue_transfers (transfer_id, member_id, venue_code, direction, amount_minor, state, request_key, created_at) VALUES ($1, $2, 'AG', $3, $4, $5, $1, $6)`,
    [unique('V'), memberId, direction, amountMinor, state, at.toISOString()],
  );
}

async function coins(q: Queryable, memberId: number, moneyMinor: number, at: Date): Promise<void> {
  await q.query(`INSERT INTO coin_orders (bill_no, member_id, money_minor, coins, coin_rate, created_at) VALUES ($1, $2, $3, $4, 10, $5)`, [
    unique('C'), memberId, moneyMinor, moneyMinor / 10, at.toISOString(),
  ]);
}

describe.each(testEngines())('responsible-play limits on %s', (engine) => {
  const start = Date.UTC(2026, 10, 26, 10);
  // Only this area's calls: the test does not depend on other areas' routes.
  const suite = serverSuite(engine, { clock: start, routeGroups: [limitRoutes] });
  const now = () => new Date(suite.clock.now());
  const member = async () => {
    suite.clock.set(start);
    return suite.memberWithBalance(0);
  };
  const set = (token: string, kind: 'deposit' | 'loss' | 'wager' | 'stake' | 'session', period: 'day' | 'week' | 'month' | 'session', value: number | null) =>
    suite.call(playLimitSet, { kind, period, value }, { token });
  const view = async (token: string) => (await suite.call(playLimits, {}, { token })).body.data;
  const refusalOf = (memberId: number, door: 'deposit' | 'seamlessBet' | 'venueTransferIn' | 'sportsBet' | 'coinPurchase', amountMinor: number) =>
    suite.db.transaction((tx) => playRefusal(tx, { memberId, door, amountMinor, at: now() }));

  it('a decrease applies at once', async () => {
    const { token } = await member();
    expect((await set(token, 'deposit', 'day', 1_000_00)).body.data.outcome).toBe('applied');
    const lowered = (await set(token, 'deposit', 'day', 500_00)).body.data;
    expect(lowered.outcome).toBe('applied');
    expect(lowered.view.limits).toEqual([expect.objectContaining({ kind: 'deposit', period: 'day', value: 500_00, usedMinor: 0, leftMinor: 500_00 })]);
    expect(lowered.view.pending).toEqual([]);
  });

  it('an increase applies only after 24 hours and the member confirming it, never by itself', async () => {
    const { memberId, token } = await member();
    await set(token, 'deposit', 'day', 500_00);
    const raised = (await set(token, 'deposit', 'day', 2_000_00)).body.data;
    expect(raised.outcome).toBe('pending');
    expect(raised.change).toMatchObject({ fromValue: 500_00, toValue: 2_000_00, effectiveAt: new Date(start + DAY).toISOString(), due: false });
    expect(raised.view.limits[0]!.value).toBe(500_00);
    const changeId = raised.change!.id;

    suite.clock.advance(DAY - 60_000);
    const early = await suite.call(playLimitConfirm, { changeId }, { token });
    expect(early.body.code).toBe(CODE.limitChangeNotDue);
    expect(early.body.msg).toContain('2026-11-27 10:00 UTC');
    expect((await view(token)).limits[0]!.value).toBe(500_00);

    suite.clock.advance(3 * DAY); // long past due: still not applied without the member
    const waiting = await view(token);
    expect(waiting.limits[0]!.value).toBe(500_00);
    expect(waiting.pending).toEqual([expect.objectContaining({ id: changeId, due: true })]);
    expect(await refusalOf(memberId, 'deposit', 600_00)).toMatchObject({ code: CODE.limitDepositReached });

    const confirmed = await suite.call(playLimitConfirm, { changeId }, { token });
    expect(confirmed.body.code).toBe(0);
    expect(confirmed.body.data.limits[0]!.value).toBe(2_000_00);
    expect(confirmed.body.data.pending).toEqual([]);
    expect(await refusalOf(memberId, 'deposit', 600_00)).toBeNull();
    expect((await suite.call(playLimitConfirm, { changeId }, { token })).body.code).toBe(CODE.limitChangeNotFound);
  });

  it('a removal applies only after 24 hours and confirmation; a cancelled one never', async () => {
    const { token } = await member();
    await set(token, 'wager', 'week', 300_00);
    const removal = (await set(token, 'wager', 'week', null)).body.data;
    expect(removal).toMatchObject({ outcome: 'pending', change: { toValue: null, fromValue: 300_00 } });
    expect((await suite.call(playLimitConfirm, { changeId: removal.change!.id }, { token })).body.code).toBe(CODE.limitChangeNotDue);
    const cancelled = await suite.call(playLimitCancel, { changeId: removal.change!.id }, { token });
    expect(cancelled.body.data.pending).toEqual([]);
    suite.clock.advance(DAY);
    expect((await suite.call(playLimitConfirm, { changeId: removal.change!.id }, { token })).body.code).toBe(CODE.limitChangeNotFound);
    expect((await view(token)).limits).toEqual([expect.objectContaining({ kind: 'wager', value: 300_00 })]);

    const again = (await set(token, 'wager', 'week', null)).body.data;
    suite.clock.advance(DAY);
    const removed = await suite.call(playLimitConfirm, { changeId: again.change!.id }, { token });
    expect(removed.body.data.limits).toEqual([]);
  });

  it('a decrease while an increase waits cancels the increase', async () => {
    const { token } = await member();
    await set(token, 'loss', 'month', 1_000_00);
    await set(token, 'loss', 'month', 5_000_00);
    const lowered = (await set(token, 'loss', 'month', 800_00)).body.data;
    expect(lowered.outcome).toBe('applied');
    expect(lowered.view.pending).toEqual([]);
    expect(lowered.view.limits[0]!.value).toBe(800_00);
  });

  it('when several limits apply, the lowest wins', async () => {
    const { memberId, token } = await member();
    await set(token, 'deposit', 'day', 1_000_00);
    await set(token, 'deposit', 'week', 700_00);
    await set(token, 'deposit', 'month', 5_000_00);
    await deposit(suite.db, memberId, 400_00, new Date(start - 3 * DAY));
    // Day: 0 used of 1,000; week: 400 of 700, so 300 left: 301 is refused by the week.
    const refused = await refusalOf(memberId, 'deposit', 301_00);
    expect(refused).toMatchObject({ code: CODE.limitDepositReached, data: { period: 'week', limitMinor: 700_00, usedMinor: 400_00, leftMinor: 300_00 } });
    expect(await refusalOf(memberId, 'deposit', 300_00)).toBeNull();
    expect(await suite.db.transaction((tx) => playAllowance(tx, memberId, 'deposit', now()))).toBe(300_00);
    // Stake: the lowest maximum wins.
    await set(token, 'stake', 'day', 100_00);
    await set(token, 'stake', 'month', 50_00);
    expect(await refusalOf(memberId, 'seamlessBet', 60_00)).toMatchObject({ code: CODE.limitStakeExceeded, data: { limitMinor: 50_00 } });
    expect(await refusalOf(memberId, 'sportsBet', 50_00)).toBeNull();
  });

  it('the loss limit counts net loss (stakes minus wins), not gross stakes; the wager limit counts stakes', async () => {
    const { memberId, token } = await member();
    const earlier = new Date(start - HOUR);
    await seamless(suite.db, memberId, 'bet', 1_000_00, earlier);
    await seamless(suite.db, memberId, 'win', 900_00, earlier);
    await seamless(suite.db, memberId, 'bet', 5_000_00, earlier, 'rolled_back'); // refunded: counts nothing
    await seamless(suite.db, memberId, 'bet', 5_000_00, earlier, 'refused');
    await transfer(suite.db, memberId, 'in', 300_00, earlier);
    await transfer(suite.db, memberId, 'out', 250_00, earlier);
    await transfer(suite.db, memberId, 'out', 999_00, earlier, 'failed'); // never came back
    await coins(suite.db, memberId, 50_00, earlier);
    const windows = await windowsOf(suite.db, memberId, now());
    // Put in 1,000 + 300 + 50; back 900 + 250: net loss 200. Wagered 1,000 + 300.
    expect(windows.day).toMatchObject({ lossMinor: 200_00, wagerMinor: 1_300_00, depositMinor: 0 });

    await set(token, 'loss', 'day', 500_00);
    expect(await refusalOf(memberId, 'seamlessBet', 300_00)).toBeNull();
    expect(await refusalOf(memberId, 'seamlessBet', 301_00)).toMatchObject({ code: CODE.limitLossReached, data: { usedMinor: 200_00, leftMinor: 300_00 } });
    expect(await refusalOf(memberId, 'coinPurchase', 301_00)).toMatchObject({ code: CODE.limitLossReached });
    await set(token, 'wager', 'day', 1_400_00);
    expect(await refusalOf(memberId, 'seamlessBet', 200_00)).toMatchObject({ code: CODE.limitWagerReached, data: { usedMinor: 1_300_00 } });
    // A transfer in is capped at the smallest allowance left (wager 100), refused only once nothing is left.
    expect(await refusalOf(memberId, 'venueTransferIn', 5_000_00)).toBeNull();
    expect(await suite.db.transaction((tx) => playAllowance(tx, memberId, 'venueTransferIn', now()))).toBe(100_00);
    await seamless(suite.db, memberId, 'bet', 100_00, earlier);
    expect(await refusalOf(memberId, 'venueTransferIn', 1_00)).toMatchObject({ code: CODE.limitWagerReached });
    expect(await refusalOf(memberId, 'sportsBet', 1_00)).toMatchObject({ code: CODE.limitWagerReached });
    expect((await view(token)).limits).toEqual([
      expect.objectContaining({ kind: 'loss', usedMinor: 300_00, leftMinor: 200_00 }),
      expect.objectContaining({ kind: 'wager', usedMinor: 1_400_00, leftMinor: 0 }),
    ]);
  });

  it('a transfer in is weighed once: its own pending row, written in the asking transaction, is not counted again', async () => {
    const { memberId, token } = await member();
    await set(token, 'loss', 'day', 500_00);
    const inside = await suite.db.transaction(async (tx) => {
      await transfer(tx, memberId, 'in', 200_00, now(), 'pending');
      return [await playRefusal(tx, { memberId, door: 'venueTransferIn', amountMinor: 200_00, at: now() }), await playAllowance(tx, memberId, 'venueTransferIn', now())];
    });
    expect(inside).toEqual([null, 500_00]);
    // Seen from another transaction, the pending transfer counts.
    expect(await suite.db.transaction((tx) => playAllowance(tx, memberId, 'venueTransferIn', now()))).toBe(300_00);
  });

  it('deposits count from creation until closed or expired, and only inside the window', async () => {
    const { memberId, token } = await member();
    await set(token, 'deposit', 'day', 1_000_00);
    await deposit(suite.db, memberId, 300_00, new Date(start - HOUR), 101); // pending payment: counts (one active order at a time)
    await deposit(suite.db, memberId, 200_00, new Date(start - HOUR), 104);
    await deposit(suite.db, memberId, 900_00, new Date(start - HOUR), 103); // closed
    await deposit(suite.db, memberId, 900_00, new Date(start - HOUR), 105); // expired
    await deposit(suite.db, memberId, 900_00, new Date(start - DAY - 1), 104); // outside the 24 hours
    expect((await view(token)).limits[0]).toMatchObject({ usedMinor: 500_00, leftMinor: 500_00, resetsAt: new Date(start - HOUR + DAY).toISOString() });
  });

  it('a refusal names the limit and when it resets', async () => {
    const { memberId, token } = await member();
    await set(token, 'deposit', 'day', 500_00);
    await deposit(suite.db, memberId, 500_00, new Date(start - 2 * HOUR));
    const refused = await refusalOf(memberId, 'deposit', 1_00);
    expect(refused?.code).toBe(CODE.limitDepositReached);
    expect(refused?.message).toBe('Your 24-hour deposit limit of 500.00 is reached; it resets at 2026-11-27 08:00 UTC');
    await set(token, 'deposit', 'week', 600_00);
    expect((await refusalOf(memberId, 'deposit', 1_00))?.message).toContain('24-hour deposit limit of 500.00');
    await set(token, 'stake', 'week', 20_00);
    expect((await refusalOf(memberId, 'seamlessBet', 25_00))?.message).toBe('Your maximum stake of 20.00 per bet (7-day limit) is below this stake of 25.00');
    // The window moves on: once the deposit left it, the limit allows again.
    suite.clock.set(start + 22 * HOUR + 1);
    expect(await refusalOf(memberId, 'deposit', 100_00)).toBeNull();
  });

  it('an operator can only lower a limit; the member sees who did it in the audit trail', async () => {
    const { memberId, token } = await member();
    await set(token, 'deposit', 'day', 500_00);
    await set(token, 'deposit', 'day', 900_00); // pending increase
    const raise = await suite.call(opsPlayLimitLower, { memberId, kind: 'deposit', period: 'day', value: 600_00 }, { token: suite.opsToken });
    expect(raise.body.code).toBe(CODE.limitOnlyLower);
    expect((await suite.call(opsPlayLimitLower, { memberId, kind: 'deposit', period: 'day', value: 500_00 }, { token: suite.opsToken })).body.code).toBe(CODE.limitOnlyLower);
    const lowered = await suite.call(opsPlayLimitLower, { memberId, kind: 'deposit', period: 'day', value: 200_00 }, { token: suite.opsToken });
    expect(lowered.body.data).toEqual({ memberId, kind: 'deposit', period: 'day', fromValue: 500_00, value: 200_00 });
    const newOne = await suite.call(opsPlayLimitLower, { memberId, kind: 'loss', period: 'week', value: 100_00 }, { token: suite.opsToken });
    expect(newOne.body.data.fromValue).toBeNull();
    expect((await suite.call(opsPlayLimitLower, { memberId: 999_999_999, kind: 'loss', period: 'week', value: 100_00 }, { token: suite.opsToken })).body.code).toBe(CODE.limitMemberUnknown);
    expect((await suite.call(opsPlayLimitLower, { memberId, kind: 'loss', period: 'week', value: 50_00 }, { token })).body.code).toBe(CODE.operatorOnly);

    const state = await view(token);
    expect(state.limits.map((l) => [l.kind, l.period, l.value])).toEqual([['deposit', 'day', 200_00], ['loss', 'week', 100_00]]);
    expect(state.pending).toEqual([]); // the operator's lowering cancelled the waiting increase

    // The operator reads what the member sees, with the audit trail; read only, operators only.
    const read = (await suite.call(opsPlayLimits, { memberId }, { token: suite.opsToken })).body.data;
    expect(read.view).toEqual(state);
    expect(read.audit.map((e) => [e.action, e.actor])).toEqual([['lowered', 'operator'], ['lowered', 'operator'], ['cancelled', 'system'], ['requested', 'member'], ['set', 'member']]);
    expect((await suite.call(opsPlayLimits, { memberId: 999_999_999 }, { token: suite.opsToken })).body.code).toBe(CODE.limitMemberUnknown);
    expect((await suite.call(opsPlayLimits, { memberId }, { token })).body.code).toBe(CODE.operatorOnly);
  });

  it('every change is in the audit trail: who (member, operator, system), when, from and to', async () => {
    const { memberId, token } = await member();
    await set(token, 'session', 'session', 60);
    await set(token, 'session', 'session', 120);
    await suite.call(opsPlayLimitLower, { memberId, kind: 'session', period: 'session', value: 30 }, { token: suite.opsToken });
    const { entries } = (await suite.call(playLimitAudit, {}, { token })).body.data;
    expect(entries.map((e) => [e.action, e.actor, e.fromValue, e.toValue])).toEqual([
      ['lowered', 'operator', 60, 30],
      ['cancelled', 'system', 60, 120],
      ['requested', 'member', 60, 120],
      ['set', 'member', null, 60],
    ]);
    expect(entries[0]!.at).toBe(new Date(start).toISOString());
    expect(entries.every((e) => e.kind === 'session' && e.period === 'session')).toBe(true);
  });

  it('hostile input is refused and changes nothing', async () => {
    const { token } = await member();
    await set(token, 'deposit', 'day', 500_00);
    const bad: unknown[] = [
      { kind: 'deposit', period: 'session', value: 100 },
      { kind: 'session', period: 'day', value: 100 },
      { kind: 'session', period: 'session', value: 1441 },
    ];
    for (const body of bad) expect((await suite.call(playLimitSet, body as never, { token })).body.code).toBe(CODE.limitInvalid);
    const malformed: unknown[] = [
      { kind: 'deposit', period: 'day', value: 0 },
      { kind: 'deposit', period: 'day', value: -5 },
      { kind: 'deposit', period: 'day', value: 1.5 },
      { kind: 'deposit', period: 'day', value: '100' },
      { kind: 'deposit', period: 'day', value: 1e13 },
      { kind: 'bonus', period: 'day', value: 100 },
      { kind: 'deposit', period: 'day' },
      { kind: 'deposit', period: 'day', value: 100, memberId: 1 },
    ];
    for (const body of malformed) {
      const answer = await signedInject(suite.app, { call: playLimitSet, body, token, timestamp: suite.clock.now() });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await suite.call(playLimitConfirm, { changeId: 0 } as never, { token })).status).toBe(400);
    const unchanged = await view(token);
    expect(unchanged.limits).toEqual([expect.objectContaining({ kind: 'deposit', period: 'day', value: 500_00 })]);
    expect(unchanged.pending).toEqual([]);
    expect((await suite.call(playLimitAudit, {}, { token })).body.data.entries).toHaveLength(1);
    expect((await suite.call(playLimits, {}, {})).body.code).toBe(CODE.tokenMissing);
  });

  it('a member sees and changes only its own limits', async () => {
    const a = await member();
    const b = await member();
    await set(a.token, 'deposit', 'day', 100_00);
    const pending = (await set(a.token, 'deposit', 'day', 200_00)).body.data.change!;
    expect((await view(b.token)).limits).toEqual([]);
    expect((await view(b.token)).pending).toEqual([]);
    expect((await suite.call(playLimitAudit, {}, { token: b.token })).body.data.entries).toEqual([]);
    suite.clock.advance(DAY);
    expect((await suite.call(playLimitConfirm, { changeId: pending.id }, { token: b.token })).body.code).toBe(CODE.limitChangeNotFound);
    expect((await suite.call(playLimitCancel, { changeId: pending.id }, { token: b.token })).body.code).toBe(CODE.limitChangeNotFound);
    const mine = await view(a.token);
    expect(mine.limits[0]!.value).toBe(100_00);
    expect(mine.pending).toEqual([expect.objectContaining({ id: pending.id, due: true })]);
    // B's play is not counted in A's windows, nor A's limit applied to B.
    await deposit(suite.db, b.memberId, 900_00, now());
    expect(await refusalOf(a.memberId, 'deposit', 100_00)).toBeNull();
    expect(await refusalOf(b.memberId, 'deposit', 100_000_00)).toBeNull();
  });
});
