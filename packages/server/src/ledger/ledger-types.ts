/**
 * The words of the ledger, after TigerBeetle: an account holds posted debits and credits
 * in integer minor units of one currency; a transfer moves a positive amount from its
 * debit account to its credit account. Balance = credits posted - debits posted, so a
 * member's wallet grows when credited, and the balances of one currency sum to zero.
 */

/** Currencies of the ledger and their minor-unit decimals (yuan 2, USDT 6, coins 0). */
export const CURRENCY_DECIMALS = { CNY: 2, USDT: 6, COIN: 0 } as const;
export type Currency = keyof typeof CURRENCY_DECIMALS;

/** The member wallets of spec section 3 and the currency each holds. */
export const MEMBER_WALLETS = {
  centre: 'CNY',
  locked: 'CNY',
  usdt: 'USDT',
  usdt_locked: 'USDT',
  coin: 'COIN',
  yuebao: 'CNY',
  /** Bonus money held apart under wagering (issue 20, docs/BONUS-WAGERING.md): never withdrawn or staked; converts to centre. */
  bonus: 'CNY',
} as const satisfies Record<string, Currency>;
export type MemberWalletKind = keyof typeof MEMBER_WALLETS;

/** A member's wallet in one game venue, e.g. `venue:AG`. */
export type VenueWalletKind = `venue:${string}`;
export type MemberAccountKind = MemberWalletKind | VenueWalletKind;

/** Accounts of the operator: they may go below zero (they mirror money held elsewhere). `anchor:<id>` holds the coins an anchor received as gifts. */
/** `venue_play:<code>` is the venue's side of its bets and wins (stakes in, payouts out), under both wallet models. */
/** `agent_commission:<siteId>` is a brand's commission expense: agents' commission is paid from it, so its balance is minus what the brand paid (docs/AGENTS.md). */
export type SystemAccountKind =
  | 'house' | `house:${number}` | `payment_clearing:${string}` | `venue_clearing:${string}` | `anchor:${number}` | `venue_play:${string}` | `agent_commission:${number}`;

/** Account flag bits; member accounts always carry `debitsMustNotExceedCredits`. */
export const ACCOUNT_FLAG = { debitsMustNotExceedCredits: 1 } as const;

export interface Account {
  id: number;
  memberId: number | null;
  kind: string;
  currency: Currency;
  flags: number;
  debitsPostedMinor: number;
  creditsPostedMinor: number;
  balanceMinor: number;
}

/** What a caller asks for; `reference` is unique across the ledger (a second use fails). */
export interface TransferInput {
  debitAccountId: number;
  creditAccountId: number;
  amountMinor: number;
  currency: Currency;
  /** What the transfer is for, e.g. `buy_coin`, `seed_deposit`. */
  code: string;
  reference: string;
  /** The order (bill number) the transfer belongs to, when it belongs to one. */
  orderReference?: string | null;
}

export interface Transfer extends Required<TransferInput> {
  id: number;
  createdAt: Date;
}

export interface AccountRow {
  id: number;
  member_id: number | null;
  kind: string;
  currency: Currency;
  flags: number;
  debits_posted_minor: number;
  credits_posted_minor: number;
  balance_minor: number;
}

export const ACCOUNT_COLUMNS =
  'id, member_id, kind, currency, flags, debits_posted_minor, credits_posted_minor, balance_minor';

export function accountOf(row: AccountRow): Account {
  return {
    id: row.id,
    memberId: row.member_id,
    kind: row.kind,
    currency: row.currency,
    flags: row.flags,
    debitsPostedMinor: row.debits_posted_minor,
    creditsPostedMinor: row.credits_posted_minor,
    balanceMinor: row.balance_minor,
  };
}
