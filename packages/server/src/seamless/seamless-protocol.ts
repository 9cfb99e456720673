import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The seamless wallet endpoint's wire (issue 18): what a game provider sends to lobby
 * under `/seamless/v1/` and what lobby answers. Every request is a JSON POST signed with
 * the provider's secret; every answer is JSON with `status` 'OK' or 'ERROR'. Amounts are
 * integer minor units (fen) of CNY. See docs/SEAMLESS-WALLET.md.
 */

/** Headers of a signed request. */
export const SEAMLESS_HEADERS = {
  providerId: 'x-provider-id',
  timestamp: 'x-provider-timestamp',
  signature: 'x-provider-signature',
} as const;

/** A request older or newer than this (by its signed timestamp) is refused. */
export const SEAMLESS_TIMESTAMP_WINDOW_MS = 5 * 60_000;

/** The endpoint's operations, each `POST /seamless/v1/<operation>`. */
export type SeamlessOperation = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback';

export const SEAMLESS_PATH_PREFIX = '/seamless/v1/';

export interface AuthenticateRequest {
  /** Lobby's one-time launch token, handed to the provider at launch. */
  token: string;
}

export interface BalanceRequest {
  memberId: number;
  venueCode: string;
}

export interface BetRequest {
  /** The provider's id of this debit; unique per provider. A repeat is answered with the first answer. */
  transactionId: string;
  roundId: string;
  memberId: number;
  venueCode: string;
  gameCode: string;
  /** The stake, a positive integer in fen. */
  amountMinor: number;
}

export interface WinRequest {
  /** The provider's id of this credit. */
  transactionId: string;
  roundId: string;
  /** The debits this credit pays; when absent, every debit of `roundId`. */
  betTransactionIds?: string[];
  /** The payout in fen; 0 records a loss. */
  amountMinor: number;
  /** The round is over: its bets become settled. Default true. */
  roundEnded?: boolean;
}

export interface RollbackRequest {
  /** The provider's id of this rollback. */
  transactionId: string;
  /** The debit (bet transaction id) to refund. */
  refTransactionId: string;
  /** The member of the debit; lets lobby answer the balance when the debit never arrived (a tombstone). */
  memberId?: number;
}

export interface SeamlessRequests {
  authenticate: AuthenticateRequest;
  balance: BalanceRequest;
  bet: BetRequest;
  win: WinRequest;
  rollback: RollbackRequest;
}

/** The answer of every successful operation: the member's centre balance after it. */
export interface BalanceAnswer {
  status: 'OK';
  memberId: number;
  currency: 'CNY';
  balanceMinor: number;
}

export interface AuthenticateAnswer extends BalanceAnswer {
  venueCode: string;
  gameCode: string;
}

/** `memberId` and `balanceMinor` are 0 only for a rollback of a debit lobby never saw, sent without `memberId`. */
export interface TransactionAnswer extends BalanceAnswer {
  transactionId: string;
  /** Lobby's reference of the movement (a ledger transfer reference), or null when nothing moved (a win of 0, a tombstone). */
  reference: string | null;
}

export interface SeamlessAnswers {
  authenticate: AuthenticateAnswer;
  balance: BalanceAnswer;
  bet: TransactionAnswer;
  win: TransactionAnswer;
  rollback: TransactionAnswer;
}

/**
 * Provider-style error codes of the endpoint (each also has a numeric lobby code,
 * 252001-252099, in the sdk's CODE table as `seamless*`).
 */
export type SeamlessErrorCode =
  | 'INVALID_SIGNATURE'
  | 'UNKNOWN_PROVIDER'
  | 'EXPIRED_REQUEST'
  | 'INVALID_REQUEST'
  | 'INVALID_TOKEN'
  | 'MEMBER_NOT_FOUND'
  | 'VENUE_NOT_SEAMLESS'
  | 'INSUFFICIENT_FUNDS'
  | 'TRANSACTION_CONFLICT'
  | 'BET_NOT_FOUND'
  | 'BET_ROLLED_BACK'
  | 'BET_ALREADY_SETTLED'
  | 'ROUND_CLOSED'
  /** Responsible play (issue 22): the member is on a time-out or self-excluded; not kept. */
  | 'PLAYER_BLOCKED'
  /** Responsible play (issue 22): a session-time, stake, loss or wager limit refuses the stake; not kept. */
  | 'LIMIT_REACHED'
  | 'INTERNAL_ERROR';

export interface ErrorAnswer {
  status: 'ERROR';
  code: SeamlessErrorCode;
  message: string;
  /** The member's real centre balance, when the member is known (always on INSUFFICIENT_FUNDS). */
  balanceMinor?: number;
}

/**
 * The signature of a request: hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`).
 *
 * @example const signature = seamlessSignature('s3cret', '1764120000000', '{"token":"t"}');
 */
export function seamlessSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** Compares a received signature with the expected one in constant time; a malformed one never matches. */
export function signatureMatches(secret: string, timestamp: string, rawBody: string, received: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(received)) return false;
  const expected = Buffer.from(seamlessSignature(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(received, 'hex'));
}
