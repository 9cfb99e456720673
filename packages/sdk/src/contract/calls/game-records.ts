import { defineCall } from '../call.js';
import { s, type Infer } from '../schema.js';

/**
 * Bet records, turnover and transaction records (issue 18; spec section 7 "Games": bet
 * records, page size 8; "Finance": flow rate; section 3: "Deposit and transaction record
 * lists: dealType, statusName, auditStatus"). Dates are Beijing calendar days
 * (YYYY-MM-DD, UTC+8), both ends included. Money is yuan with 2 decimals on the wire.
 * docs/BET-RECORDS.md holds the decisions the spec leaves open.
 */

/** Spec section 9: bet records are paged 8 at a time. */
export const BET_RECORD_PAGE_SIZE = 8;
/** Transaction records are paged 20 at a time (our choice, like messages). */
export const TRANSACTION_RECORD_PAGE_SIZE = 20;
/** The longest date range one record query covers, in days (our choice: a month and a day). */
export const RECORD_RANGE_DAYS_MAX = 31;
/** Flow rate: turnover required before a withdrawal, as a multiple of deposits (our choice: 1x). */
export const FLOW_MULTIPLE = 1;

const yuan = (description?: string) => s.money({ decimals: 2, ...(description ? { description } : {}) });
const day = (description: string) => s.string({ minLength: 10, maxLength: 10, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description });
const venueCode = s.string({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$', description: 'Only this venue; every venue when absent' });
const page = s.integer({ minimum: 1, maximum: 10_000, description: 'Page number, from 1' });

/** A bet's state: open until settled; void and cancelled bets carry no turnover. */
export const BET_STATUSES = ['open', 'settled', 'void', 'cancelled'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

export const BetRecordRange = s.object({
  startDate: day('First Beijing day of the range'),
  endDate: day(`Last Beijing day of the range (at most ${RECORD_RANGE_DAYS_MAX} days after startDate)`),
  venueCode: s.optional(venueCode),
  page: s.optional(page),
});

/** One bet of the member at a venue. */
export const BetRecord = s.object({
  id: s.integer({ description: 'Lobby id of the bet (betRecordDetail takes it)' }),
  venueCode: s.string(),
  betId: s.string({ description: "The provider's bet id" }),
  roundId: s.string(),
  gameCode: s.string(),
  gameNameZh: s.string({ description: 'The game name (the game code when the catalogue does not know it)' }),
  gameNameEn: s.string(),
  stake: yuan(),
  validBet: yuan('Turnover: the stake that counts (0 for void and cancelled bets)'),
  payout: yuan(),
  net: yuan('payout - stake (0 for void and cancelled bets: the stake was returned)'),
  status: s.enum(BET_STATUSES),
  result: s.string({ description: 'The result as the provider wrote it (render as text)' }),
  placedAt: s.string({ description: 'ISO 8601 time' }),
  settledAt: s.nullable(s.string({ description: 'ISO 8601 time' })),
});
export type BetRecord = Infer<typeof BetRecord>;

/** The member's bets in the range, newest first, 8 a page, and the totals of the whole range. */
export const betRecords = defineCall({
  name: 'betRecords',
  group: 'games',
  path: '/game/v1/bet_records',
  style: 'json',
  auth: 'member',
  summary: 'Bet records by venue and date range (page size 8), with the totals of the range',
  request: BetRecordRange,
  response: s.object({
    list: s.array(BetRecord),
    page: s.integer({ minimum: 1 }),
    pageSize: s.integer({ minimum: 1 }),
    total: s.integer({ minimum: 0, description: 'Bets in the range' }),
    totals: s.object({
      stake: yuan(),
      validBet: yuan('Turnover of settled bets'),
      payout: yuan(),
      net: yuan('Payout - stake of settled bets'),
    }),
  }),
});

/** One round as the provider tells it, for verification (GameProvider RoundDetail). */
export const RoundVerification = s.object({
  roundId: s.string(),
  gameCode: s.string(),
  serverSeedHash: s.string({ description: 'SHA-256 of the server seed, shown before the round was played' }),
  serverSeed: s.nullable(s.string({ description: 'null until the member rotates the seed pair in the game' })),
  clientSeed: s.string(),
  nonce: s.integer({ minimum: 0 }),
  bet: s.unknown({ description: "The bet as the game's engine takes it" }),
  outcome: s.unknown({ description: "The outcome the provider paid on, as the sdk's playRound answers it" }),
  stake: yuan(),
  payout: yuan(),
  status: s.enum(['open', 'completed', 'cancelled'] as const),
});
export type RoundVerification = Infer<typeof RoundVerification>;

/** One of the member's bets with its round's verification data (null when the provider tells none). */
export const betRecordDetail = defineCall({
  name: 'betRecordDetail',
  group: 'games',
  path: '/game/v1/bet_record_detail',
  style: 'json',
  auth: 'member',
  summary: "One bet and its round's provably fair data (seeds, nonce, bet, outcome)",
  request: s.object({ id: s.integer({ minimum: 1, description: 'The bet record id' }) }),
  response: s.object({ record: BetRecord, round: s.nullable(RoundVerification) }),
});

/** The member's turnover requirement before a withdrawal (spec section 7, "Finance": flow rate). */
export const flowRate = defineCall({
  name: 'flowRate',
  group: 'games',
  path: '/finance/v1/flow_rate',
  style: 'json',
  auth: 'member',
  summary: 'Flow rate: turnover required since the last paid withdrawal, done and still needed',
  request: s.empty(),
  response: s.object({
    multiple: s.number({ description: 'Turnover required per yuan deposited' }),
    since: s.nullable(s.string({ description: 'ISO 8601 time of the last paid withdrawal; null: since the first deposit' })),
    deposits: yuan('Deposits and deposit discounts credited since then'),
    requiredFlow: yuan('deposits x multiple'),
    doneFlow: yuan('Valid bets of bets settled since then'),
    needFlow: yuan('Turnover still needed (0 when met)'),
    percent: s.integer({ minimum: 0, maximum: 100 }),
  }),
});

/**
 * Spec section 3, "Deposit and transaction record lists": what a movement is. recordDetail
 * answers the first two; transaction records answer every one.
 */
export const DEAL_TYPES = [
  'deposit', 'withdrawal', 'venueTransfer', 'bet', 'win', 'betRefund', 'betCorrection', 'coin', 'interest', 'yuebao', 'conversion', 'bonus', 'commission', 'other',
] as const;
export type DealType = (typeof DEAL_TYPES)[number];

/** The wallets a movement lands on (ledger account kinds; a venue wallet is `venue:<code>`). */
export const TransactionRecord = s.object({
  id: s.integer({ description: 'Ledger transfer id' }),
  dealType: s.enum(DEAL_TYPES),
  code: s.string({ description: "The ledger transfer's code, e.g. deposit, venue_transfer_in" }),
  wallet: s.string({ description: 'centre, locked, usdt, usdt_locked, coin, yuebao or venue:<code>' }),
  currency: s.enum(['CNY', 'USDT', 'COIN'] as const),
  amount: s.number({ description: 'Signed: positive credits the wallet, negative debits it (yuan 2, USDT 6, coins 0 decimals)' }),
  balanceAfter: s.number({ description: 'The wallet after this movement' }),
  orderReference: s.nullable(s.string({ description: 'The order (bill number, transfer id, bet) it belongs to' })),
  statusName: s.string(),
  auditStatus: s.integer({ description: '0 in progress, 1 succeeded, 2 failed or returned' }),
  createdAt: s.string({ description: 'ISO 8601 time' }),
});
export type TransactionRecord = Infer<typeof TransactionRecord>;

/** Every ledger movement of the member's wallets in the range, newest first. */
export const transactionRecords = defineCall({
  name: 'transactionRecords',
  group: 'games',
  path: '/finance/v1/records/transactions',
  style: 'json',
  auth: 'member',
  summary: 'Transaction records: every movement of the member wallets (dealType, statusName, auditStatus)',
  request: s.object({
    startDate: day('First Beijing day of the range'),
    endDate: day(`Last Beijing day of the range (at most ${RECORD_RANGE_DAYS_MAX} days after startDate)`),
    dealType: s.optional(s.enum(DEAL_TYPES)),
    page: s.optional(page),
  }),
  response: s.object({
    list: s.array(TransactionRecord),
    page: s.integer({ minimum: 1 }),
    pageSize: s.integer({ minimum: 1 }),
    total: s.integer({ minimum: 0 }),
  }),
});
