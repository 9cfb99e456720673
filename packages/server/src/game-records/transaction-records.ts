import { TRANSACTION_RECORD_PAGE_SIZE, fromMinor, type DealType, type TransactionRecord } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { CURRENCY_DECIMALS, type Currency } from '../ledger/index.js';
import { recordOf } from '../orders/records.js';
import { dealTypeOf, dealTypeSql } from './deal-types.js';
import type { RecordRange } from './record-range.js';

interface MoveRow {
  id: string | number;
  code: string;
  reference: string;
  order_reference: string | null;
  created_at: Date;
  account_id: string | number;
  kind: string;
  currency: Currency;
  signed: string | number;
  venue_state: 'pending' | 'completed' | 'failed' | null;
}

/** Every movement of a member's accounts: one row per transfer and member account it touches (a move between two own wallets is two rows). */
const MOVES = `
  WITH own AS (SELECT id, kind, currency FROM ledger_accounts WHERE member_id = $1),
  moves AS (
    SELECT t.id, t.code, t.reference, t.order_reference, t.created_at, a.id AS account_id, a.kind, a.currency, t.amount_minor AS signed
      FROM ledger_transfers t JOIN own a ON a.id = t.credit_account_id
    UNION ALL
    SELECT t.id, t.code, t.reference, t.order_reference, t.created_at, a.id AS account_id, a.kind, a.currency, -t.amount_minor AS signed
      FROM ledger_transfers t JOIN own a ON a.id = t.debit_account_id
  )`;

interface Status {
  statusName: string;
  auditStatus: number;
}
const DONE: Status = { statusName: 'completed', auditStatus: 1 };

/**
 * The status of one movement. A deposit or a withdrawal lock shows its order's state (the
 * shared recordOf of orders/records.ts, so both record lists agree); a paid withdrawal is
 * completed and a returned one failed; a venue transfer's reserve shows the transfer's state,
 * its post completed and its void failed (the money came back). Everything else is posted
 * once, complete.
 */
async function statusOf(db: Queryable, memberId: number, row: MoveRow, orders: Map<string, Promise<Status | null>>): Promise<Status> {
  if (row.code === 'withdrawal_return') return { statusName: 'returned', auditStatus: 2 };
  if (row.code.startsWith('venue_transfer_')) {
    if (row.reference.endsWith(':void')) return { statusName: 'failed', auditStatus: 2 };
    if (row.reference.endsWith(':reserve') && row.venue_state !== 'completed') {
      return row.venue_state === 'failed' ? { statusName: 'failed', auditStatus: 2 } : { statusName: 'pending', auditStatus: 0 };
    }
    return DONE;
  }
  const ofOrder = row.order_reference !== null && (row.code === 'withdrawal_lock' || dealTypeOf(row.code) === 'deposit');
  if (!ofOrder) return DONE;
  const billNo = row.order_reference!;
  if (!orders.has(billNo)) {
    orders.set(billNo, recordOf(db, memberId, billNo).then(({ statusName, auditStatus }) => ({ statusName, auditStatus }), () => null));
  }
  return (await orders.get(billNo)) ?? DONE;
}

/** The wallet balance after each movement of the page: the balance now less every later movement of that wallet, read in one statement. */
async function balancesAfter(db: Queryable, rows: readonly MoveRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const accounts = [...new Set(rows.map((row) => Number(row.account_id)))];
  const oldest = Math.min(...rows.map((row) => Number(row.id)));
  const { rows: parts } = await db.query<{ account_id: string | number; id: string | number; amount: string | number; part: string }>(
    `SELECT id AS account_id, 0 AS id, balance_minor AS amount, 'balance' AS part FROM ledger_accounts WHERE id = ANY($1::bigint[])
     UNION ALL SELECT credit_account_id, id, amount_minor, 'move' FROM ledger_transfers WHERE credit_account_id = ANY($1::bigint[]) AND id > $2
     UNION ALL SELECT debit_account_id, id, -amount_minor, 'move' FROM ledger_transfers WHERE debit_account_id = ANY($1::bigint[]) AND id > $2`,
    [accounts, oldest],
  );
  const balance = new Map(parts.filter((p) => p.part === 'balance').map((p) => [Number(p.account_id), Number(p.amount)]));
  const later = parts.filter((p) => p.part === 'move');
  return rows.map((row) => {
    const accountId = Number(row.account_id);
    const newer = later.filter((p) => Number(p.account_id) === accountId && Number(p.id) > Number(row.id)).reduce((sum, p) => sum + Number(p.amount), 0);
    return (balance.get(accountId) ?? 0) - newer;
  });
}

export interface TransactionQuery {
  memberId: number;
  range: RecordRange;
  dealType?: DealType | undefined;
  page: number;
}

/**
 * The member's ledger movements in the range, newest first, TRANSACTION_RECORD_PAGE_SIZE a
 * page: signed amount, balance after, dealType, statusName and auditStatus.
 *
 * @example await transactionRecordsOf(db, { memberId, range, page: 1 }) // { list: [{ dealType: 'deposit', amount: 100, ... }], total: 1, ... }
 */
export async function transactionRecordsOf(db: Queryable, query: TransactionQuery) {
  const where = `m.created_at >= $2 AND m.created_at < $3 AND ($4::text IS NULL OR ${dealTypeSql('m.code')} = $4)`;
  const params = [query.memberId, query.range.from, query.range.to, query.dealType ?? null];
  const { rows } = await db.query<MoveRow>(
    `${MOVES} SELECT m.*, v.state AS venue_state FROM moves m LEFT JOIN venue_transfers v ON m.code LIKE 'venue\\_transfer\\_%' AND v.transfer_id = m.order_reference
      WHERE ${where} ORDER BY m.id DESC, m.kind LIMIT ${TRANSACTION_RECORD_PAGE_SIZE} OFFSET $5`,
    [...params, (query.page - 1) * TRANSACTION_RECORD_PAGE_SIZE],
  );
  const count = await db.query<{ total: number }>(`${MOVES} SELECT count(*)::int AS total FROM moves m WHERE ${where}`, params);
  const after = await balancesAfter(db, rows);
  const orders = new Map<string, Promise<Status | null>>();
  const list: TransactionRecord[] = [];
  for (const [index, row] of rows.entries()) {
    const decimals = CURRENCY_DECIMALS[row.currency];
    list.push({
      id: Number(row.id), dealType: dealTypeOf(row.code), code: row.code, wallet: row.kind, currency: row.currency,
      amount: fromMinor(Number(row.signed), decimals), balanceAfter: fromMinor(after[index]!, decimals),
      orderReference: row.order_reference, ...(await statusOf(db, query.memberId, row, orders)), createdAt: new Date(row.created_at).toISOString(),
    });
  }
  return { list, page: query.page, pageSize: TRANSACTION_RECORD_PAGE_SIZE, total: count.rows[0]!.total };
}
