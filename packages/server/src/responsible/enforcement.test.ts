import { describe, expect, it } from 'vitest';
import { CODE, buyCoin, depositPay, gameLaunch, md5Hex, opsGameSync, usdtDepositPay, venueTransferIn, venueTransferOut, withdrawPasswordSet, withdrawalRequest } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { setLimit, takeTimeOut } from './enforcement.fixture.js';
import { playRefusal } from './guard.js';
import { windowsOf } from './limits/windows.js';
import { providerGame, ScriptedGameProvider } from '../games/testing-provider.js';
import { routeGroups } from '../route-groups.js';
import { SeamlessWalletClient, injectTransport } from '../seamless/client.js';
import { studioCredentialsOf } from '../seamless/credentials.js';
import { fixtureOf, legOf, memberAtVenue, place, venueBalance } from '../sportsbook/sportsbook-test-support.js';
import { testEngines } from '../testing/databases.js';
import { walletOf } from '../testing/members.js';
import { serverSuite, type ServerSuite } from '../testing/server-suite.js';

/**
 * Responsible play where money moves (issue 22 item 2; docs/RESPONSIBLE-PLAY.md "Where money
 * moves"): each door refuses a request over the member's limit (or under a break) in the
 * transaction that would move the money, and nothing is left behind; wins, transfers out and
 * withdrawals never ask. Limits and breaks are written straight into rp_limits and
 * rp_exclusions, as the limits and break pages would leave them.
 */

const count = async (db: Queryable, sql: string, params: unknown[]) => Number((await db.query<{ n: string | number }>(sql, params)).rows[0]!.n);

const VENUE = 'LBSTUDIO';
let next = 0;
const id = (prefix: string) => `${prefix}-${process.pid}-${++next}`;

type Door = 'coinPurchase' | 'seamlessBet';

/**
 * The one-statement check of a door for one member: rp_door_clear (one member, migration 1150),
 * asserted to agree with the door's fast form: for a coin purchase rp_purchases_clear with that
 * purchase alone (a purchase batch's door, migration 1200), for a seamless bet rp_bet_clear
 * (migration 1210).
 */
async function doorClear(db: Queryable, memberId: number, door: Door, amountMinor: number, at: Date): Promise<boolean> {
  const { rows: [row] } = await db.query<{ one: boolean; fast: boolean }>(
    `SELECT rp_door_clear($1, $2, $3, $4) AS one,
            CASE WHEN $2 = 'coinPurchase' THEN cardinality(rp_purchases_clear(ARRAY[$1]::bigint[], ARRAY[$3]::bigint[], ARRAY[$4]::timestamptz[])) = 1
                 ELSE rp_bet_clear($1, $3, $4) END AS fast`,
    [memberId, door, amountMinor, at],
  );
  expect(row!.fast, `the fast form of the ${door} door agrees with rp_door_clear (${amountMinor})`).toBe(row!.one);
  return row!.one;
}

function seamlessClient(suite: ServerSuite): SeamlessWalletClient {
  const { providerId, secret } = studioCredentialsOf(suite.app);
  return new SeamlessWalletClient({ providerId, secret, transport: injectTransport(suite.app), clock: suite.clock });
}

describe.each(testEngines())('responsible play where money moves on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const now = () => new Date(suite.clock.now());

  it('deposit door: depositPay, fast to card and usdtDepositPay refuse an order over the deposit limit and open nothing', async () => {
    const { memberId, token } = await suite.memberWithBalance(0);
    await setLimit(suite.db, memberId, 'deposit', 120_00);
    const orders = () => count(suite.db, 'SELECT count(*) AS n FROM deposit_orders WHERE member_id = $1', [memberId]);
    const bank = await suite.callWithKey(depositPay, { payTypeId: '1', amount: 150 }, token);
    expect(bank.body.code).toBe(CODE.limitDepositReached);
    expect(bank.body.msg).toMatch(/24-hour deposit limit of 120\.00/);
    const speed = await suite.callWithKey(depositPay, { payTypeId: '912', amount: 150 }, token);
    expect(speed.body.code).toBe(CODE.limitDepositReached);
    const usdt = await suite.callWithKey(usdtDepositPay, { route: 'rmb', merchantNo: 'USDT-TRC20-01', protocol: 'TRC20', amount: 150 }, token);
    expect(usdt.body.code).toBe(CODE.limitDepositReached);
    expect(await orders()).toBe(0);
    // Within the limit the order opens; an open order counts, so the next one may not pass it.
    expect((await suite.callWithKey(depositPay, { payTypeId: '1', amount: 100 }, token)).body.code).toBe(0);
    expect(await orders()).toBe(1);
  });

  it('venue transfer in: capped at the loss allowance, the allowance named; a transfer out never asks and frees allowance', async () => {
    const { memberId, token } = await suite.memberWithBalance(1_000_00);
    await setLimit(suite.db, memberId, 'loss', 100_00);
    const transfers = () => count(suite.db, 'SELECT count(*) AS n FROM venue_transfers WHERE member_id = $1', [memberId]);
    const over = await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 150 }, token);
    expect(over.body.code).toBe(CODE.rpTransferOverAllowance);
    expect(over.body.data).toMatchObject({ allowanceMinor: 100_00, allowance: 100 });
    expect(await walletOf(suite.db, memberId)).toBe(1_000_00);
    expect(await transfers()).toBe(0);
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 100 }, token)).body.data).toMatchObject({ state: 'completed' });
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 1 }, token)).body.code).toBe(CODE.limitLossReached);
    // Out is never refused; what comes back offsets the loss, so 50 may go in again, not 60.
    expect((await suite.callWithKey(venueTransferOut, { api_name: 'LBSPORT', transferOutVal: 50 }, token)).body.data).toMatchObject({ state: 'completed' });
    const capped = await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 60 }, token);
    expect(capped.body.data).toMatchObject({ allowanceMinor: 50_00 });
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 50 }, token)).body.data).toMatchObject({ state: 'completed' });
    expect(await walletOf(suite.db, memberId)).toBe(900_00);
  });

  it('seamless bet: over the stake limit LIMIT_REACHED, under a break PLAYER_BLOCKED, neither kept; the win of a bet taken before is paid', async () => {
    const { memberId } = await suite.memberWithBalance(1_000_00);
    await setLimit(suite.db, memberId, 'stake', 50_00);
    const client = seamlessClient(suite);
    const round = id('round');
    const first = { transactionId: id('bet'), roundId: round, memberId, venueCode: VENUE, gameCode: 'fruit-reels', amountMinor: 40_00 };
    expect((await client.bet(first)).ok).toBe(true);
    const big = await client.bet({ ...first, transactionId: id('bet'), roundId: id('round'), amountMinor: 60_00 });
    expect(big).toMatchObject({ ok: false, code: 'LIMIT_REACHED', balanceMinor: 960_00 });
    expect(!big.ok && big.message).toMatch(/maximum stake of 50\.00/);
    const rows = () => count(suite.db, 'SELECT count(*) AS n FROM seamless_transactions WHERE member_id = $1', [memberId]);
    expect(await rows()).toBe(1);

    await takeTimeOut(suite.db, memberId, now());
    const blocked = await client.bet({ ...first, transactionId: id('bet'), roundId: id('round'), amountMinor: 10_00 });
    expect(blocked).toMatchObject({ ok: false, code: 'PLAYER_BLOCKED', balanceMinor: 960_00 });
    expect(await rows()).toBe(1);
    // A repeat of the bet taken before answers its kept answer; its win is paid under the break.
    expect(await client.bet(first)).toMatchObject({ ok: true, answer: { balanceMinor: 960_00 } });
    const won = await client.win({ transactionId: id('win'), roundId: round, amountMinor: 200_00 });
    expect(won).toMatchObject({ ok: true, answer: { balanceMinor: 1_160_00 } });
    expect(await walletOf(suite.db, memberId)).toBe(1_160_00);
  });

  it('sportsbook bet: a stake over the stake limit is refused and nothing leaves the venue wallet', async () => {
    const { memberId, token } = await memberAtVenue(suite, 100_00);
    await setLimit(suite.db, memberId, 'stake', 5_00, 'week');
    const leg = await legOf(suite, await fixtureOf(suite), '1x2', 'home');
    const refused = await place(suite, token, { legs: [leg], stakePerLineMinor: 10_00 });
    expect(refused.body.code).toBe(CODE.limitStakeExceeded);
    expect(await venueBalance(suite, memberId)).toBe(100_00);
    expect(await count(suite.db, 'SELECT count(*) AS n FROM sportsbook_bets WHERE member_id = $1', [memberId])).toBe(0);
    expect((await place(suite, token, { legs: [leg], stakePerLineMinor: 5_00 })).body.code).toBe(0);
    expect(await venueBalance(suite, memberId)).toBe(95_00);
  });

  it('coin purchase: the loss limit refuses a purchase and leaves its key unused; a member without limits buys as before', async () => {
    const { memberId, token } = await suite.memberWithBalance(100_00);
    const free = await suite.memberWithBalance(100_00);
    await setLimit(suite.db, memberId, 'loss', 10_00);
    const refused = await suite.callWithKey(buyCoin, { money: 18 }, token, 'rp-coin-key');
    expect(refused.body.code).toBe(CODE.limitLossReached);
    expect(await walletOf(suite.db, memberId)).toBe(100_00);
    expect(await count(suite.db, 'SELECT count(*) AS n FROM coin_orders WHERE member_id = $1', [memberId])).toBe(0);
    // The same key, corrected, goes through: the refusal consumed nothing.
    expect((await suite.callWithKey(buyCoin, { money: 5 }, token, 'rp-coin-key')).body.code).toBe(0);
    expect((await suite.callWithKey(buyCoin, { money: 6 }, token)).body.code).toBe(CODE.limitLossReached);
    expect(await walletOf(suite.db, memberId)).toBe(95_00);
    const both = await Promise.all([suite.callWithKey(buyCoin, { money: 18 }, free.token), suite.callWithKey(buyCoin, { money: 5 }, token)]);
    expect(both.map((answer) => answer.body.code)).toEqual([0, 0]);
    expect(await walletOf(suite.db, free.memberId)).toBe(82_00);
  });

  it('the one-statement check (rp_door_clear) and the play guard agree at a limit edge over transfers, bets, wins and purchases', async () => {
    const { memberId, token } = await suite.memberWithBalance(1_000_00);
    await setLimit(suite.db, memberId, 'loss', 100_00);
    await setLimit(suite.db, memberId, 'wager', 150_00, 'week');
    const client = seamlessClient(suite);
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 60 }, token)).body.code).toBe(0);
    expect((await suite.callWithKey(venueTransferOut, { api_name: 'LBSPORT', transferOutVal: 20 }, token)).body.code).toBe(0);
    const round = id('round');
    expect((await client.bet({ transactionId: id('bet'), roundId: round, memberId, venueCode: VENUE, gameCode: 'fruit-reels', amountMinor: 30_00 })).ok).toBe(true);
    expect((await client.win({ transactionId: id('win'), roundId: round, amountMinor: 10_00 })).ok).toBe(true);
    expect((await suite.callWithKey(buyCoin, { money: 5 }, token)).body.code).toBe(0);
    // The edge: what the guard's own windows leave of the 24-hour loss limit, and one fen more.
    const at = now();
    const left = 100_00 - (await windowsOf(suite.db, memberId, at)).day.lossMinor;
    expect(left).toBeGreaterThan(0);
    const clear = (door: Door, amountMinor: number) => doorClear(suite.db, memberId, door, amountMinor, at);
    const guardSays = (door: Door, amountMinor: number) =>
      suite.db.transaction(async (tx) => (await playRefusal(tx, { memberId, door, amountMinor, at })) === null);
    for (const door of ['coinPurchase', 'seamlessBet'] as const) {
      expect([await clear(door, left), await clear(door, left + 1)]).toEqual([true, false]);
      expect([await guardSays(door, left), await guardSays(door, left + 1)]).toEqual([true, false]);
    }
    // The weekly wager limit, lowered to the edge of what was wagered (60 in, 30 bet): a seamless bet checks it, a coin purchase does not.
    await setLimit(suite.db, memberId, 'wager', 90_00 + 10_00, 'week');
    expect([await clear('seamlessBet', 10_00), await clear('seamlessBet', 10_01), await clear('coinPurchase', 20_00)]).toEqual([true, false, true]);
    expect([await guardSays('seamlessBet', 10_00), await guardSays('seamlessBet', 10_01), await guardSays('coinPurchase', 20_00)]).toEqual([true, false, true]);
    // A break closes the one-statement path whatever the limits leave.
    await takeTimeOut(suite.db, memberId, at);
    expect(await clear('coinPurchase', 1_00)).toBe(false);
  });

  it('a purchase batch door (rp_purchases_clear) answers as each purchase alone, a member\'s purchases counted together: breaks, session limits, loss edges, no limits', async () => {
    const client = seamlessClient(suite);
    const member = async () => (await suite.memberWithBalance(1_000_00)).memberId;
    const [played, edge, away, timed, staked, free] = [await member(), await member(), await member(), await member(), await member(), await member()];
    for (const memberId of [played, edge]) await setLimit(suite.db, memberId, 'loss', 100_00);
    const round = id('round');
    expect((await client.bet({ transactionId: id('bet'), roundId: round, memberId: played, venueCode: VENUE, gameCode: 'fruit-reels', amountMinor: 30_00 })).ok).toBe(true);
    expect((await client.win({ transactionId: id('win'), roundId: round, amountMinor: 5_00 })).ok).toBe(true);
    await setLimit(suite.db, timed, 'session', 60, 'session');
    await setLimit(suite.db, staked, 'stake', 50_00);
    const at = now();
    await takeTimeOut(suite.db, away, at);
    // played has lost 25 of its 100: 75 goes, and a second 0.01 in the same batch would pass the limit.
    // edge buys 60 then 40 (exactly its limit together) then 0.01; a stake limit does not apply to purchases.
    const asks: [number, number][] = [
      [played, 75_00], [edge, 60_00], [away, 1_00], [timed, 1_00], [staked, 500_00], [free, 500_00], [played, 1], [edge, 40_00], [edge, 1], [free, 1_00],
    ];
    const { rows: [batch] } = await suite.db.query<{ cleared: number[] }>(
      'SELECT rp_purchases_clear($1::bigint[], $2::bigint[], $3::timestamptz[]) AS cleared',
      [asks.map(([memberId]) => memberId), asks.map(([, amountMinor]) => amountMinor), asks.map(() => at)],
    );
    expect(batch!.cleared).toEqual([1, 2, 5, 6, 8, 10]);
    const alone = [];
    for (const [memberId, amountMinor] of asks.slice(0, 6)) alone.push(await doorClear(suite.db, memberId, 'coinPurchase', amountMinor, at));
    expect(alone).toEqual([true, true, false, false, true, true]);
  });

  it('a win lobby refused is not money got back: the loss window and the one-statement check count only paid wins', async () => {
    const { memberId } = await suite.memberWithBalance(100_00);
    await setLimit(suite.db, memberId, 'loss', 100_00);
    const client = seamlessClient(suite);
    const round = id('round');
    expect((await client.bet({ transactionId: id('bet'), roundId: round, memberId, venueCode: VENUE, gameCode: 'fruit-reels', amountMinor: 30_00 })).ok).toBe(true);
    expect((await client.win({ transactionId: id('win'), roundId: round, amountMinor: 10_00 })).ok).toBe(true);
    // A bet rolled back, then a win on its round: refused, nothing paid.
    const cancelled = id('round');
    const rolled = { transactionId: id('bet'), roundId: cancelled, memberId, venueCode: VENUE, gameCode: 'fruit-reels', amountMinor: 7_00 };
    expect((await client.bet(rolled)).ok).toBe(true);
    expect((await client.rollback({ transactionId: id('rollback'), refTransactionId: rolled.transactionId })).ok).toBe(true);
    expect(await client.win({ transactionId: id('win'), roundId: cancelled, amountMinor: 50_00 })).toMatchObject({ ok: false, code: 'BET_ROLLED_BACK' });
    // A win on a round already over: refused too.
    expect(await client.win({ transactionId: id('win'), roundId: round, amountMinor: 40_00 })).toMatchObject({ ok: false, code: 'ROUND_CLOSED' });
    expect(await walletOf(suite.db, memberId)).toBe(80_00);

    const at = now();
    expect((await windowsOf(suite.db, memberId, at)).day).toMatchObject({ putInMinor: 30_00, gotBackMinor: 10_00, lossMinor: 20_00 });
    const clear = (amountMinor: number) => doorClear(suite.db, memberId, 'coinPurchase', amountMinor, at);
    expect([await clear(80_00), await clear(80_01)]).toEqual([true, false]);
    expect(await count(suite.db, "SELECT count(*) AS n FROM seamless_transactions WHERE round_id = ANY ($1) AND operation = 'win' AND debit_state = 'refused'", [[round, cancelled]])).toBe(2);
  });

  it('hourly totals (rp_hours): filled from the rows when the limit is set; never less put in or wagered, nor more got back, than the rows; at the edge the check still agrees with the guard', async () => {
    const { memberId, token } = await suite.memberWithBalance(100_00);
    await setLimit(suite.db, memberId, 'loss', 200_00, 'day', now());
    await setLimit(suite.db, memberId, 'wager', 500_00, 'week', now());
    const client = seamlessClient(suite);
    expect((await suite.callWithKey(buyCoin, { money: 5 }, token)).body.code).toBe(0);
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 60 }, token)).body.code).toBe(0);
    expect((await suite.callWithKey(venueTransferOut, { api_name: 'LBSPORT', transferOutVal: 20 }, token)).body.code).toBe(0);
    const round = id('round');
    expect((await client.bet({ transactionId: id('bet'), roundId: round, memberId, venueCode: VENUE, gameCode: 'fruit-reels', amountMinor: 30_00 })).ok).toBe(true);
    expect((await client.win({ transactionId: id('win'), roundId: round, amountMinor: 10_00 })).ok).toBe(true);
    // Not taken: a bet over the balance. Taken, then rolled back: a bet whose round's win is refused.
    expect(await client.bet({ transactionId: id('bet'), roundId: id('round'), memberId, venueCode: VENUE, gameCode: 'fruit-reels', amountMinor: 50_00 }))
      .toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    const cancelled = id('round');
    const rolled = { transactionId: id('bet'), roundId: cancelled, memberId, venueCode: VENUE, gameCode: 'fruit-reels', amountMinor: 7_00 };
    expect((await client.bet(rolled)).ok).toBe(true);
    expect((await client.rollback({ transactionId: id('rollback'), refTransactionId: rolled.transactionId })).ok).toBe(true);
    expect(await client.win({ transactionId: id('win'), roundId: cancelled, amountMinor: 50_00 })).toMatchObject({ ok: false, code: 'BET_ROLLED_BACK' });

    const at = now();
    const kept = (await suite.db.query<{ put: number; back: number; wager: number }>(
      'SELECT sum(put_minor)::bigint AS put, sum(back_minor)::bigint AS back, sum(wager_minor)::bigint AS wager FROM rp_hours WHERE member_id = $1', [memberId])).rows[0]!;
    const rows = (await suite.db.query<{ put: number; back: number; wager: number }>("SELECT * FROM rp_rows_use($1, $2::timestamptz - interval '1 day', 'infinity')", [memberId, at])).rows[0]!;
    // The rows: coin 5 + transfer in 60 + bet 30 put in, transfer out 20 + win 10 got back.
    expect(rows).toEqual({ put: 95_00, back: 30_00, wager: 90_00 });
    expect((await windowsOf(suite.db, memberId, at)).day).toMatchObject({ putInMinor: 95_00, gotBackMinor: 30_00, lossMinor: 65_00 });
    // The totals: the rolled back bet of 7 stays counted (stricter), the bet over the balance and the refused win never counted.
    expect(kept).toEqual({ put: 102_00, back: 30_00, wager: 97_00 });

    // The edge (135 left of the loss limit): the totals alone would refuse it, the rows let it through, as the guard does.
    const clear = (amountMinor: number) => doorClear(suite.db, memberId, 'coinPurchase', amountMinor, at);
    const guardSays = (amountMinor: number) =>
      suite.db.transaction(async (tx) => (await playRefusal(tx, { memberId, door: 'coinPurchase', amountMinor, at })) === null);
    expect([await clear(10_00), await clear(135_00), await clear(135_01)]).toEqual([true, true, false]);
    expect([await guardSays(135_00), await guardSays(135_01)]).toEqual([true, false]);

    // The last loss or wager limit removed: the totals stop; a new limit fills them from the rows as they are now
    // (the rolled back bet no longer counts), from a month and a day back (the longest window and a day).
    await suite.db.query("DELETE FROM rp_limits WHERE member_id = $1 AND kind IN ('loss', 'wager')", [memberId]);
    expect(await count(suite.db, 'SELECT count(*) AS n FROM rp_hours WHERE member_id = $1', [memberId])).toBe(0);
    await setLimit(suite.db, memberId, 'loss', 200_00, 'day', new Date(0));
    const refilled = (await suite.db.query<{ put: number; back: number; wager: number }>(
      'SELECT sum(put_minor)::bigint AS put, sum(back_minor)::bigint AS back, sum(wager_minor)::bigint AS wager FROM rp_hours WHERE member_id = $1', [memberId])).rows[0]!;
    expect(refilled).toEqual(rows);
    const from = (await suite.db.query<{ hours_from: Date }>('SELECT hours_from FROM rp_members WHERE member_id = $1', [memberId])).rows[0]!.hours_from;
    expect(new Date(from).getTime()).toBeLessThanOrEqual(Date.now() - 29 * 86_400_000); // a month (28 days or more) and a day
    expect([await clear(135_00), await clear(135_01)]).toEqual([true, false]);
    // An app clock a month and a half behind the database's: the window starts before the totals, the rows decide.
    const behind = new Date(new Date(from).getTime() - 15 * 86_400_000);
    expect([await doorClear(suite.db, memberId, 'coinPurchase', 135_00, behind), await doorClear(suite.db, memberId, 'coinPurchase', 135_01, behind)]).toEqual([true, false]);
  });

  it('withdrawals never ask: a member on a time-out with every limit at its lowest still withdraws', async () => {
    const { memberId, token } = await suite.memberWithBalance(1_000_00);
    const pin = md5Hex('246810');
    expect((await suite.call(withdrawPasswordSet, { password: pin }, { token })).body.code).toBe(0);
    for (const kind of ['deposit', 'loss', 'wager', 'stake'] as const) await setLimit(suite.db, memberId, kind, 1);
    await takeTimeOut(suite.db, memberId, now());
    const withdrawal = await suite.callWithKey(withdrawalRequest, { amount: 300, withdrawType: 0, withdrawPassword: pin, bankName: 'ICBC', bankCard: '6222020200112233' }, token);
    expect(withdrawal.body.code).toBe(0);
    expect(await walletOf(suite.db, memberId)).toBe(700_00);
    expect((await suite.callWithKey(depositPay, { payTypeId: '1', amount: 100 }, token)).body.code).toBe(CODE.exclusionTimeOut);
  });
});

describe.each(testEngines())('responsible play at game launch on %s', (engine) => {
  const provider = new ScriptedGameProvider();
  provider.games.set('LBSLOTS', [providerGame('slot1', { demo: true })]);
  const suite = serverSuite(engine, { clock: true, routeGroups: [(app) => void app.decorate('gameProvider', provider), ...routeGroups] });

  it('game launch door: closed during a time-out, no launch token minted; open to a member with limits only', async () => {
    expect((await suite.call(opsGameSync, {}, { token: suite.opsToken })).body.code).toBe(0);
    const limited = await suite.memberWithBalance(100_00);
    await setLimit(suite.db, limited.memberId, 'loss', 1);
    expect((await suite.call(gameLaunch, { venueCode: 'LBSLOTS', gameCode: 'slot1', language: 'en' }, { token: limited.token })).body.code).toBe(0);
    const { memberId, token } = await suite.memberWithBalance(100_00);
    await takeTimeOut(suite.db, memberId, new Date(suite.clock.now()));
    const launches = provider.launches.length;
    const refused = await suite.call(gameLaunch, { venueCode: 'LBSLOTS', gameCode: 'slot1', language: 'en' }, { token });
    expect(refused.body.code).toBe(CODE.exclusionTimeOut);
    expect(provider.launches.length).toBe(launches);
    expect(await count(suite.db, 'SELECT count(*) AS n FROM game_launch_tokens WHERE member_id = $1', [memberId])).toBe(0);
  });
});
