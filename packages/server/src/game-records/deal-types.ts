import type { DealType } from '@lobby/sdk';

/**
 * What a ledger transfer code means to a member (spec section 3: transaction record
 * lists carry a dealType). Ordered: the first LIKE pattern a code matches decides. The game
 * codes of the seamless wallet and bet sync are matched by their words (bet, win, rollback,
 * correction), so a new game code falls into the right family without an edit here.
 */
const DEAL_RULES: readonly (readonly [DealType, string])[] = [
  ['deposit', 'deposit'], ['deposit', 'deposit\\_usdt%'], ['deposit', 'seed\\_deposit'],
  ['commission', 'agent\\_commission'],
  ['bonus', 'deposit\\_discount'], ['bonus', 'vip\\_gift'], ['bonus', '%bonus%'], ['bonus', '%rebate%'],
  ['withdrawal', 'withdrawal\\_%'],
  ['venueTransfer', 'venue\\_transfer\\_%'],
  ['coin', 'buy\\_coin'], ['coin', 'gift\\_send'], ['coin', 'coin\\_%'],
  ['interest', 'yuebao\\_interest'],
  ['yuebao', 'yuebao\\_%'],
  ['conversion', 'usdt\\_to\\_rmb'], ['conversion', 'rmb\\_to\\_usdt'],
  ['betRefund', '%rollback%'], ['betRefund', '%refund%'], ['betRefund', '%cancel%'], ['betRefund', '%void%'],
  ['betCorrection', '%correction%'], ['betCorrection', '%adjust%'],
  ['win', '%win%'], ['win', '%payout%'],
  ['bet', '%bet%'], ['bet', '%stake%'], ['bet', 'game\\_%'], ['bet', 'seamless\\_%'],
];

const regexOf = (pattern: string) =>
  new RegExp(`^${pattern.replace(/\\_|%|_|[.*+?^${}()|[\]]/g, (part) => (part === '\\_' ? '_' : part === '%' ? '.*' : part === '_' ? '.' : `\\${part}`))}$`);
const COMPILED = DEAL_RULES.map(([dealType, pattern]) => [dealType, regexOf(pattern)] as const);

/**
 * The dealType of a ledger transfer code.
 *
 * @example dealTypeOf('venue_transfer_in') // 'venueTransfer'
 */
export function dealTypeOf(code: string): DealType {
  return COMPILED.find(([, regex]) => regex.test(code))?.[0] ?? 'other';
}

/** The same rules as a SQL expression over `column` (patterns are constants of this file, never input). */
export function dealTypeSql(column: string): string {
  return `CASE ${DEAL_RULES.map(([dealType, pattern]) => `WHEN ${column} LIKE '${pattern}' THEN '${dealType}'`).join(' ')} ELSE 'other' END`;
}
