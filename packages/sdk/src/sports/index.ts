/** The sportsbook's shared pieces (issue 19; docs/SPORTS.md, docs/SPORTS-RULES.md): types, odds formats, the bet slip, settlement, cash-out. */
export { ODDS_FORMATS, SPORT_CODES, MARKET_TYPES, MARKET_STATUSES, ODDS_CHANGE_POLICIES } from './types.js';
export type {
  OddsMilli, OddsFormat, SportCode, SportKind, FixtureStatus, MarketType, MarketStatus, LineQuarters, Selection, Market, Score, Fixture,
  SelectionResult, SlipLeg, SystemKind, BetKind, OddsChangePolicy, BetSettlement,
} from './types.js';
export { MIN_ODDS_MILLI, isOddsMilli, oddsToFormat, oddsFromFormat, parseOdds, formatOdds } from './odds.js';
export {
  MIN_ACCUMULATOR_LEGS, MAX_ACCUMULATOR_LEGS, MAX_SINGLES, MAX_SYSTEM_LEGS, SYSTEM_LEG_COUNTS, combinations, totalStakeMinor, tightestLimits,
  validateSlip, oddsChangeDecision, priceLockDecision, potentialPayout,
} from './slip.js';
export type { SlipLimits, SlipProblem, SlipProblemKey, LockedPrice } from './slip.js';
export { lineResult, selectionResultFor, voidShare, legFactor, settleLine, lineValidBetMinor, settleBet, settlementDelta } from './settlement.js';
export type { SettledLeg, SettlementPosting } from './settlement.js';
export { DEFAULT_CASH_OUT_MARGIN_BP, cashOutValue, cashOutBetValue } from './cash-out.js';
export type { CashOutLeg } from './cash-out.js';
export { sportsPush, parsePush, fixtureTopic, boardTopic, VersionFilter } from './push-client.js';
export type { SportsPush, SportsPushOptions, SportsPushUpdate, SportsPushStatus, SportsPushLoginAnswer, MqttModule, PushConnection } from './push-client.js';
