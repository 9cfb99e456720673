/**
 * Why the ledger refused a transfer, named for the rule broken (TigerBeetle's result
 * names in camelCase). The database enforces the same rules; its refusals are mapped
 * back to these names so callers see one vocabulary.
 */
export type LedgerRule =
  | 'exceedsBalance'
  | 'amountMustNotBeZero'
  | 'amountMustNotBeNegative'
  | 'amountMustBeInteger'
  | 'accountsMustBeDifferent'
  | 'currencyMismatch'
  | 'accountNotFound'
  | 'referenceMustNotBeEmpty'
  | 'exists'
  | 'overflowsDebits'
  | 'overflowsCredits';

export class LedgerError extends Error {
  /** @example new LedgerError('exceedsBalance', 'account 7 holds 100, debit of 250') */
  constructor(
    readonly rule: LedgerRule,
    detail?: string,
  ) {
    super(detail ? `${rule}: ${detail}` : rule);
    this.name = 'LedgerError';
  }
}

const ruleByConstraint: Record<string, LedgerRule> = {
  ledger_accounts_debits_must_not_exceed_credits: 'exceedsBalance',
  ledger_transfers_amount_positive: 'amountMustNotBeZero',
  ledger_transfers_accounts_must_be_different: 'accountsMustBeDifferent',
  ledger_transfers_debit_account: 'currencyMismatch',
  ledger_transfers_credit_account: 'currencyMismatch',
  // Migration 0110: the posting trigger's check that replaced the two keys above.
  ledger_transfers_account_currency: 'currencyMismatch',
  ledger_transfers_reference: 'exists',
};

/** Maps a database refusal of a ledger constraint to its rule; other errors pass through. */
export function ledgerErrorFromDatabase(error: unknown): unknown {
  const constraint = (error as { constraint?: unknown } | null)?.constraint;
  if (typeof constraint !== 'string') return error;
  const rule = ruleByConstraint[constraint];
  return rule ? new LedgerError(rule, `database constraint ${constraint}`) : error;
}
