/** One entry for every engine: validate a bet, play a round from its seeds, compute a game's exact RTP. */
import { amountProblem, isRecord, spotBetProblem, unknownKeyProblem } from './bet-checks.js';
import { byteSourceOfBlocks, OutOfBytesError, type ByteSource } from './byte-source.js';
import { baccaratOutcome, cardSpotRtp, dragonTigerOutcome } from './cards.js';
import { diceOutcome, diceSpotRtp } from './dice.js';
import { fairBytes, type Seeds } from './fair.js';
import { fishingOutcome, fishRtp } from './fishing.js';
import type { Rational } from './rational.js';
import { slotOutcome, slotRtp } from './slots.js';
import type { BaccaratBet, CardRules, DiceBet, DiceRules, DragonTigerBet, FishingBet, FishingRules, RoundBet, RoundOutcome, SlotBet, SlotRules, StudioGame } from './types.js';

/**
 * A problem with a bet for this game, naming the field, or null when the bet is valid.
 * @example validateBet(studioGame('fruit-classic')!, { lineBetMinor: 0 }) // 'bet.lineBetMinor must be ...'
 */
export function validateBet(game: StudioGame, bet: unknown): string | null {
  const rules = game.rules;
  switch (rules.kind) {
    case 'slots':
      return slotBetProblem(game, rules, bet);
    case 'fishing':
      return fishingBetProblem(game, rules, bet);
    case 'baccarat':
    case 'dragonTiger':
    case 'dice': {
      const limits = { minStakeMinor: game.minStakeMinor, maxStakeMinor: game.maxStakeMinor, stepMinor: rules.stakeStepMinor };
      return spotBetProblem(bet, rules.spots.map((spot) => spot.code), limits);
    }
  }
}

function slotBetProblem(game: StudioGame, rules: SlotRules, bet: unknown): string | null {
  if (!isRecord(bet)) return 'bet must be an object';
  const extra = unknownKeyProblem(bet, ['lineBetMinor']);
  if (extra) return extra;
  const lines = rules.lines.length;
  const problem = amountProblem('bet.lineBetMinor', bet.lineBetMinor, 1, Math.floor(game.maxStakeMinor / lines));
  if (problem) return problem;
  const stake = (bet.lineBetMinor as number) * lines;
  if (stake < game.minStakeMinor) return `bet.lineBetMinor x ${lines} lines must be at least ${game.minStakeMinor} fen`;
  return null;
}

function fishingBetProblem(game: StudioGame, rules: FishingRules, bet: unknown): string | null {
  if (!isRecord(bet)) return 'bet must be an object';
  const extra = unknownKeyProblem(bet, ['fish', 'stakeMinor']);
  if (extra) return extra;
  if (typeof bet.fish !== 'string' || !rules.fish.some((fish) => fish.code === bet.fish))
    return `bet.fish must be one of ${rules.fish.map((fish) => fish.code).join(', ')}`;
  return amountProblem('bet.stakeMinor', bet.stakeMinor, game.minStakeMinor, game.maxStakeMinor);
}

/**
 * The round's outcome from its bytes (the synchronous core of `playRound`); the bet must be valid.
 * @example outcomeFromBytes(game, byteSourceFrom((cursor) => hmacBlock(seeds, cursor)), bet)
 */
export function outcomeFromBytes(game: StudioGame, bytes: ByteSource, bet: RoundBet): RoundOutcome {
  const rules = game.rules;
  switch (rules.kind) {
    case 'slots':
      return slotOutcome(rules, bytes, bet as SlotBet);
    case 'fishing':
      return fishingOutcome(rules, game.rtpBasisPoints, bytes, bet as FishingBet);
    case 'baccarat':
      return baccaratOutcome(rules, bytes, bet as BaccaratBet);
    case 'dragonTiger':
      return dragonTigerOutcome(rules, bytes, bet as DragonTigerBet);
    case 'dice':
      return diceOutcome(rules, bytes, bet as DiceBet);
  }
}

/**
 * Plays a round: the same seeds and bet always give the same outcome. Throws RangeError on an invalid bet or seeds.
 * @example await playRound(game, { serverSeed, clientSeed: 'lucky', nonce: 7 }, { lineBetMinor: 10 })
 */
export async function playRound(game: StudioGame, seeds: Seeds, bet: RoundBet): Promise<RoundOutcome> {
  const problem = validateBet(game, bet);
  if (problem) throw new RangeError(problem);
  return withFairBytes(seeds, (bytes) => outcomeFromBytes(game, bytes, bet));
}

/** A problem with a round's seeds, or null: the server seed must not be empty (WebCrypto refuses an empty HMAC key). */
export function seedsProblem(seeds: Seeds): string | null {
  if (typeof seeds.serverSeed !== 'string' || seeds.serverSeed.length === 0) return 'serverSeed must be a non-empty string';
  if (typeof seeds.clientSeed !== 'string') return 'clientSeed must be a string';
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) return 'nonce must be a whole number from 0';
  return null;
}

/** Runs a synchronous engine on a round's HMAC blocks: two at first (rejections are rare), more when it runs out. */
async function withFairBytes(seeds: Seeds, engine: (bytes: ByteSource) => RoundOutcome): Promise<RoundOutcome> {
  const problem = seedsProblem(seeds);
  if (problem) throw new RangeError(problem);
  const blocks = [await fairBytes(seeds, 0), await fairBytes(seeds, 1)];
  for (;;) {
    try {
      return engine(byteSourceOfBlocks(blocks));
    } catch (error) {
      if (!(error instanceof OutOfBytesError)) throw error;
      blocks.push(await fairBytes(seeds, blocks.length));
    }
  }
}

/**
 * A shared table round as everyone sees it, before or without any bet: the cards of a
 * baccarat or dragon-tiger hand, the dice of a draw (stake and payout 0). Each member's bet
 * on that round is then settled with `playRound` on the same seeds, which deals the same hand.
 * Throws RangeError for slots and fishing, whose rounds belong to one member.
 * @example (await revealRound(studioGame('dice-draw')!, drawSeeds)).display // { dice: [2, 5, 6], ... }
 */
export async function revealRound(game: StudioGame, seeds: Seeds): Promise<RoundOutcome> {
  const kind = game.rules.kind;
  if (kind !== 'baccarat' && kind !== 'dragonTiger' && kind !== 'dice') throw new RangeError(`${game.code} has no shared rounds`);
  return withFairBytes(seeds, (bytes) => outcomeFromBytes(game, bytes, { spots: {} }));
}

/** The exact RTP of one table spot (baccarat, dragon-tiger, dice) or, for other games, of the standard bet. */
export function exactSpotRtp(game: StudioGame, spot: string): Rational {
  const rules = game.rules;
  if (rules.kind === 'dice') return diceSpotRtp(rules, spot);
  if (rules.kind === 'baccarat' || rules.kind === 'dragonTiger') return cardSpotRtp(rules as CardRules, spot);
  return exactRtp(game);
}

/**
 * The exact RTP of the game's standard bet, computed from its tables: slots any line bet,
 * fishing any fish, tables the `standardSpot`. Published `rtpBasisPoints` is this rounded.
 * @example toBasisPoints(exactRtp(game)) === game.rtpBasisPoints
 */
export function exactRtp(game: StudioGame): Rational {
  const rules = game.rules;
  switch (rules.kind) {
    case 'slots':
      return slotRtp(rules);
    case 'fishing':
      return fishRtp(game.rtpBasisPoints, (rules.fish[0] as { multiplier: number }).multiplier);
    case 'baccarat':
    case 'dragonTiger':
      return cardSpotRtp(rules, rules.standardSpot);
    case 'dice':
      return diceSpotRtp(rules as DiceRules, rules.standardSpot);
  }
}
