/** The double-entry ledger of issue 3: accounts, transfers, audit and coin purchases. */
export { CURRENCY_DECIMALS, MEMBER_WALLETS, ACCOUNT_FLAG } from './ledger-types.js';
export type {
  Account,
  Currency,
  MemberAccountKind,
  MemberWalletKind,
  SystemAccountKind,
  Transfer,
  TransferInput,
  VenueWalletKind,
} from './ledger-types.js';
export { LedgerError } from './ledger-error.js';
export type { LedgerRule } from './ledger-error.js';
export {
  accountById,
  ensureAccounts,
  ensureMemberAccounts,
  ensureSystemAccount,
  ensureVenueAccount,
  lockAccounts,
  memberAccounts,
} from './account-repository.js';
export type { AccountKey, MemberAccounts } from './account-repository.js';
export { balancesOf } from './balances.js';
export type { BalancesByKind } from './balances.js';
export { applyTransfers, createTransfer, createTransfers, transfersOfAccount, transfersOfOrder } from './ledger-repository.js';
export type { AppliedTransfers } from './ledger-repository.js';
export { auditLedger } from './audit.js';
export type { AuditedAccount, LedgerAudit, UntraceableAccount } from './audit.js';
export {
  buyCoin,
  buyCoinOnce,
  CENTRE_BALANCE_MARK,
  COIN_BALANCE_MARK,
  coinsFor,
  coinOrdersOf,
  CoinPurchaseError,
  HOUSE_SLOTS,
  houseKindFor,
} from './coin-purchase.js';
export type { BuyCoinInput, CoinOrder, CoinOrderDraft, CoinPurchase, KeyedPurchase, PurchaseResponses } from './coin-purchase.js';
export { seedDeposit, DEMO_OPENING_BALANCE_MINOR } from './seed-deposit.js';
