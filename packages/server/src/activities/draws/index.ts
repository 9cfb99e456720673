/** Draws (issue 20; docs/PROMO-FAIRNESS.md): the fairness commitments every fair result of a promotion uses, and the draw kinds. */
export {
  activityRounds, commitRound, drawFair, fairPick, fairSample, fairSplit, fairUnit, memberClientSeed, nodeBytes, revealIfClosed, roundSeed, seedHashOf,
} from './fairness.js';
export type { FairDetail, FairRound } from './fairness.js';
