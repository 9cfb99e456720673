import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_CODE, CODE } from '@lobby/sdk';
import { runLaunch, type LaunchCalls, type LaunchProgress, type VenueHolding } from './launch-flow.js';

/** A member with a centre wallet and venue wallets; the venue answers as `venueAnswers` says. */
function fakeMember(options: { centreMinor: number; holdings?: VenueHolding[]; auto?: boolean; model?: 'transfer' | 'seamless'; venueAnswers?: Array<'completed' | 'failed' | 'pending' | 'refused' | 'network'> }) {
  const answers = [...(options.venueAnswers ?? [])];
  const sent: Array<{ direction: 'in' | 'out'; venueCode: string; amountMinor: number; key?: string }> = [];
  let open: { key: string; amountMinor: number } | null = null;
  let keys = 0;
  let centre = options.centreMinor;
  const calls: LaunchCalls = {
    venueStatus: async () => ({ maintenance: false, gamesInMaintenance: ['closed-game'] }),
    launch: async () => ({ url: '/studio/play/fruit?session=s', expiresAt: new Date(Date.now() + 120_000).toISOString(), walletModel: options.model ?? 'transfer', resumedRoundId: null }),
    demoLaunch: async () => ({ url: '/studio/play/fruit?demo=1' }),
    autoTransferOn: async () => options.auto ?? true,
    centreBalanceMinor: async () => centre,
    venueHoldings: async () => options.holdings ?? [],
    async transferOut(venueCode, amountMinor) {
      sent.push({ direction: 'out', venueCode, amountMinor });
      centre += amountMinor;
      return 'completed';
    },
    async transferIn(venueCode, amountMinor, key) {
      sent.push({ direction: 'in', venueCode, amountMinor, key });
      const answer = answers.shift() ?? 'completed';
      if (answer === 'refused') throw new ApiError({ code: CODE.venueTransferFailed, message: 'refused', status: 200 });
      if (answer === 'network') throw new ApiError({ code: CLIENT_CODE.networkError, message: 'offline', status: 0 });
      if (answer === 'completed') centre -= amountMinor;
      return answer;
    },
    openTransfer: { get: () => open, set: (_venue, value) => void (open = value) },
    newKey: () => `key-${(keys += 1)}`,
    now: Date.now,
  };
  return { calls, sent, open: () => open };
}

const target = { venueCode: 'LBSLOTS', gameCode: 'fruit', demo: false };
const run = (calls: LaunchCalls, game = target): Promise<LaunchProgress> => runLaunch(calls, game, () => undefined);

describe('game launch flow', () => {
  it('brings the other venues back, moves the whole centre balance in once, then opens the game', async () => {
    const member = fakeMember({ centreMinor: 10_000, holdings: [{ venueCode: 'LBLIVE', amountMinor: 2_500, maintenance: false }, { venueCode: 'LBSLOTS', amountMinor: 100, maintenance: false }, { venueCode: 'LBLOTTO', amountMinor: 700, maintenance: true }] });
    const last = await run(member.calls);
    expect(member.sent).toEqual([
      { direction: 'out', venueCode: 'LBLIVE', amountMinor: 2_500 },
      { direction: 'in', venueCode: 'LBSLOTS', amountMinor: 12_500, key: 'key-1' },
    ]);
    expect(last).toMatchObject({ problem: null, url: '/studio/play/fruit?session=s', note: { kind: 'moved', amountMinor: 12_500 } });
    expect(last.steps[last.step]).toBe('open');
  });

  it('keeps the key and amount of a pending or unanswered transfer, so a retry reconciles instead of moving twice', async () => {
    const member = fakeMember({ centreMinor: 5_000, venueAnswers: ['pending', 'network', 'completed'] });
    expect((await run(member.calls)).problem).toBe('transferPending');
    expect(member.open()).toEqual({ key: 'key-1', amountMinor: 5_000 });
    expect((await run(member.calls)).problem).toBe('transferPending');
    const last = await run(member.calls);
    expect(last.problem).toBeNull();
    expect(member.sent.map((sent) => [sent.key, sent.amountMinor])).toEqual([['key-1', 5_000], ['key-1', 5_000], ['key-1', 5_000]]);
    expect(member.open()).toBeNull();
  });

  it('stops on a refused transfer with the venue\'s message and forgets its key', async () => {
    const member = fakeMember({ centreMinor: 5_000, venueAnswers: ['refused'] });
    const last = await run(member.calls);
    expect(last).toMatchObject({ problem: 'transferFailed', detail: 'refused', url: null });
    expect(member.open()).toBeNull();
  });

  it('moves nothing for a seamless venue, with auto transfer off, from an empty centre, or in demo play', async () => {
    for (const [options, note] of [
      [{ centreMinor: 5_000, model: 'seamless' as const }, 'seamless'],
      [{ centreMinor: 5_000, auto: false }, 'autoOff'],
      [{ centreMinor: 0 }, 'nothingToMove'],
    ] as const) {
      const member = fakeMember(options);
      expect(await run(member.calls)).toMatchObject({ problem: null, note: { kind: note } });
      expect(member.sent).toEqual([]);
    }
    const demo = fakeMember({ centreMinor: 5_000 });
    expect(await run(demo.calls, { ...target, demo: true })).toMatchObject({ steps: ['check', 'launch', 'open'], url: '/studio/play/fruit?demo=1', note: { kind: 'demoNoMoney' } });
    expect(demo.sent).toEqual([]);
  });

  it('refuses a game in maintenance and an expired launch before any money moves', async () => {
    const member = fakeMember({ centreMinor: 5_000 });
    expect((await run(member.calls, { ...target, gameCode: 'closed-game' })).problem).toBe('gameMaintenance');
    member.calls.now = () => Date.now() + 200_000;
    expect(await run(member.calls)).toMatchObject({ problem: 'expired', url: null });
  });

  it('frames only a path of this site or an https game address', async () => {
    const member = fakeMember({ centreMinor: 0 });
    for (const url of ['javascript:alert(1)', '//evil.host/play', 'data:text/html,x']) {
      member.calls.demoLaunch = async () => ({ url });
      expect(await run(member.calls, { ...target, demo: true }), url).toMatchObject({ problem: 'failed', url: null });
    }
    member.calls.demoLaunch = async () => ({ url: 'https://games.example/play?demo=1' });
    expect(await run(member.calls, { ...target, demo: true })).toMatchObject({ problem: null, url: 'https://games.example/play?demo=1' });
  });
});
