import type { Database } from '../db/database.js';
import { buyCoin, coinsFor } from './coin-purchase.js';
import { createTransfers } from './ledger-repository.js';
import type { Account, TransferInput } from './ledger-types.js';

/** The accounts one walk run uses, and a plain model of their balances. */
export interface WalkPool {
  run: number;
  members: WalkMember[];
  system: { houseCny: Account; houseUsdt: Account; houseCoin: Account; clearing: Account; venueClearing: Account };
  model: Map<number, Account>;
}
export interface WalkMember {
  /** The member's house slot, which takes the other side of its coin purchases. */
  houseCny: Account;
  houseCoin: Account;
  centre: Account;
  locked: Account;
  usdt: Account;
  coin: Account;
  venue: Account;
}
export interface WalkStep {
  op: 'deposit' | 'withdraw' | 'venueIn' | 'venueOut' | 'toUsdt' | 'buyCoin' | 'anyTransfer';
  member: number;
  from: number;
  to: number;
  amountMinor: number;
}
export interface WalkOutcome {
  error?: unknown;
  expectedRule?: string;
  expectedBalances: Record<number, number>;
  actualBalances: Record<number, number>;
}

type Move = [debit: Account, credit: Account, amountMinor: number];

/** Runs one step against the database and the model; returns both views to compare. */
export async function walkStep(db: Database, pool: WalkPool, step: WalkStep, index: number): Promise<WalkOutcome> {
  const moves = movesOf(pool, step);
  const rule = step.op === 'buyCoin' ? coinRule(step) ?? batchRule(pool, moves) : batchRule(pool, moves);
  let error: unknown;
  try {
    await db.transaction(async (tx) => {
      if (step.op === 'buyCoin') return void (await buyCoin(tx, { memberId: pool.members[step.member]!.centre.memberId!, moneyMinor: coinMoney(step) }));
      const inputs = moves.map(([debit, credit, amountMinor], i): TransferInput => ({
        debitAccountId: debit.id, creditAccountId: credit.id, amountMinor, currency: debit.currency,
        code: `walk_${step.op.toLowerCase()}`, reference: `walk:${pool.run}:${index}:${i}`,
      }));
      await createTransfers(tx, inputs);
    });
  } catch (caught) {
    error = caught;
  }
  if (rule === undefined && error === undefined) for (const move of moves) apply(pool, move);
  const ids = [...pool.model.keys()];
  const { rows } = await db.query<{ id: number; balance_minor: number }>(
    `SELECT id, balance_minor FROM ledger_accounts WHERE id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')})`, ids);
  return {
    error,
    expectedRule: rule,
    expectedBalances: Object.fromEntries(ids.map((id) => [id, pool.model.get(id)!.balanceMinor])),
    actualBalances: Object.fromEntries(rows.map((row) => [row.id, row.balance_minor])),
  };
}

function movesOf(pool: WalkPool, step: WalkStep): Move[] {
  const m = pool.members[step.member]!;
  const s = pool.system;
  const a = step.amountMinor;
  switch (step.op) {
    case 'deposit': return [[s.clearing, m.centre, a]];
    case 'withdraw': return [[m.centre, m.locked, a], [m.locked, s.clearing, a]];
    case 'venueIn': return [[m.centre, m.venue, a], [s.venueClearing, s.houseCny, a]];
    case 'venueOut': return [[m.venue, m.centre, a]];
    case 'toUsdt': return [[m.centre, s.houseCny, a], [s.houseUsdt, m.usdt, a * 1_400]];
    case 'buyCoin': {
      const money = coinMoney(step);
      return [[m.centre, m.houseCny, money], [m.houseCoin, m.coin, Number.isSafeInteger(money) ? (money / 100) * 10 : money]];
    }
    case 'anyTransfer': {
      const all = [...pool.model.values()];
      return [[all[step.from % all.length]!, all[step.to % all.length]!, a]];
    }
  }
}

/** Whole yuan 1 to 1000 for positive amounts; odd amounts pass through to be refused. */
function coinMoney(step: WalkStep): number {
  const a = step.amountMinor;
  return Number.isSafeInteger(a) && a > 0 ? (((a - 1) % 1_000) + 1) * 100 : a;
}

function coinRule(step: WalkStep): string | undefined {
  try {
    coinsFor(coinMoney(step), 10);
    return undefined;
  } catch (error) {
    return (error as { rule: string }).rule;
  }
}

/** The rule createTransfers must report for this batch, checked in the same order. */
function batchRule(pool: WalkPool, moves: Move[]): string | undefined {
  for (const [debit, credit, amount] of moves) {
    if (!Number.isSafeInteger(amount)) return 'amountMustBeInteger';
    if (amount === 0) return 'amountMustNotBeZero';
    if (amount < 0) return 'amountMustNotBeNegative';
    if (debit.id === credit.id) return 'accountsMustBeDifferent';
  }
  const balance = new Map([...pool.model].map(([id, account]) => [id, account.balanceMinor]));
  for (const [debit, credit, amount] of moves) {
    if (debit.currency !== credit.currency) return 'currencyMismatch';
    if (debit.memberId !== null && balance.get(debit.id)! < amount) return 'exceedsBalance';
    balance.set(debit.id, balance.get(debit.id)! - amount);
    balance.set(credit.id, balance.get(credit.id)! + amount);
  }
  return undefined;
}

function apply(pool: WalkPool, [debit, credit, amount]: Move): void {
  pool.model.get(debit.id)!.balanceMinor -= amount;
  pool.model.get(credit.id)!.balanceMinor += amount;
}
