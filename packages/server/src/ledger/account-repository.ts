import type { Queryable } from '../db/database.js';
import {
  ACCOUNT_COLUMNS,
  ACCOUNT_FLAG,
  MEMBER_WALLETS,
  accountOf,
  type Account,
  type AccountRow,
  type Currency,
  type MemberWalletKind,
  type SystemAccountKind,
  type VenueWalletKind,
} from './ledger-types.js';

/** A member's standard wallets (MEMBER_WALLETS), by kind. */
export type MemberAccounts = Record<MemberWalletKind, Account>;

const walletKinds = Object.keys(MEMBER_WALLETS) as MemberWalletKind[];

/**
 * The member's standard wallets, created empty on first use (idempotent, race-safe).
 *
 * @example const { centre, coin } = await ensureMemberAccounts(tx, memberId);
 */
export async function ensureMemberAccounts(q: Queryable, memberId: number): Promise<MemberAccounts> {
  let found = await memberWallets(q, memberId);
  if (found) return found;
  const values = walletKinds.map((_, i) => `($1, $${i * 2 + 2}, $${i * 2 + 3}, ${ACCOUNT_FLAG.debitsMustNotExceedCredits})`);
  const params = [memberId, ...walletKinds.flatMap((kind) => [kind, MEMBER_WALLETS[kind]])];
  await q.query(
    `INSERT INTO ledger_accounts (member_id, kind, currency, flags) VALUES ${values.join(', ')} ON CONFLICT DO NOTHING`,
    params,
  );
  found = await memberWallets(q, memberId);
  if (!found) throw new Error(`member ${memberId}: wallets missing after creation`);
  return found;
}

async function memberWallets(q: Queryable, memberId: number): Promise<MemberAccounts | undefined> {
  const accounts = await memberAccounts(q, memberId);
  const byKind = new Map(accounts.map((account) => [account.kind, account]));
  if (!walletKinds.every((kind) => byKind.has(kind))) return undefined;
  return Object.fromEntries(walletKinds.map((kind) => [kind, byKind.get(kind)!])) as MemberAccounts;
}

/** Every account of a member (standard wallets and venue wallets), in id order. */
export async function memberAccounts(q: Queryable, memberId: number): Promise<Account[]> {
  const { rows } = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE member_id = $1 ORDER BY id`,
    [memberId],
  );
  return rows.map(accountOf);
}

/**
 * A member's wallet in one venue, in the venue's currency, created on first use.
 *
 * @example const ag = await ensureVenueAccount(tx, memberId, 'venue:AG', 'CNY');
 */
export async function ensureVenueAccount(q: Queryable, memberId: number, kind: VenueWalletKind, currency: Currency): Promise<Account> {
  return ensureAccount(q, memberId, kind, currency, ACCOUNT_FLAG.debitsMustNotExceedCredits);
}

/**
 * An operator account (house, payment clearing per channel, venue clearing per venue),
 * created on first use. System accounts may go below zero.
 *
 * @example const clearing = await ensureSystemAccount(tx, 'payment_clearing:sandbox', 'CNY');
 */
export async function ensureSystemAccount(q: Queryable, kind: SystemAccountKind, currency: Currency): Promise<Account> {
  return ensureAccount(q, null, kind, currency, 0);
}

async function ensureAccount(q: Queryable, memberId: number | null, kind: string, currency: Currency, flags: number): Promise<Account> {
  const select = `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts
    WHERE member_id IS NOT DISTINCT FROM $1 AND kind = $2 AND currency = $3`;
  const found = await q.query<AccountRow>(select, [memberId, kind, currency]);
  if (found.rows[0]) return accountOf(found.rows[0]);
  await q.query(
    `INSERT INTO ledger_accounts (member_id, kind, currency, flags) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [memberId, kind, currency, flags],
  );
  const created = await q.query<AccountRow>(select, [memberId, kind, currency]);
  if (!created.rows[0]) throw new Error(`account ${kind} ${currency} missing after creation`);
  return accountOf(created.rows[0]);
}

/** Names one account: a member's (memberId set) or a system account (memberId null). */
export interface AccountKey {
  memberId: number | null;
  kind: string;
  currency: Currency;
}

const keyOf = (k: AccountKey) => `${k.memberId ?? ''}/${k.kind}/${k.currency}`;

/**
 * Several accounts in one round trip, created empty when missing (member accounts
 * flagged so they never go below zero). Answers them in the order of `keys`. With
 * `lock`, they come locked for a balance change as `lockAccounts` locks them (in id
 * order, `FOR NO KEY UPDATE`), so a caller that posts to them next passes them to
 * `applyTransfers` and spares the second round trip.
 *
 * @example const [centre, house] = await ensureAccounts(tx, [{ memberId, kind: 'centre', currency: 'CNY' }, { memberId: null, kind: 'house', currency: 'CNY' }]);
 */
export async function ensureAccounts(q: Queryable, keys: readonly AccountKey[], options: { lock?: boolean } = {}): Promise<Account[]> {
  let found = await findAccounts(q, keys, options.lock ?? false);
  const missing = keys.filter((k) => !found.has(keyOf(k)));
  if (missing.length > 0) {
    const values = missing.map((_, i) => `($${i * 4 + 1}::bigint, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4}::integer)`);
    const params = missing.flatMap((k) => [k.memberId, k.kind, k.currency, k.memberId === null ? 0 : ACCOUNT_FLAG.debitsMustNotExceedCredits]);
    await q.query(`INSERT INTO ledger_accounts (member_id, kind, currency, flags) VALUES ${values.join(', ')} ON CONFLICT DO NOTHING`, params);
    found = await findAccounts(q, keys, options.lock ?? false);
  }
  return keys.map((k) => {
    const account = found.get(keyOf(k));
    if (!account) throw new Error(`account ${keyOf(k)} missing after creation`);
    return account;
  });
}

/**
 * The accounts of `keys` that exist, by key; each through the identity index. Keys of one
 * member kind and currency and at most one system account (most batches: members' wallets
 * of one kind, the venue's or the house's account) take a plain condition; any other mix a
 * join of the keys, which costs about twice as much to plan and run.
 */
async function findAccounts(q: Queryable, keys: readonly AccountKey[], lock: boolean): Promise<Map<string, Account>> {
  const members = keys.filter((k) => k.memberId !== null);
  const system = keys.filter((k) => k.memberId === null);
  const lockClause = lock ? 'ORDER BY id FOR NO KEY UPDATE' : '';
  const oneKind = new Set(members.map((k) => `${k.kind}/${k.currency}`)).size <= 1 && new Set(system.map(keyOf)).size <= 1;
  const { rows } = oneKind
    ? await q.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts
        WHERE (kind = $1 AND currency = $2 AND member_id = ANY($3::bigint[])) OR (member_id IS NULL AND kind = $4 AND currency = $5)
        ${lockClause}`,
      [members[0]?.kind ?? null, members[0]?.currency ?? null, members.map((k) => k.memberId), system[0]?.kind ?? null, system[0]?.currency ?? null],
    )
    : await q.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE id IN (
         SELECT a.id FROM unnest($1::bigint[], $2::text[], $3::text[]) k (member_id, kind, currency)
           JOIN ledger_accounts a ON a.member_id = k.member_id AND a.kind = k.kind AND a.currency = k.currency
         UNION ALL
         SELECT a.id FROM unnest($4::text[], $5::text[]) k (kind, currency)
           JOIN ledger_accounts a ON a.member_id IS NULL AND a.kind = k.kind AND a.currency = k.currency)
       ${lockClause}`,
      [members.map((k) => k.memberId), members.map((k) => k.kind), members.map((k) => k.currency), system.map((k) => k.kind), system.map((k) => k.currency)],
    );
  return new Map(rows.map((row) => [keyOf({ memberId: row.member_id, kind: row.kind, currency: row.currency }), accountOf(row)]));
}

/** One account by id, or undefined. Reads without locking. */
export async function accountById(q: Queryable, id: number): Promise<Account | undefined> {
  const { rows } = await q.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE id = $1`, [id]);
  return rows[0] ? accountOf(rows[0]) : undefined;
}

/**
 * Locks accounts for a balance change, in ascending id order so two transactions that
 * touch the same accounts queue instead of deadlocking. `FOR NO KEY UPDATE` is the lock
 * an UPDATE of non-key columns takes: it excludes other balance changes and still lets
 * foreign-key checks of other transfers proceed.
 */
export async function lockAccounts(q: Queryable, ids: readonly number[]): Promise<Map<number, Account>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const { rows } = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE`,
    [sorted],
  );
  return new Map(rows.map((row) => [row.id, accountOf(row)]));
}
