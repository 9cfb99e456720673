import type { Queryable } from '../db/database.js';
import { lockAccounts } from './account-repository.js';
import { LedgerError, ledgerErrorFromDatabase } from './ledger-error.js';
import { ACCOUNT_FLAG, type Account, type Currency, type Transfer, type TransferInput } from './ledger-types.js';

/**
 * Moves `amountMinor` from the debit account to the credit account, inside the caller's
 * transaction `tx`. Throws a LedgerError named for the rule broken; nothing is applied.
 *
 * @example await createTransfer(tx, { debitAccountId: centre.id, creditAccountId: house.id,
 *   amountMinor: 1_000, currency: 'CNY', code: 'buy_coin', reference: 'C1:money' });
 */
export async function createTransfer(tx: Queryable, input: TransferInput): Promise<Transfer> {
  const [transfer] = await createTransfers(tx, [input]);
  return transfer!;
}

/**
 * Applies several transfers as one linked batch (all or none), in order, inside `tx`.
 * Every account of the batch is locked first, in id order; then the batch is checked
 * against the locked balances, then inserted (a trigger posts each to its accounts, and
 * the CHECK constraints stand behind these checks). Answers the transfers as inserted.
 */
export async function createTransfers(tx: Queryable, inputs: readonly TransferInput[]): Promise<Transfer[]> {
  if (inputs.length === 0) return [];
  await lockAndCheck(tx, inputs);
  return insertOrExplain(() => insertTransfersReturning(tx, inputs));
}

/** What a batch did: the balance of every account it touched, after it. */
export interface AppliedTransfers {
  /** Account id to balance in minor units, as committed with this batch (rows stay locked). */
  balancesMinor: Map<number, number>;
}

/**
 * createTransfers answering the touched accounts' balances after the batch (read under the
 * batch's locks, so exact within the transaction) instead of the transfers: nothing is
 * read back. `locked`: the batch's accounts as the caller locked them earlier in this
 * transaction (`ensureAccounts(..., { lock: true })` or `lockAccounts`), by id; they are not
 * locked again, and an account of the batch missing from them is refused as `accountNotFound`.
 *
 * @example const { balancesMinor } = await applyTransfers(tx, batch); balancesMinor.get(centre.id)
 */
export async function applyTransfers(tx: Queryable, inputs: readonly TransferInput[], locked?: ReadonlyMap<number, Account>): Promise<AppliedTransfers> {
  if (inputs.length === 0) return { balancesMinor: new Map() };
  const balancesMinor = await lockAndCheck(tx, inputs, locked);
  await insertOrExplain(() => tx.query(INSERT_TRANSFERS, [transfersJson(inputs)]));
  return { balancesMinor };
}

/**
 * Checks each transfer's shape, locks the batch's accounts in id order (unless the caller
 * passes them locked) and replays the batch on their balances; answers the balances after it.
 */
async function lockAndCheck(tx: Queryable, inputs: readonly TransferInput[], locked?: ReadonlyMap<number, Account>): Promise<Map<number, number>> {
  inputs.forEach(checkShape);
  const accounts = locked ?? await lockAccounts(tx, inputs.flatMap((t) => [t.debitAccountId, t.creditAccountId]));
  return checkAgainstBalances(inputs, accounts);
}

/** Runs the insert; a database refusal comes back as the LedgerError of the rule it broke. */
async function insertOrExplain<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    throw ledgerErrorFromDatabase(error);
  }
}

function checkShape(input: TransferInput): void {
  const { amountMinor } = input;
  if (typeof amountMinor !== 'number' || !Number.isSafeInteger(amountMinor)) {
    throw new LedgerError('amountMustBeInteger', String(amountMinor));
  }
  if (amountMinor === 0) throw new LedgerError('amountMustNotBeZero');
  if (amountMinor < 0) throw new LedgerError('amountMustNotBeNegative', String(amountMinor));
  if (input.debitAccountId === input.creditAccountId) {
    throw new LedgerError('accountsMustBeDifferent', `account ${input.debitAccountId}`);
  }
  if (!input.reference) throw new LedgerError('referenceMustNotBeEmpty');
}

/** Replays the batch on copies of the locked balances, so the first broken rule is named; answers the balances after it. */
function checkAgainstBalances(inputs: readonly TransferInput[], locked: ReadonlyMap<number, Account>): Map<number, number> {
  const posted = new Map([...locked].map(([id, a]) => [id, { ...a }]));
  for (const input of inputs) {
    const debit = posted.get(input.debitAccountId);
    const credit = posted.get(input.creditAccountId);
    if (!debit) throw new LedgerError('accountNotFound', `debit account ${input.debitAccountId}`);
    if (!credit) throw new LedgerError('accountNotFound', `credit account ${input.creditAccountId}`);
    if (debit.currency !== input.currency || credit.currency !== input.currency) {
      throw new LedgerError('currencyMismatch', `${input.currency} between ${debit.currency} and ${credit.currency}`);
    }
    const debits = debit.debitsPostedMinor + input.amountMinor;
    const credits = credit.creditsPostedMinor + input.amountMinor;
    if (!Number.isSafeInteger(debits)) throw new LedgerError('overflowsDebits', `account ${debit.id}`);
    if (!Number.isSafeInteger(credits)) throw new LedgerError('overflowsCredits', `account ${credit.id}`);
    if (debit.flags & ACCOUNT_FLAG.debitsMustNotExceedCredits && debits > debit.creditsPostedMinor) {
      throw new LedgerError('exceedsBalance', `account ${debit.id} holds ${debit.balanceMinor}, debit of ${input.amountMinor}`);
    }
    debit.debitsPostedMinor = debits;
    debit.balanceMinor -= input.amountMinor;
    credit.creditsPostedMinor = credits;
    credit.balanceMinor += input.amountMinor;
  }
  return new Map([...posted].map(([id, account]) => [id, account.balanceMinor]));
}

interface TransferRow {
  id: number;
  reference: string;
  debit_account_id: number;
  credit_account_id: number;
  amount_minor: number;
  currency: Currency;
  code: string;
  order_reference: string | null;
  created_at: Date;
}

const TRANSFER_COLUMNS = 'id, reference, debit_account_id, credit_account_id, amount_minor, currency, code, order_reference, created_at';

/**
 * Inserts a batch in one statement whose one parameter is the batch as JSON, a row of
 * fields per transfer (one parse and plan whatever its size; JSON.stringify is native, where
 * the driver escapes array parameters element by element and a VALUES list takes seven
 * parameters a row), in the batch's order, so ids follow it.
 */
const INSERT_TRANSFERS = `INSERT INTO ledger_transfers (reference, debit_account_id, credit_account_id, amount_minor, currency, code, order_reference)
  SELECT t->>0, (t->>1)::bigint, (t->>2)::bigint, (t->>3)::bigint, t->>4, t->>5, t->>6 FROM jsonb_array_elements($1::jsonb) AS t`;

const transfersJson = (inputs: readonly TransferInput[]) =>
  JSON.stringify(inputs.map((t) => [t.reference, t.debitAccountId, t.creditAccountId, t.amountMinor, t.currency, t.code, t.orderReference ?? null]));

/** INSERT_TRANSFERS, answering the transfers as inserted (ids and time from the database, the rest as given). */
async function insertTransfersReturning(tx: Queryable, inputs: readonly TransferInput[]): Promise<Transfer[]> {
  const { rows } = await tx.query<Pick<TransferRow, 'id' | 'reference' | 'created_at'>>(`${INSERT_TRANSFERS} RETURNING id, reference, created_at`, [transfersJson(inputs)]);
  // RETURNING promises no order: each input finds its row by its reference (unique).
  const byReference = new Map(rows.map((row) => [row.reference, row]));
  return inputs.map((t) => {
    const row = byReference.get(t.reference)!;
    return {
      id: row.id, reference: t.reference, debitAccountId: t.debitAccountId, creditAccountId: t.creditAccountId, amountMinor: t.amountMinor,
      currency: t.currency, code: t.code, orderReference: t.orderReference ?? null, createdAt: row.created_at,
    };
  });
}

function transferOf(row: TransferRow): Transfer {
  return {
    id: row.id,
    reference: row.reference,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amountMinor: row.amount_minor,
    currency: row.currency,
    code: row.code,
    orderReference: row.order_reference,
    createdAt: row.created_at,
  };
}

/** The transfers that belong to one order (bill number), oldest first. */
export async function transfersOfOrder(q: Queryable, orderReference: string): Promise<Transfer[]> {
  const { rows } = await q.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE order_reference = $1 ORDER BY id`,
    [orderReference],
  );
  return rows.map(transferOf);
}

/** The newest transfers that debit or credit an account, newest first. */
export async function transfersOfAccount(q: Queryable, accountId: number, limit = 50): Promise<Transfer[]> {
  const { rows } = await q.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers
     WHERE debit_account_id = $1 OR credit_account_id = $1 ORDER BY id DESC LIMIT $2`,
    [accountId, limit],
  );
  return rows.map(transferOf);
}
