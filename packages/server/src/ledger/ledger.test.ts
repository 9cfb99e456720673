import { describe, expect, it } from 'vitest';
import { testEngines } from '../testing/databases.js';
import { databaseSuite } from '../testing/server-suite.js';
import {
  LedgerError,
  accountById,
  applyTransfers,
  auditLedger,
  createTransfer,
  createTransfers,
  ensureAccounts,
  ensureMemberAccounts,
  ensureSystemAccount,
  seedDeposit,
  transfersOfOrder,
  type TransferInput,
} from './index.js';
import { ledgerErrorFromDatabase } from './ledger-error.js';

describe.each(testEngines())('ledger on %s', (engine) => {
  const suite = databaseSuite(engine);
  let nextMemberId = 1_000;

  /** A new member with `amountMinor` yuan minor units in the centre wallet. */
  async function fundedMember(amountMinor: number) {
    const memberId = nextMemberId++;
    return suite.db.transaction(async (tx) => {
      if (amountMinor > 0) await seedDeposit(tx, memberId, amountMinor, `test-seed:${memberId}`);
      const accounts = await ensureMemberAccounts(tx, memberId);
      const house = await ensureSystemAccount(tx, 'house', 'CNY');
      return { memberId, ...accounts, house };
    });
  }

  async function refusal(input: Partial<TransferInput> & Pick<TransferInput, 'debitAccountId' | 'creditAccountId'>) {
    const transfer: TransferInput = { amountMinor: 100, currency: 'CNY', code: 'test', reference: `r${Math.random()}`, ...input };
    const error = await suite.db.transaction((tx) => createTransfer(tx, transfer)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerError);
    return (error as LedgerError).rule;
  }

  it('creates the standard wallets of a member once, each in its currency, flagged', async () => {
    const first = await suite.db.transaction((tx) => ensureMemberAccounts(tx, 7));
    const again = await suite.db.transaction((tx) => ensureMemberAccounts(tx, 7));
    expect(again).toEqual(first);
    expect(Object.fromEntries(Object.entries(first).map(([kind, a]) => [kind, a.currency]))).toEqual({
      centre: 'CNY', locked: 'CNY', usdt: 'USDT', usdt_locked: 'USDT', coin: 'COIN', yuebao: 'CNY', bonus: 'CNY',
    });
    expect(Object.values(first).every((a) => a.flags === 1 && a.balanceMinor === 0)).toBe(true);
  });

  it('moves money between two accounts and keeps the ledger balanced', async () => {
    const m = await fundedMember(50_00);
    const transfer = await suite.db.transaction((tx) =>
      createTransfer(tx, { debitAccountId: m.centre.id, creditAccountId: m.house.id, amountMinor: 12_34, currency: 'CNY',
        code: 'test', reference: `move:${m.memberId}`, orderReference: `order:${m.memberId}` }));
    expect(transfer).toMatchObject({ amountMinor: 12_34, currency: 'CNY', code: 'test' });
    expect((await accountById(suite.db, m.centre.id))!.balanceMinor).toBe(37_66);
    expect(await transfersOfOrder(suite.db, `order:${m.memberId}`)).toEqual([transfer]);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it('names every broken rule and applies nothing', async () => {
    const m = await fundedMember(10_00);
    const coinHouse = await suite.db.transaction((tx) => ensureSystemAccount(tx, 'house', 'COIN'));
    const centre = m.centre.id;
    expect(await refusal({ debitAccountId: centre, creditAccountId: m.house.id, amountMinor: 0 })).toBe('amountMustNotBeZero');
    expect(await refusal({ debitAccountId: centre, creditAccountId: m.house.id, amountMinor: -5 })).toBe('amountMustNotBeNegative');
    expect(await refusal({ debitAccountId: centre, creditAccountId: m.house.id, amountMinor: 1.5 })).toBe('amountMustBeInteger');
    expect(await refusal({ debitAccountId: centre, creditAccountId: centre })).toBe('accountsMustBeDifferent');
    expect(await refusal({ debitAccountId: centre, creditAccountId: coinHouse.id })).toBe('currencyMismatch');
    expect(await refusal({ debitAccountId: centre, creditAccountId: m.house.id, currency: 'USDT' })).toBe('currencyMismatch');
    expect(await refusal({ debitAccountId: centre, creditAccountId: 9_999_999 })).toBe('accountNotFound');
    expect(await refusal({ debitAccountId: centre, creditAccountId: m.house.id, amountMinor: 10_01 })).toBe('exceedsBalance');
    expect(await refusal({ debitAccountId: centre, creditAccountId: m.house.id, reference: '' })).toBe('referenceMustNotBeEmpty');
    expect(await refusal({ debitAccountId: centre, creditAccountId: m.house.id, reference: `test-seed:${m.memberId}` })).toBe('exists');
    expect((await accountById(suite.db, centre))!.balanceMinor).toBe(10_00);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it('applies a linked batch all or none', async () => {
    const m = await fundedMember(10_00);
    const batch = (second: number): TransferInput[] => [
      { debitAccountId: m.centre.id, creditAccountId: m.house.id, amountMinor: 6_00, currency: 'CNY', code: 'test', reference: `b1:${m.memberId}:${second}` },
      { debitAccountId: m.centre.id, creditAccountId: m.house.id, amountMinor: second, currency: 'CNY', code: 'test', reference: `b2:${m.memberId}:${second}` },
    ];
    const error = await suite.db.transaction((tx) => createTransfers(tx, batch(4_01))).catch((e: unknown) => e);
    expect((error as LedgerError).rule).toBe('exceedsBalance');
    expect((await accountById(suite.db, m.centre.id))!.balanceMinor).toBe(10_00);
    await suite.db.transaction((tx) => createTransfers(tx, batch(4_00)));
    expect((await accountById(suite.db, m.centre.id))!.balanceMinor).toBe(0);
  });

  it('lets system accounts go below zero', async () => {
    const m = await fundedMember(1_00);
    const clearing = await suite.db.transaction((tx) => ensureSystemAccount(tx, 'payment_clearing:sandbox', 'CNY'));
    expect((await accountById(suite.db, clearing.id))!.balanceMinor).toBeLessThan(0);
    expect(m.centre.balanceMinor).toBe(1_00);
  });

  it('refuses an overdraft by database constraint even when code does not check', async () => {
    const m = await fundedMember(5_00);
    const error = await suite.db
      .query(`INSERT INTO ledger_transfers (reference, debit_account_id, credit_account_id, amount_minor, currency, code)
              VALUES ($1, $2, $3, $4, 'CNY', 'raw')`, [`raw:${m.memberId}`, m.centre.id, m.house.id, 5_01])
      .catch((e: unknown) => e);
    expect((error as { constraint?: string }).constraint).toBe('ledger_accounts_debits_must_not_exceed_credits');
    const member = await suite.db.query(`INSERT INTO ledger_accounts (member_id, kind, currency, flags) VALUES (1, 'raw', 'CNY', 0)`).catch((e: unknown) => e);
    expect((member as { constraint?: string }).constraint).toBe('ledger_accounts_member_flagged');
    expect((await accountById(suite.db, m.centre.id))!.balanceMinor).toBe(5_00);
  });

  it('refuses by database rule a raw transfer naming a missing account or one of another currency, the whole statement', async () => {
    const m = await fundedMember(5_00);
    const coinHouse = await suite.db.transaction((tx) => ensureSystemAccount(tx, 'house', 'COIN'));
    const raw = (rows: Array<[string, number, number, string]>) =>
      suite.db
        .query(
          `INSERT INTO ledger_transfers (reference, debit_account_id, credit_account_id, amount_minor, currency, code)
           SELECT r, d, c, 100, cur, 'raw' FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[]) AS t(r, d, c, cur)`,
          [rows.map((row) => row[0]), rows.map((row) => row[1]), rows.map((row) => row[2]), rows.map((row) => row[3])],
        )
        .catch((e: unknown) => e);
    const ok: [string, number, number, string] = [`raw-ok:${m.memberId}`, m.centre.id, m.house.id, 'CNY'];
    for (const bad of [
      [`raw-coin:${m.memberId}`, m.centre.id, coinHouse.id, 'CNY'],
      [`raw-usdt:${m.memberId}`, m.centre.id, m.house.id, 'USDT'],
      [`raw-none:${m.memberId}`, m.centre.id, 9_999_999, 'CNY'],
    ] as Array<[string, number, number, string]>) {
      const error = await raw([ok, bad]);
      expect((error as { constraint?: string }).constraint).toBe('ledger_transfers_account_currency');
      expect((ledgerErrorFromDatabase(error) as LedgerError).rule).toBe('currencyMismatch');
    }
    expect((await suite.db.query('SELECT 1 FROM ledger_transfers WHERE reference LIKE $1', [`raw-%:${m.memberId}`])).rows).toHaveLength(0);
    expect((await accountById(suite.db, m.centre.id))!.balanceMinor).toBe(5_00);
    expect(await raw([ok])).toMatchObject({ rowCount: 1 });
    expect((await accountById(suite.db, m.centre.id))!.balanceMinor).toBe(4_00);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it('keeps transfer codes and account kinds to their shapes by database rule, up to 64 characters', async () => {
    const m = await fundedMember(5_00);
    const transferWith = (code: string) =>
      suite.db
        .query(`INSERT INTO ledger_transfers (reference, debit_account_id, credit_account_id, amount_minor, currency, code)
                VALUES ($1, $2, $3, 1, 'CNY', $4)`, [`shape:${m.memberId}:${code}`, m.centre.id, m.house.id, code])
        .then(() => 'taken', (e: { constraint?: string }) => e.constraint);
    expect(await transferWith(`a${'b'.repeat(63)}`)).toBe('taken');
    expect(await transferWith('x_9')).toBe('taken');
    for (const code of [`a${'b'.repeat(64)}`, '9a', '_a', 'aB', 'a-b', 'a b', 'a\nb', '']) {
      expect(await transferWith(code), code).toBe('ledger_transfers_code_check');
    }
    const accountOfKind = (kind: string) =>
      suite.db
        .query(`INSERT INTO ledger_accounts (member_id, kind, currency) VALUES (NULL, $1, 'CNY')`, [kind])
        .then(() => 'taken', (e: { constraint?: string }) => e.constraint);
    for (const kind of ['shape_house', `venue:${'V'.repeat(64)}`, 'venue_play:a.b-C_9', `${'a'.repeat(80)}:x`]) {
      expect(await accountOfKind(kind), kind).toBe('taken');
    }
    for (const kind of [`venue:${'V'.repeat(65)}`, 'venue:', 'Venue:x', 'venue:a:b', 'venue:a b', ':x', '9x', 'venue:a\nb']) {
      expect(await accountOfKind(kind), kind).toBe('ledger_accounts_kind_check');
    }
    expect((await accountById(suite.db, m.centre.id))!.balanceMinor).toBe(5_00 - 2);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });

  it.skipIf(engine.name !== 'postgres')('finds accounts locked for a balance change when asked, until the transaction ends', async () => {
    const m = await fundedMember(5_00);
    const keys = [{ memberId: m.memberId, kind: 'centre', currency: 'CNY' as const }, { memberId: null, kind: 'house', currency: 'CNY' as const }];
    const fromElsewhere = (id: number) =>
      suite.db.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR NO KEY UPDATE NOWAIT', [id]).then(() => 'free', (e: { code?: string }) => e.code);
    await suite.db.transaction(async (tx) => {
      const [centre, house] = await ensureAccounts(tx, keys);
      expect(await fromElsewhere(centre!.id)).toBe('free');
      await ensureAccounts(tx, keys, { lock: true });
      expect(await fromElsewhere(centre!.id)).toBe('55P03');
      expect(await fromElsewhere(house!.id)).toBe('55P03');
      const { balancesMinor } = await applyTransfers(tx, [{ debitAccountId: centre!.id, creditAccountId: house!.id, amountMinor: 1_00, currency: 'CNY', code: 'test', reference: `locked:${m.memberId}` }], new Map([[centre!.id, centre!], [house!.id, house!]]));
      expect(balancesMinor.get(centre!.id)).toBe(4_00);
    });
    expect(await fromElsewhere(m.centre.id)).toBe('free');
    expect((await accountById(suite.db, m.centre.id))!.balanceMinor).toBe(4_00);
  });

  it('changes balances only through transfers', async () => {
    const m = await fundedMember(5_00);
    await expect(suite.db.query('UPDATE ledger_accounts SET credits_posted_minor = 10000000 WHERE id = $1', [m.centre.id])).rejects.toThrow(/only through transfers/);
    await expect(suite.db.query('UPDATE ledger_accounts SET kind = $2 WHERE id = $1', [m.centre.id, 'locked'])).rejects.toThrow(/identity is immutable/);
    await expect(suite.db.query('DELETE FROM ledger_accounts WHERE id = $1', [m.centre.id])).rejects.toThrow(/never deleted/);
    await expect(suite.db.query(`INSERT INTO ledger_accounts (kind, currency, credits_posted_minor) VALUES ('house', 'USDT', 5)`)).rejects.toThrow(/start empty/);
    expect((await accountById(suite.db, m.centre.id))!.balanceMinor).toBe(5_00);
  });

  it('keeps transfers immutable', async () => {
    const m = await fundedMember(5_00);
    const reference = `test-seed:${m.memberId}`;
    await expect(suite.db.query('UPDATE ledger_transfers SET amount_minor = 1 WHERE reference = $1', [reference])).rejects.toThrow(/immutable/);
    await expect(suite.db.query('DELETE FROM ledger_transfers WHERE reference = $1', [reference])).rejects.toThrow(/immutable/);
    await expect(suite.db.exec('TRUNCATE ledger_transfers')).rejects.toThrow(/immutable/);
    expect((await suite.db.query('SELECT 1 FROM ledger_transfers WHERE reference = $1', [reference])).rows).toHaveLength(1);
    expect((await auditLedger(suite.db)).ok).toBe(true);
  });
});
