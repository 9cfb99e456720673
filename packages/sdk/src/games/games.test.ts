import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  STUDIO_GAMES,
  byteSourceFrom,
  exactRtp,
  fairBytes,
  fairMessage,
  newServerSeed,
  outcomeFromBytes,
  playRound,
  revealRound,
  serverSeedHash,
  studioGame,
  toBasisPoints,
  uniformInt,
  validateBet,
  verifyRound,
  type RoundBet,
  type Seeds,
  type StudioGame,
} from '@lobby/sdk';

/** Node's own HMAC blocks, as a verifier outside lobby would compute them. */
function nodeBytes(seeds: Seeds) {
  return byteSourceFrom((cursor) => createHmac('sha256', seeds.serverSeed).update(fairMessage(seeds, cursor)).digest());
}

/** A valid bet of each game: the least stake on its standard bet. */
function standardBet(game: StudioGame): RoundBet {
  const rules = game.rules;
  switch (rules.kind) {
    case 'slots':
      return { lineBetMinor: Math.ceil(game.minStakeMinor / rules.lines.length) };
    case 'fishing':
      return { fish: rules.fish[rules.fish.length - 1]!.code, stakeMinor: game.minStakeMinor };
    default:
      return { spots: { [rules.standardSpot]: game.minStakeMinor } };
  }
}

const seeds: Seeds = { serverSeed: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90', clientSeed: 'lucky-member', nonce: 42 };

describe('provably fair bytes', () => {
  it('fairBytes is HMAC-SHA256(serverSeed, clientSeed:nonce[:cursor]) as Node computes it', async () => {
    const expected0 = createHmac('sha256', seeds.serverSeed).update('lucky-member:42').digest();
    const expected3 = createHmac('sha256', seeds.serverSeed).update('lucky-member:42:3').digest();
    expect(Buffer.from(await fairBytes(seeds))).toEqual(expected0);
    expect(Buffer.from(await fairBytes(seeds, 3))).toEqual(expected3);
  });

  it('serverSeedHash is the SHA-256 hex of the seed; new seeds are 64 hex characters and differ', async () => {
    expect(await serverSeedHash(seeds.serverSeed)).toBe(createHash('sha256').update(seeds.serverSeed).digest('hex'));
    const [first, second] = [newServerSeed(), newServerSeed()];
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toBe(second);
  });

  it('refuses seeds a verifier could not recompute', async () => {
    const game = studioGame('dice-draw')!;
    const bet = { spots: { big: 100 } };
    await expect(playRound(game, { ...seeds, serverSeed: '' }, bet)).rejects.toThrow('serverSeed must be a non-empty string');
    await expect(playRound(game, { ...seeds, nonce: -1 }, bet)).rejects.toThrow('nonce must be a whole number from 0');
    await expect(playRound(game, { ...seeds, nonce: 1.5 }, bet)).rejects.toThrow(RangeError);
  });

  it('uniformInt rejects the biased tail: bytes whose value falls past the last whole multiple are skipped', () => {
    // 0xffffffff is past the last multiple of 10 below 2^32 (4294967290), so the next 4 bytes decide.
    const stream = [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 7];
    let index = 0;
    const source = { nextByte: () => stream[index++]! };
    expect(uniformInt(source, 10)).toBe(7);
    expect(index).toBe(8);
    expect(() => uniformInt(source, 0)).toThrow(RangeError);
  });
});

describe.each(STUDIO_GAMES.map((game) => [game.code, game] as const))('%s', (_code, game) => {
  it('publishes the exact RTP of its tables, rounded to basis points', () => {
    const rtp = exactRtp(game);
    expect(toBasisPoints(rtp)).toBe(game.rtpBasisPoints);
    expect(game.rtpBasisPoints).toBeGreaterThan(8000);
    expect(game.rtpBasisPoints).toBeLessThan(10000);
  });

  it('plays the same outcome from the same seeds, and Node crypto recomputes it', async () => {
    const bet = standardBet(game);
    for (let nonce = 1; nonce <= 20; nonce++) {
      const round = { ...seeds, nonce };
      const outcome = await playRound(game, round, bet);
      expect(await playRound(game, round, bet)).toEqual(outcome);
      expect(outcomeFromBytes(game, nodeBytes(round), bet)).toEqual(outcome);
      expect(outcome.stakeMinor).toBeGreaterThan(0);
      expect(Number.isSafeInteger(outcome.payoutMinor) && outcome.payoutMinor >= 0).toBe(true);
      expect(outcome.result.length).toBeGreaterThan(0);
      expect(JSON.parse(JSON.stringify(outcome.display))).toEqual(outcome.display);
    }
  });

  it('another client seed gives other outcomes', async () => {
    const bet = standardBet(game);
    const results = new Set<string>();
    for (let nonce = 1; nonce <= 12; nonce++) {
      results.add(JSON.stringify((await playRound(game, { ...seeds, nonce }, bet)).display));
      results.add(JSON.stringify((await playRound(game, { ...seeds, clientSeed: 'other', nonce }, bet)).display));
    }
    expect(results.size).toBeGreaterThan(12);
  });

  it('refuses bad bets naming the field, and playRound throws RangeError on them', async () => {
    expect(validateBet(game, standardBet(game))).toBeNull();
    expect(validateBet(game, null)).toBe('bet must be an object');
    expect(validateBet(game, { ...standardBet(game), extra: 1 })).toMatch(/bet\.extra/);
    await expect(playRound(game, seeds, { lineBetMinor: -1, spots: {} } as RoundBet)).rejects.toThrow(RangeError);
  });

  it('shows a data: SVG image and plausible limits', () => {
    expect(game.imageUrl).toMatch(/^data:image\/svg\+xml,/);
    expect(game.minStakeMinor).toBeGreaterThan(0);
    expect(game.maxStakeMinor).toBeGreaterThan(game.minStakeMinor);
    expect(studioGame(game.code)).toBe(game);
  });
});

describe('bet validation by engine', () => {
  const slot = studioGame('lucky-sevens')!;
  const fishing = studioGame('ocean-hunter')!;
  const baccarat = studioGame('baccarat')!;
  const dice = studioGame('dice-draw')!;

  it('slots: the line bet is whole fen and the stake (line bet x lines) within limits', () => {
    expect(validateBet(slot, { lineBetMinor: 1.5 })).toBe('bet.lineBetMinor must be a whole number of fen');
    expect(validateBet(slot, { lineBetMinor: 0 })).toMatch(/bet\.lineBetMinor must be at least/);
    expect(validateBet(slot, { lineBetMinor: 5001 })).toMatch(/bet\.lineBetMinor must be at most 5000/);
    expect(validateBet(slot, { lineBetMinor: '5' })).toMatch(/bet\.lineBetMinor/);
  });

  it('fishing: a known fish and a stake within limits', () => {
    expect(validateBet(fishing, { fish: 'whale', stakeMinor: 100 })).toMatch(/^bet\.fish must be one of clownfish/);
    expect(validateBet(fishing, { fish: 'shark', stakeMinor: 5 })).toBe('bet.stakeMinor must be at least 10 fen');
    expect(validateBet(fishing, { fish: 'shark', stakeMinor: 10 })).toBeNull();
  });

  it('tables: known spots, whole yuan steps, a total within the limit', () => {
    expect(validateBet(baccarat, { spots: {} })).toBe('bet.spots must stake at least one spot');
    expect(validateBet(baccarat, { spots: { dragon: 100 } })).toMatch(/^bet\.spots\.dragon is not a spot/);
    expect(validateBet(baccarat, { spots: { banker: 150 } })).toBe('bet.spots.banker must be a multiple of 100 fen');
    expect(validateBet(baccarat, { spots: { banker: 3_000_000, player: 3_000_000 } })).toMatch(/must total at most 5000000 fen/);
    expect(validateBet(dice, { spots: { big: 100, sum4: 200, triple6: 100 } })).toBeNull();
  });
});

describe('settlement', () => {
  it('baccarat: banker pays 0.95:1, a tie pushes player and banker; the round stake is the sum of spots', async () => {
    const game = studioGame('baccarat')!;
    const bet = { spots: { banker: 1000, player: 500, tie: 100 } };
    const seen = new Set<string>();
    for (let nonce = 1; seen.size < 3 && nonce < 400; nonce++) {
      const outcome = await playRound(game, { ...seeds, nonce }, bet);
      const display = outcome.display as { events: string[] };
      const winner = display.events[0]!;
      seen.add(winner);
      expect(outcome.stakeMinor).toBe(1600);
      const expected = winner === 'banker' ? 1950 : winner === 'player' ? 1000 : 1000 + 500 + 900;
      expect(outcome.payoutMinor).toBe(expected);
    }
    expect(seen).toEqual(new Set(['banker', 'player', 'tie']));
  });

  it('dice: one roll settles every member the same; big loses on a triple', async () => {
    const game = studioGame('dice-draw')!;
    const draw = { ...seeds, clientSeed: 'draw-2026-11-26-0101' };
    const first = await playRound(game, draw, { spots: { big: 100 } });
    const second = await playRound(game, draw, { spots: { small: 300, anyTriple: 100 } });
    expect((first.display as { dice: number[] }).dice).toEqual((second.display as { dice: number[] }).dice);
    const dice = (first.display as { dice: number[] }).dice;
    const sum = dice[0]! + dice[1]! + dice[2]!;
    const triple = dice[0] === dice[1] && dice[1] === dice[2];
    expect(first.payoutMinor).toBe(!triple && sum >= 11 ? 200 : 0);
  });

  it('a shared table round: revealRound deals what every member is settled on, with no stake', async () => {
    const table = studioGame('live-baccarat')!;
    const round = { ...seeds, clientSeed: 'table-1', nonce: 9 };
    const shown = await revealRound(table, round);
    expect(shown.stakeMinor).toBe(0);
    expect(shown.payoutMinor).toBe(0);
    const member = await playRound(table, round, { spots: { player: 200 } });
    const { spots: _shownSpots, ...shownHand } = shown.display as Record<string, unknown>;
    const { spots: _memberSpots, ...memberHand } = member.display as Record<string, unknown>;
    expect(memberHand).toEqual(shownHand);
    expect(member.result).toBe(shown.result);
    await expect(revealRound(studioGame('fruit-classic')!, round)).rejects.toThrow(RangeError);
  });

  it('slots: the payout is the line wins plus scatter pays shown in the display', async () => {
    const game = studioGame('dragon-treasure')!;
    let paid = 0;
    for (let nonce = 1; nonce <= 200; nonce++) {
      const outcome = await playRound(game, { ...seeds, nonce }, { lineBetMinor: 7 });
      const display = outcome.display as { grid: string[][]; lines: { payoutMinor: number }[]; scatter: { payoutMinor: number } | null };
      expect(display.grid).toHaveLength(5);
      expect(outcome.stakeMinor).toBe(70);
      expect(outcome.payoutMinor).toBe(display.lines.reduce((total, line) => total + line.payoutMinor, 0) + (display.scatter?.payoutMinor ?? 0));
      paid += outcome.payoutMinor;
    }
    expect(paid).toBeGreaterThan(0);
  });

  it('fishing: a hit pays multiplier x stake exactly when the draw is below the RTP', async () => {
    const game = studioGame('ocean-hunter')!;
    for (let nonce = 1; nonce <= 50; nonce++) {
      const outcome = await playRound(game, { ...seeds, nonce }, { fish: 'clownfish', stakeMinor: 30 });
      const display = outcome.display as { hit: boolean; draw: number; drawBound: number };
      expect(display.drawBound).toBe(20_000);
      expect(display.hit).toBe(display.draw < 9650);
      expect(outcome.payoutMinor).toBe(display.hit ? 60 : 0);
    }
  });
});

describe('verifyRound', () => {
  it('confirms a revealed round, and notices a changed seed, client seed or payout', async () => {
    const game = studioGame('baccarat')!;
    const bet = { spots: { banker: 500, tie: 100 } };
    const outcome = await playRound(game, seeds, bet);
    const hash = createHash('sha256').update(seeds.serverSeed).digest('hex');
    // A database may hand the outcome back with its keys in another order.
    const reversed = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(reversed)
      : typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reversed(inner)]))
      : value;
    const stored = reversed(JSON.parse(JSON.stringify(outcome)));
    expect(JSON.stringify(stored)).not.toBe(JSON.stringify(outcome));
    const round = { ...seeds, serverSeedHash: hash, bet, outcome: stored };
    expect(await verifyRound(game, round)).toMatchObject({ hashMatches: true, outcomeMatches: true });
    expect(await verifyRound(game, { ...round, serverSeed: `${seeds.serverSeed}0` })).toMatchObject({ hashMatches: false });
    expect((await verifyRound(game, { ...round, clientSeed: 'changed' })).outcomeMatches).toBe(false);
    expect((await verifyRound(game, { ...round, outcome: { ...outcome, payoutMinor: outcome.payoutMinor + 100 } })).outcomeMatches).toBe(false);
    expect(await verifyRound(game, { ...round, bet: { spots: { banker: 1 } } })).toEqual({ hashMatches: true, outcomeMatches: false, recomputed: null });
  });
});
