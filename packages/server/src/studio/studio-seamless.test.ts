import { describe, expect, it } from 'vitest';
import { CODE } from '@lobby/sdk';
import { mintLaunchToken } from '../games/launch-tokens.js';
import { testEngines } from '../testing/databases.js';
import { walletOf } from '../testing/members.js';
import { serverSuite } from '../testing/server-suite.js';
import type { RoundView } from './play-views.js';
import { sessionOfUrl, studioApi } from './studio-test-support.js';

const VENUE = 'LBSTUDIO';
const GAME = 'fruit-classic';

describe.each(testEngines())('the studio on a seamless venue on %s', (engine) => {
  const suite = serverSuite(engine);
  let next = 0;
  const play = (session: string, lineBetMinor = 100) =>
    studioApi<{ round: RoundView; balanceMinor: number }>(suite.app, 'POST', '/studio/api/rounds', session, { requestId: `seam-${(next += 1)}-${Date.now()}`, bet: { lineBetMinor } });

  async function launched(centreMinor: number, resume = false, memberId?: number) {
    const id = memberId ?? (await suite.memberWithBalance(centreMinor)).memberId;
    const { token } = await mintLaunchToken(suite.db, { memberId: id, venueCode: VENUE, gameCode: GAME, currency: 'CNY' }, new Date());
    const answer = await suite.app.studio.launch({ venueCode: VENUE, gameCode: GAME, memberId: id, currency: 'CNY', launchToken: token, language: 'en', demo: false, resume });
    return { memberId: id, session: sessionOfUrl(answer.url), answer };
  }

  it('debits and credits lobby\'s centre wallet per round, exactly by payout - stake', async () => {
    const { memberId, session } = await launched(50_00);
    const info = await studioApi<{ walletModel: string; balanceMinor: number }>(suite.app, 'GET', '/studio/api/session', session);
    expect(info.data).toMatchObject({ walletModel: 'seamless', balanceMinor: 50_00 });
    let centre = 50_00;
    for (let i = 0; i < 5; i += 1) {
      const answer = await play(session);
      expect(answer.msg).toBe('ok');
      expect(answer.data.round.status).toBe('completed');
      centre += answer.data.round.payoutMinor - answer.data.round.stakeMinor;
      expect(answer.data.balanceMinor).toBe(centre);
      expect(await walletOf(suite.db, memberId)).toBe(centre);
    }
    const tooMuch = await play(session, 1_000_00);
    expect(tooMuch.code).toBe(CODE.studioInsufficientBalance);
    expect(tooMuch.data).toMatchObject({ balanceMinor: centre });
    expect(await walletOf(suite.db, memberId)).toBe(centre);
  });

  it('rolls back a debit whose answer was lost, and pays a credit that failed once', async () => {
    const { memberId, session } = await launched(20_00);
    suite.app.studio.failNext('seamless', VENUE, { fault: 'lose' });
    const lost = await play(session);
    expect(lost.code).toBe(CODE.studioWalletUnavailable);
    expect(await walletOf(suite.db, memberId)).toBe(20_00);
    const cancelled = await suite.app.studio.roundDetail(VENUE, (lost.data as unknown as { roundId: string }).roundId);
    expect(cancelled).toMatchObject({ status: 'cancelled', payoutMinor: 0 });

    suite.app.studio.failNext('seamless', VENUE, { fault: 'delay', delayMs: 0 });
    suite.app.studio.failNext('seamless', VENUE, { fault: 'fail' });
    const retried = await play(session);
    expect(retried.code).toBe(0);
    expect(retried.data.round.status).toBe('completed');
    expect(await walletOf(suite.db, memberId)).toBe(20_00 + retried.data.round.payoutMinor - retried.data.round.stakeMinor);
  });

  it('leaves a round whose credit keeps failing open, and a second launch with resume pays it', async () => {
    const { memberId, session } = await launched(20_00);
    suite.app.studio.failNext('seamless', VENUE, { fault: 'delay', delayMs: 0 });
    suite.app.studio.failNext('seamless', VENUE, { fault: 'fail' }, 3);
    const open = await play(session);
    expect(open.code).toBe(0);
    expect(open.data.round.status).toBe('open');
    expect(await walletOf(suite.db, memberId)).toBe(20_00 - open.data.round.stakeMinor);
    const again = await launched(0, true, memberId);
    expect(again.answer.resumedRoundId).toBe(open.data.round.roundId);
    const detail = (await suite.app.studio.roundDetail(VENUE, open.data.round.roundId))!;
    expect(detail.status).toBe('completed');
    expect(await walletOf(suite.db, memberId)).toBe(20_00 - detail.stakeMinor + detail.payoutMinor);
  });

  it('applies a debit and a credit delivered twice once each', async () => {
    const { memberId, session } = await launched(10_00);
    suite.app.studio.failNext('seamless', VENUE, { fault: 'duplicate' }, 2);
    const answer = await play(session);
    expect(answer.code).toBe(0);
    const { round } = answer.data;
    expect(round.status).toBe('completed');
    expect(await walletOf(suite.db, memberId)).toBe(10_00 - round.stakeMinor + round.payoutMinor);
    expect(answer.data.balanceMinor).toBe(10_00 - round.stakeMinor + round.payoutMinor);
  });

  it('the sweep pays a credit left owed, once its round is older than the sweep bound', async () => {
    const { memberId, session } = await launched(20_00);
    suite.app.studio.failNext('seamless', VENUE, { fault: 'delay', delayMs: 0 });
    suite.app.studio.failNext('seamless', VENUE, { fault: 'fail' }, 3);
    const open = await play(session);
    expect(open.data.round.status).toBe('open');
    expect(await suite.app.studio.finishOpenRounds(new Date(Date.now() - 60_000))).toBe(0);
    expect(await suite.app.studio.finishOpenRounds(new Date(Date.now() + 1_000))).toBeGreaterThanOrEqual(1);
    const detail = (await suite.app.studio.roundDetail(VENUE, open.data.round.roundId))!;
    expect(detail.status).toBe('completed');
    expect(await walletOf(suite.db, memberId)).toBe(20_00 - detail.stakeMinor + detail.payoutMinor);
  });
});
