/** The studio's games and provably fair rounds (issue 18; docs/PROVABLY-FAIR.md). */
export { fairBytes, fairMessage, serverSeedHash, newServerSeed } from './fair.js';
export type { Seeds } from './fair.js';
export { byteSourceFrom, byteSourceOfBlocks, uniformInt, OutOfBytesError } from './byte-source.js';
export type { ByteSource } from './byte-source.js';
export { toBasisPoints } from './rational.js';
export type { Rational } from './rational.js';
export { STUDIO_GAMES, studioGame } from './catalogue.js';
export { validateBet, outcomeFromBytes, playRound, revealRound, seedsProblem, exactRtp, exactSpotRtp } from './play.js';
export { verifyRound } from './verify.js';
export type { VerifyRoundInput, VerifyRoundResult } from './verify.js';
export { slotWindow } from './slots.js';
export type { SlotDisplay } from './slots.js';
export type { FishingDisplay } from './fishing.js';
export { cardName } from './cards.js';
export type { BaccaratDisplay, DragonTigerDisplay, SpotResults } from './cards.js';
export { rollDice, settleDice, diceConditionHolds } from './dice.js';
export type { DiceDisplay, DiceRoll } from './dice.js';
export type {
  EngineName, StudioGame, GameRules, SlotRules, SlotSymbol, FishingRules, Fish, CardRules, CardSpot, DiceRules, DiceSpot,
  DiceCondition, BaccaratEvent, DragonTigerEvent, RoundBet, SlotBet, FishingBet, DragonTigerBet, BaccaratBet, DiceBet, RoundOutcome,
  TableSpotView, TableState,
} from './types.js';
