/** Bet records, turnover and transaction records (issue 18): what other features read. */
export { turnoverMinorOf, flowRateOf } from './turnover.js';
export { dealTypeOf } from './deal-types.js';
