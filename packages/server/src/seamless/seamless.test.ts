import { CODE, opsMemberStatus, venueTransferIn } from '@lobby/sdk';
import { describe, expect, it } from 'vitest';
import { mintLaunchToken } from '../games/launch-tokens.js';
import { balancesOf } from '../ledger/index.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite, type ServerSuite } from '../testing/server-suite.js';
import { SeamlessWalletClient, injectTransport, type SeamlessClientOptions } from './client.js';
import { studioCredentialsOf } from './credentials.js';
import { seamlessSignature } from './seamless-protocol.js';
import { SEAMLESS_ROUND_IDLE_MAX_MS, sweepStaleRounds } from './seamless-sweep.js';

const VENUE = 'LBSTUDIO';
let next = 0;
const id = (prefix: string) => `${prefix}-${process.pid}-${++next}`;

function clientOf(suite: ServerSuite, options: Partial<SeamlessClientOptions> = {}): SeamlessWalletClient {
  const { providerId, secret } = studioCredentialsOf(suite.app);
  return new SeamlessWalletClient({ providerId, secret, transport: injectTransport(suite.app), clock: suite.clock, ...options });
}

async function centreOf(suite: ServerSuite, memberId: number): Promise<number> {
  return (await balancesOf(suite.db, memberId)).get('centre') ?? 0;
}

async function betsOf(suite: ServerSuite, roundId: string) {
  const { rows } = await suite.db.query<{ status: string; stake_minor: string; valid_bet_minor: string; payout_minor: string }>(
    'SELECT status, stake_minor, valid_bet_minor, payout_minor FROM game_bets WHERE round_id = $1 ORDER BY id', [roundId],
  );
  return rows.map((r) => ({ status: r.status, stake: Number(r.stake_minor), valid: Number(r.valid_bet_minor), payout: Number(r.payout_minor) }));
}

async function roundStatus(suite: ServerSuite, roundId: string): Promise<string | undefined> {
  const { rows } = await suite.db.query<{ status: string }>('SELECT status FROM seamless_rounds WHERE round_id = $1', [roundId]);
  return rows[0]?.status;
}

describe.each(testEngines())('seamless wallet on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const bet = (memberId: number, amountMinor: number, roundId = id('round'), transactionId = id('bet')) =>
    ({ transactionId, roundId, memberId, venueCode: VENUE, gameCode: 'fruit-reels', amountMinor });

  it('refuses unsigned, badly signed, stale and tampered requests, and nothing moves', async () => {
    const { memberId } = await suite.memberWithBalance(1_000_00);
    const { secret, providerId } = studioCredentialsOf(suite.app);
    const body = JSON.stringify(bet(memberId, 100_00));
    const send = (headers: Record<string, string>, payload = body) =>
      suite.app.inject({ method: 'POST', url: '/seamless/v1/bet', headers: { 'content-type': 'application/json', ...headers }, payload });
    const now = String(suite.clock.now());
    const signed = (timestamp: string, text = body) => ({ 'x-provider-id': providerId, 'x-provider-timestamp': timestamp, 'x-provider-signature': seamlessSignature(secret, timestamp, text) });
    const answers = [
      await send({}),
      await send({ ...signed(now), 'x-provider-signature': seamlessSignature('not-the-secret', now, body) }),
      await send({ ...signed(now), 'x-provider-id': 'someone-else' }),
      await send(signed(String(suite.clock.now() - 5 * 60_000 - 1))),
      await send(signed(now), body.replace('10000', '1')),
    ];
    expect(answers.map((a) => [a.statusCode, a.json().code])).toEqual([
      [401, 'UNKNOWN_PROVIDER'], [401, 'INVALID_SIGNATURE'], [401, 'UNKNOWN_PROVIDER'], [401, 'EXPIRED_REQUEST'], [401, 'INVALID_SIGNATURE'],
    ]);
    expect(await centreOf(suite, memberId)).toBe(1_000_00);
    const { rows } = await suite.db.query('SELECT 1 FROM game_bets WHERE member_id = $1', [memberId]);
    expect(rows).toHaveLength(0);
  });

  it('debits a bet and pays a win, settling the bet with valid bet = stake', async () => {
    const { memberId } = await suite.memberWithBalance(1_000_00);
    const client = clientOf(suite);
    const placed = await client.bet(bet(memberId, 100_00, 'r-play'));
    expect(placed.ok && placed.answer.balanceMinor).toBe(900_00);
    expect(await betsOf(suite, 'r-play')).toEqual([{ status: 'open', stake: 100_00, valid: 0, payout: 0 }]);
    const won = await client.win({ transactionId: id('win'), roundId: 'r-play', amountMinor: 250_00 });
    expect(won.ok && won.answer.balanceMinor).toBe(1_150_00);
    expect(await centreOf(suite, memberId)).toBe(1_150_00);
    expect(await betsOf(suite, 'r-play')).toEqual([{ status: 'settled', stake: 100_00, valid: 100_00, payout: 250_00 }]);
    expect(await roundStatus(suite, 'r-play')).toBe('completed');
    const balance = await client.balance({ memberId, venueCode: VENUE });
    expect(balance.ok && balance.answer.balanceMinor).toBe(1_150_00);
  });

  it('answers a repeat with the first answer byte for byte and applies it once; another body under the same id is refused', async () => {
    const { memberId } = await suite.memberWithBalance(1_000_00);
    const client = clientOf(suite);
    const request = bet(memberId, 100_00);
    const first = await client.send('bet', request);
    suite.clock.advance(1_000);
    const again = await client.send('bet', request);
    expect(first.ok).toBe(true);
    expect(again.raw).toBe(first.raw);
    const win = { transactionId: id('win'), roundId: request.roundId, amountMinor: 30_00 };
    const firstWin = await client.win(win);
    const againWin = await client.win(win);
    expect(againWin.raw).toBe(firstWin.raw);
    expect(await centreOf(suite, memberId)).toBe(1_000_00 - 100_00 + 30_00);
    const conflict = await client.send('bet', { ...request, amountMinor: 1_00 });
    expect(conflict.ok ? 'OK' : conflict.code).toBe('TRANSACTION_CONFLICT');
    expect(await centreOf(suite, memberId)).toBe(930_00);
  });

  it('refuses a bet above the balance with the real balance, moves nothing, and repeats that answer', async () => {
    const { memberId } = await suite.memberWithBalance(123_45);
    const client = clientOf(suite);
    const request = bet(memberId, 200_00);
    const refused = await client.bet(request);
    expect(refused.ok ? 'OK' : [refused.code, refused.balanceMinor]).toEqual(['INSUFFICIENT_FUNDS', 123_45]);
    expect((await client.bet(request)).raw).toBe(refused.raw);
    expect(await centreOf(suite, memberId)).toBe(123_45);
    expect(await betsOf(suite, request.roundId)).toEqual([]);
  });

  it('tombstones a rollback that comes before its bet: the late bet is refused and nothing moves', async () => {
    const { memberId } = await suite.memberWithBalance(500_00);
    const client = clientOf(suite);
    const request = bet(memberId, 100_00);
    const rolledBack = await client.rollback({ transactionId: id('rb'), refTransactionId: request.transactionId, memberId });
    expect(rolledBack.ok && [rolledBack.answer.reference, rolledBack.answer.balanceMinor]).toEqual([null, 500_00]);
    const late = await client.bet(request);
    expect(late.ok ? 'OK' : [late.code, late.balanceMinor]).toEqual(['BET_ROLLED_BACK', 500_00]);
    expect((await client.bet(request)).raw).toBe(late.raw);
    expect(await centreOf(suite, memberId)).toBe(500_00);
    expect(await betsOf(suite, request.roundId)).toEqual([]);
    expect(await roundStatus(suite, request.roundId)).toBe('cancelled');
  });

  it('refunds a rolled back debit once, and refuses a win after it', async () => {
    const { memberId } = await suite.memberWithBalance(500_00);
    const client = clientOf(suite);
    const request = bet(memberId, 100_00);
    await client.bet(request);
    const rollback = { transactionId: id('rb'), refTransactionId: request.transactionId };
    const refunded = await client.rollback(rollback);
    expect(refunded.ok && refunded.answer.balanceMinor).toBe(500_00);
    expect((await client.rollback(rollback)).raw).toBe(refunded.raw);
    const win = await client.win({ transactionId: id('win'), roundId: request.roundId, betTransactionIds: [request.transactionId], amountMinor: 900_00 });
    expect(win.ok ? 'OK' : win.code).toBe('BET_ROLLED_BACK');
    expect(await centreOf(suite, memberId)).toBe(500_00);
    expect(await betsOf(suite, request.roundId)).toEqual([{ status: 'cancelled', stake: 100_00, valid: 0, payout: 0 }]);
    expect(await roundStatus(suite, request.roundId)).toBe('cancelled');
  });

  it('refuses a rollback of a debit a win already paid', async () => {
    const { memberId } = await suite.memberWithBalance(500_00);
    const client = clientOf(suite);
    const request = bet(memberId, 100_00);
    await client.bet(request);
    await client.win({ transactionId: id('win'), roundId: request.roundId, amountMinor: 40_00, roundEnded: false });
    const rollback = await client.rollback({ transactionId: id('rb'), refTransactionId: request.transactionId });
    expect(rollback.ok ? 'OK' : [rollback.code, rollback.balanceMinor]).toEqual(['BET_ALREADY_SETTLED', 440_00]);
    expect(await centreOf(suite, memberId)).toBe(440_00);
    expect(await betsOf(suite, request.roundId)).toEqual([{ status: 'open', stake: 100_00, valid: 0, payout: 40_00 }]);
  });

  it('times out after 10 s when the answer is lost; the retry with the same transaction id applies once', async () => {
    const { memberId } = await suite.memberWithBalance(500_00);
    const request = bet(memberId, 100_00);
    await clientOf(suite).bet(request);
    const inner = injectTransport(suite.app);
    const timers: { ms: number; fire: () => void }[] = [];
    let sends = 0;
    const client = clientOf(suite, {
      schedule: (ms, fire) => {
        timers.push({ ms, fire });
        if (ms !== 10_000) queueMicrotask(fire);
        return () => {};
      },
      // The first answer is lost after lobby applied the request: the client only sees its 10 s timer fire.
      transport: async (sent) => {
        const answer = await inner(sent);
        sends += 1;
        if (sends > 1) return answer;
        timers.findLast((t) => t.ms === 10_000)!.fire();
        return new Promise(() => {});
      },
    });
    const win = await client.win({ transactionId: id('win'), roundId: request.roundId, amountMinor: 70_00 });
    expect(win.ok && win.answer.balanceMinor).toBe(470_00);
    expect(sends).toBe(2);
    expect(timers.filter((t) => t.ms === 10_000)).toHaveLength(2);
    expect(await centreOf(suite, memberId)).toBe(470_00);
  });

  it('cancels a round idle past its bound and refunds its debits; a later win is refused', async () => {
    const { memberId } = await suite.memberWithBalance(500_00);
    const client = clientOf(suite);
    const stale = bet(memberId, 100_00);
    await client.bet(stale);
    suite.clock.advance(SEAMLESS_ROUND_IDLE_MAX_MS - 60_000);
    const fresh = bet(memberId, 50_00);
    await client.bet(fresh);
    suite.clock.advance(2 * 60_000);
    const swept = await sweepStaleRounds(suite.db, suite.clock.now());
    expect(swept.cancelled).toBeGreaterThanOrEqual(1);
    expect(await roundStatus(suite, stale.roundId)).toBe('cancelled');
    expect(await roundStatus(suite, fresh.roundId)).toBe('open');
    expect(await centreOf(suite, memberId)).toBe(450_00);
    expect(await betsOf(suite, stale.roundId)).toEqual([{ status: 'cancelled', stake: 100_00, valid: 0, payout: 0 }]);
    const win = await client.win({ transactionId: id('win'), roundId: stale.roundId, amountMinor: 1_00 });
    expect(win.ok ? 'OK' : win.code).toBe('BET_ROLLED_BACK');
    expect((await sweepStaleRounds(suite.db, suite.clock.now())).cancelled).toBe(0);
    expect(await centreOf(suite, memberId)).toBe(450_00);
  });

  it('authenticates a launch token once, with the member, venue, game and balance', async () => {
    const { memberId } = await suite.memberWithBalance(321_00);
    const { token } = await mintLaunchToken(suite.db, { memberId, venueCode: VENUE, gameCode: 'fruit-reels', currency: 'CNY' }, new Date(suite.clock.now()));
    const client = clientOf(suite);
    const first = await client.authenticate({ token });
    expect(first.ok && first.answer).toEqual({ status: 'OK', memberId, currency: 'CNY', balanceMinor: 321_00, venueCode: VENUE, gameCode: 'fruit-reels' });
    const second = await client.authenticate({ token });
    expect(second.ok ? 'OK' : [second.code, second.message]).toEqual(['INVALID_TOKEN', 'token: used']);
  });

  it("refuses a disabled member's new bets and launch with the real balance, pays what it won before, and takes bets again once lifted", async () => {
    const { memberId } = await suite.memberWithBalance(1_000_00);
    const client = clientOf(suite);
    const before = bet(memberId, 100_00);
    const placed = await client.send('bet', before);
    expect(placed.ok).toBe(true);
    const { token: launchToken } = await mintLaunchToken(suite.db, { memberId, venueCode: VENUE, gameCode: 'fruit-reels', currency: 'CNY' }, new Date(suite.clock.now()));
    const disable = (disabled: boolean) => suite.call(opsMemberStatus, { memberId, disabled, reason: 'fraud review' }, { token: suite.opsToken });
    expect((await disable(true)).body.data.status).toBe(3);

    const refused = await client.bet(bet(memberId, 10_00, before.roundId));
    expect(refused.ok ? 'OK' : [refused.code, refused.message, refused.balanceMinor]).toEqual(['PLAYER_BLOCKED', 'memberId: this account is disabled', 900_00]);
    const launch = await client.authenticate({ token: launchToken });
    expect(launch.ok ? 'OK' : [launch.code, launch.message]).toEqual(['PLAYER_BLOCKED', "token: its member's account is disabled"]);
    // The bet taken before the disable: its repeat gets its first answer, its win is paid.
    expect((await client.send('bet', before)).raw).toBe(placed.raw);
    const won = await client.win({ transactionId: id('win'), roundId: before.roundId, amountMinor: 300_00 });
    expect(won.ok && won.answer.balanceMinor).toBe(1_200_00);
    expect(await betsOf(suite, before.roundId)).toEqual([{ status: 'settled', stake: 100_00, valid: 100_00, payout: 300_00 }]);

    expect((await disable(false)).body.data.status).toBe(1);
    const again = await client.bet(bet(memberId, 10_00));
    expect(again.ok && again.answer.balanceMinor).toBe(1_190_00);
  });

  it('refuses bets at transfer venues and unknown members, and transfers into a seamless venue', async () => {
    const { memberId, token } = await suite.memberWithBalance(500_00);
    const client = clientOf(suite);
    const atTransferVenue = await client.bet({ ...bet(memberId, 1_00), venueCode: 'LBSLOTS' });
    expect(atTransferVenue.ok ? 'OK' : atTransferVenue.code).toBe('VENUE_NOT_SEAMLESS');
    const nobody = await client.bet(bet(999_999_999, 1_00));
    expect(nobody.ok ? 'OK' : nobody.code).toBe('MEMBER_NOT_FOUND');
    const badAmount = await client.send('bet', { ...bet(memberId, 1_00), amountMinor: 1.5 });
    expect(badAmount.ok ? 'OK' : [badAmount.code, badAmount.message]).toEqual(['INVALID_REQUEST', 'amountMinor: an integer number of fen, at least 1']);
    const transfer = await suite.callWithKey(venueTransferIn, { api_name: VENUE, transferIntoVal: 10 }, token);
    expect(transfer.body.code).toBe(CODE.venueSeamlessWallet);
    expect(await centreOf(suite, memberId)).toBe(500_00);
  });
});
