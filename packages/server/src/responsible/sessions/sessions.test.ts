import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE, playHistory, playReviewAcknowledge, playSessionNow, realityCheckAcknowledge, realityCheckSet } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { insertConfirmedDeposit } from '../../activities/engine/engine.fixture.js';
import { insertBet } from '../../game-records/bets.fixture.js';
import { createSession } from '../../members/sessions.js';
import { testEngines } from '../../testing/databases.js';
import { serverSuite } from '../../testing/server-suite.js';
import { playRefusal } from '../guard.js';

const MINUTE = 60_000;
const BEIJING = 8 * 3_600_000;

/** A time `day` days into the Beijing month `back` months before the one holding `at`. */
function inBeijingMonth(at: number, back: number, day = 2): Date {
  const local = new Date(at + BEIJING);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, day, 4) - BEIJING);
}

describe.each(testEngines())('play sessions, reality checks and history on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const as = (token: string) => ({ token, timestamp: suite.clock.now() });
  const later = (ms: number) => suite.clock.set(suite.clock.now() + ms);

  it('reality check: the prompt is due at the chosen interval with the elapsed session time and the net result across venues', async () => {
    const started = suite.clock.now();
    const { memberId, token } = await suite.memberWithBalance(0, { nowMs: started });
    const off = (await suite.call(playSessionNow, {}, as(token))).body.data;
    expect(off).toMatchObject({ intervalMinutes: 0, nextPromptAt: null, promptDue: false, netMinor: 0, elapsedSeconds: 0 });

    const set = await suite.call(realityCheckSet, { intervalMinutes: 15 }, as(token));
    expect(set.body.data).toMatchObject({ intervalMinutes: 15, nextPromptAt: new Date(started + 15 * MINUTE).toISOString(), promptDue: false });
    const refused = await suite.call(realityCheckSet, { intervalMinutes: 7 as 15 }, as(token));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/intervalMinutes/);

    await insertBet(suite.db, { memberId, stakeMinor: 500_00, placedAt: new Date(started - MINUTE) }); // before the session: not counted
    await insertBet(suite.db, { memberId, venueCode: 'STUDIO', stakeMinor: 10_00, payoutMinor: 0, placedAt: new Date(started + 2 * MINUTE) });
    await insertBet(suite.db, { memberId, venueCode: 'AG', stakeMinor: 5_00, payoutMinor: 12_00, placedAt: new Date(started + 3 * MINUTE) });
    await insertBet(suite.db, { memberId, venueCode: 'AG', stakeMinor: 2_00, status: 'open', placedAt: new Date(started + 4 * MINUTE) });
    await insertBet(suite.db, { memberId, venueCode: 'AG', stakeMinor: 9_00, status: 'void', placedAt: new Date(started + 4 * MINUTE) });

    suite.clock.set(started + 15 * MINUTE - 1_000);
    expect((await suite.call(playSessionNow, {}, as(token))).body.data.promptDue).toBe(false);
    suite.clock.set(started + 15 * MINUTE);
    const due = (await suite.call(playSessionNow, {}, as(token))).body.data;
    expect(due).toMatchObject({ promptDue: true, elapsedSeconds: 15 * 60, stakesMinor: 17_00, winsMinor: 12_00, netMinor: -5_00, startedAt: new Date(started).toISOString() });
  });

  it('reality check: each answer is recorded with what the member was shown, and continue moves the next prompt one interval on', async () => {
    const started = suite.clock.now();
    const { memberId, token } = await suite.memberWithBalance(0, { nowMs: started });
    await suite.call(realityCheckSet, { intervalMinutes: 30 }, as(token));
    const early = await suite.call(realityCheckAcknowledge, { choice: 'continue' }, as(token));
    expect(early.body.code).toBe(CODE.realityCheckNotDue);

    await insertBet(suite.db, { memberId, stakeMinor: 3_00, placedAt: new Date(started + MINUTE) });
    suite.clock.set(started + 31 * MINUTE);
    const answer = (await suite.call(realityCheckAcknowledge, { choice: 'continue' }, as(token))).body.data;
    expect(answer).toEqual({ choice: 'continue', loggedOut: false, elapsedSeconds: 31 * 60, netMinor: -3_00, nextPromptAt: new Date(started + 61 * MINUTE).toISOString() });
    const again = await suite.call(realityCheckAcknowledge, { choice: 'continue' }, as(token));
    expect(again.body.code).toBe(CODE.realityCheckNotDue);

    suite.clock.set(started + 61 * MINUTE);
    expect((await suite.call(playSessionNow, {}, as(token))).body.data.promptDue).toBe(true);
    expect((await suite.call(realityCheckAcknowledge, { choice: 'history' }, as(token))).body.data.choice).toBe('history');

    const { rows } = await suite.db.query<{ choice: string; elapsed_seconds: number; net_minor: string; due_at: Date }>(
      'SELECT choice, elapsed_seconds, net_minor, due_at FROM rp_reality_checks WHERE member_id = $1 ORDER BY id',
      [memberId],
    );
    expect(rows.map((row) => [row.choice, row.elapsed_seconds, Number(row.net_minor), new Date(row.due_at).toISOString()])).toEqual([
      ['continue', 31 * 60, -3_00, new Date(started + 30 * MINUTE).toISOString()],
      ['history', 61 * 60, -3_00, new Date(started + 61 * MINUTE).toISOString()],
    ]);
  });

  it('reality check: stop logs the member out of every login', async () => {
    const started = suite.clock.now();
    const { memberId, token } = await suite.memberWithBalance(0, { nowMs: started });
    const otherDevice = await createSession(suite.db, memberId, 'test-device-0002', started + MINUTE);
    await suite.call(realityCheckSet, { intervalMinutes: 15 }, as(token));
    suite.clock.set(started + 16 * MINUTE);
    const stop = (await suite.call(realityCheckAcknowledge, { choice: 'stop' }, as(token))).body.data;
    expect(stop).toMatchObject({ choice: 'stop', loggedOut: true, nextPromptAt: null, elapsedSeconds: 16 * 60 });
    for (const used of [token, otherDevice]) {
      const after = await suite.call(playSessionNow, {}, as(used));
      expect(after.status).toBe(401);
    }
    const { rows } = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE member_id = $1 AND revoked_at IS NULL', [memberId]);
    expect(rows[0]!.n).toBe(0);
    const recorded = await suite.db.query<{ choice: string }>('SELECT choice FROM rp_reality_checks WHERE member_id = $1', [memberId]);
    expect(recorded.rows.map((row) => row.choice)).toEqual(['stop']);
  });

  it('session-time limit: play is refused once the session is longer than the limit, until a new login', async () => {
    const started = suite.clock.now();
    const { memberId, token } = await suite.memberWithBalance(0, { nowMs: started });
    const refusal = (door: 'seamlessBet' | 'gameLaunch' | 'deposit') =>
      suite.db.transaction((tx) => playRefusal(tx, { memberId, door, amountMinor: door === 'gameLaunch' ? 0 : 1_00, at: new Date(suite.clock.now()) }));
    expect(await refusal('seamlessBet')).toBeNull();
    await suite.db.query(`INSERT INTO rp_limits (member_id, kind, period, value, set_at) VALUES ($1, 'session', 'session', 60, $2)`, [memberId, new Date(started)]);

    suite.clock.set(started + 59 * MINUTE);
    expect(await refusal('seamlessBet')).toBeNull();
    expect((await suite.call(playSessionNow, {}, as(token))).body.data).toMatchObject({ sessionLimitMinutes: 60, sessionLimitReached: false });

    suite.clock.set(started + 60 * MINUTE);
    for (const door of ['seamlessBet', 'gameLaunch', 'deposit'] as const) {
      const refused = await refusal(door);
      expect(refused?.code).toBe(CODE.sessionTimeLimitReached);
      expect(refused?.message).toMatch(/60 minutes/);
    }
    expect((await suite.call(playSessionNow, {}, as(token))).body.data.sessionLimitReached).toBe(true);

    // Logging out ends the session; with no live login play stays refused; a new login starts a new session.
    await suite.db.query('UPDATE sessions SET revoked_at = now() WHERE member_id = $1', [memberId]);
    expect((await refusal('seamlessBet'))?.code).toBe(CODE.sessionTimeLimitReached);
    await createSession(suite.db, memberId, 'test-device-0001', suite.clock.now());
    later(MINUTE);
    expect(await refusal('seamlessBet')).toBeNull();
  });

  it('history: 12 months of deposits, withdrawals, bets and net position by month, newest first', async () => {
    const now = suite.clock.now();
    const { memberId, token } = await suite.memberWithBalance(0, { nowMs: now });
    await insertConfirmedDeposit(suite.db, memberId, 100_00, inBeijingMonth(now, 0, 1));
    await insertConfirmedDeposit(suite.db, memberId, 50_00, inBeijingMonth(now, 11));
    await insertConfirmedDeposit(suite.db, memberId, 70_00, inBeijingMonth(now, 12)); // 13 months ago: outside
    // A USDT-route deposit (credited in USDT) and a yuan-route one paid in USDT (credited in yuan).
    await insertUsdtDeposit(suite.db, memberId, { route: 'usdt', creditMinor: 12_340000, yuanMinor: 88_00, at: inBeijingMonth(now, 2) });
    await insertUsdtDeposit(suite.db, memberId, { route: 'rmb', creditMinor: 70_00, yuanMinor: 70_00, at: inBeijingMonth(now, 2) });
    // Withdrawals count once paid out and completed, in their currency: one CNY order in two draws, a
    // USDT order; an expired draw and one still waiting to pay never count.
    await insertWithdrawal(suite.db, memberId, 'CNY', [{ minor: 25_00, state: 4015 }, { minor: 15_00, state: 4015 }], inBeijingMonth(now, 3));
    await insertWithdrawal(suite.db, memberId, 'USDT', [{ minor: 5_000000, state: 4015 }], inBeijingMonth(now, 3));
    await insertWithdrawal(suite.db, memberId, 'CNY', [{ minor: 900_00, state: 4016 }, { minor: 800_00, state: 4012 }], inBeijingMonth(now, 3));
    await insertBet(suite.db, { memberId, stakeMinor: 20_00, payoutMinor: 35_00, placedAt: inBeijingMonth(now, 0, 1) });
    await insertBet(suite.db, { memberId, stakeMinor: 10_00, payoutMinor: 0, placedAt: inBeijingMonth(now, 11) });
    await insertBet(suite.db, { memberId, stakeMinor: 99_00, placedAt: inBeijingMonth(now, 12) });
    const other = await suite.memberWithBalance(0, { nowMs: now });
    await insertBet(suite.db, { memberId: other.memberId, stakeMinor: 1_000_00, placedAt: inBeijingMonth(now, 0, 1) }); // another member's

    const history = (await suite.call(playHistory, {}, as(token))).body.data;
    expect(history.months).toHaveLength(12);
    const first = history.months[0]!;
    const last = history.months[11]!;
    expect(first).toMatchObject({ depositsMinor: 100_00, depositCount: 1, betCount: 1, stakesMinor: 20_00, winsMinor: 35_00, netMinor: 15_00 });
    expect(last).toMatchObject({ depositsMinor: 50_00, betCount: 1, stakesMinor: 10_00, netMinor: -10_00 });
    expect(history.months[2]).toMatchObject({ depositsMinor: 70_00, depositsUsdtMinor: 12_340000, depositCount: 2 });
    expect(history.months[3]).toMatchObject({ withdrawalsMinor: 40_00, withdrawalsUsdtMinor: 5_000000, withdrawalCount: 2, betCount: 0, netMinor: 0 });
    expect(history.months.map((row) => row.month)).toEqual([...history.months.map((row) => row.month)].sort().reverse());
    expect(history.totals).toMatchObject({ depositsMinor: 220_00, depositsUsdtMinor: 12_340000, depositCount: 4, withdrawalsMinor: 40_00, withdrawalsUsdtMinor: 5_000000, withdrawalCount: 2, betCount: 2, stakesMinor: 30_00, winsMinor: 35_00, netMinor: 5_00 });
    expect(new Date(history.from).getTime()).toBe(inBeijingMonth(now, 11, 1).getTime() - 4 * 3_600_000);
  });

  it('history review: the prompt comes every 6 months and its acknowledgement is recorded', async () => {
    const { memberId, token } = await suite.memberWithBalance(0, { nowMs: suite.clock.now() });
    const fresh = (await suite.call(playSessionNow, {}, as(token))).body.data;
    expect(fresh.reviewDue).toBe(false);
    expect((await suite.call(playReviewAcknowledge, {}, as(token))).body.code).toBe(CODE.playReviewNotDue);

    const dueAt = Date.parse(fresh.reviewDueAt);
    expect(dueAt - suite.clock.now()).toBeGreaterThan(180 * 24 * 60 * MINUTE);
    expect(dueAt - suite.clock.now()).toBeLessThan(185 * 24 * 60 * MINUTE);
    suite.clock.set(dueAt + MINUTE);
    const login = await createSession(suite.db, memberId, 'test-device-0003', suite.clock.now());
    expect((await suite.call(playSessionNow, {}, as(login))).body.data.reviewDue).toBe(true);
    expect((await suite.call(playHistory, {}, as(login))).body.data.reviewDue).toBe(true);
    const reviewed = (await suite.call(playReviewAcknowledge, {}, as(login))).body.data;
    expect(reviewed.reviewedAt).toBe(new Date(dueAt + MINUTE).toISOString());
    const next = Date.parse(reviewed.reviewDueAt);
    expect((await suite.call(playSessionNow, {}, as(login))).body.data).toMatchObject({ reviewDue: false, reviewDueAt: reviewed.reviewDueAt });
    expect((await suite.call(playReviewAcknowledge, {}, as(login))).body.code).toBe(CODE.playReviewNotDue);

    suite.clock.set(next);
    const again = await createSession(suite.db, memberId, 'test-device-0004', suite.clock.now());
    expect((await suite.call(playSessionNow, {}, as(again))).body.data.reviewDue).toBe(true);
    const { rows } = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rp_history_reviews WHERE member_id = $1', [memberId]);
    expect(rows[0]!.n).toBe(1);
  });
});

/** A completed deposit paid in USDT: on the USDT route it is credited in USDT, on the yuan route in yuan. */
async function insertUsdtDeposit(db: Queryable, memberId: number, order: { route: 'usdt' | 'rmb'; creditMinor: number; yuanMinor: number; at: Date }): Promise<void> {
  const billNo = `U${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  await db.query(
    `INSERT INTO deposit_orders (bill_no, member_id, site_id, pay_type_id, amount_minor, state, provider, timeout_minutes, expires_at, created_at, updated_at)
     SELECT $1, id, site_id, '1', $2, 104, 'sandbox', 30, $3, $3, $3 FROM members WHERE id = $4`,
    [billNo, order.yuanMinor, order.at, memberId],
  );
  const credit = order.route === 'usdt' ? 'USDT' : 'CNY';
  const usdtMinor = order.route === 'usdt' ? order.creditMinor : 10_000000;
  await db.query(
    `INSERT INTO usdt_deposit_orders (bill_no, route, merchant_no, protocol, address, usdt_minor, rate_e5, credit_currency, credit_minor)
     VALUES ($1, $2, 'M1', 'TRC20', 'TAddr', $3, 713000, $4, $5)`,
    [billNo, order.route, usdtMinor, credit, order.creditMinor],
  );
}

/** A withdrawal order of `currency` with its draws in the given states, all at `at`. */
async function insertWithdrawal(db: Queryable, memberId: number, currency: 'CNY' | 'USDT', draws: { minor: number; state: number }[], at: Date): Promise<void> {
  const billNo = `W${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const total = draws.reduce((sum, draw) => sum + draw.minor, 0);
  await db.query(
    `INSERT INTO withdrawal_orders (bill_no, member_id, site_id, withdraw_type, currency, amount_minor, created_at) VALUES ($1, $2, 4, 1, $3, $4, $5)`,
    [billNo, memberId, currency, total, at],
  );
  for (const [index, draw] of draws.entries()) {
    await db.query(
      `INSERT INTO withdrawal_draws (bill_no, order_bill_no, member_id, withdraw_type, currency, amount_minor, state, timeout_minutes, expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, 1, $4, $5, $6, 30, $7, $7, $7)`,
      [`${billNo}d${index}`, billNo, memberId, currency, draw.minor, draw.state, at],
    );
  }
}
