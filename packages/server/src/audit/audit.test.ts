import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { opsAudit, type OpsAuditCheck } from '@lobby/sdk';
import { findRepoRoot } from '../http/repo-paths.js';
import { ensureMemberAccounts } from '../ledger/index.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { reserveTransfer, settleTransfer, transferWithVenue, type SandboxVenueProvider } from '../venues/index.js';

/** Runs `npm run ops -- audit` (scripts/ops.mjs) against a listening server. */
function runOpsAudit(url: string, token: string): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    const root = findRepoRoot();
    const child = spawn(process.execPath, [join(root, 'scripts/ops.mjs'), 'audit', '--url', url, '--token', token], { cwd: root });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout }));
  });
}

describe.each(testEngines())('the operator audit on %s', (engine) => {
  const suite = serverSuite(engine);

  const audit = async () => (await suite.call(opsAudit, {}, { token: suite.opsToken })).body.data;
  const checkOf = (checks: OpsAuditCheck[], name: string) => checks.find((check) => check.name === name)!;
  const unsoundOf = (checks: OpsAuditCheck[]) => checks.filter((check) => !check.sound).map((check) => check.name);
  const venue = () => suite.app.venueProvider as SandboxVenueProvider;
  /** Raw SQL with the ledger's triggers off, as a broken import or a hand edit would write. */
  const withoutTriggers = (sql: string, params: unknown[]) =>
    suite.db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(sql, params);
    });

  it('finds the seeded books sound, venue transfers included, and says what it checked', async () => {
    const { memberId } = await suite.memberWithBalance(100_00);
    const done = await transferWithVenue(suite.db, venue(), { memberId, venueCode: 'LBSPORT', direction: 'in', amountMinor: 40_00, requestKey: 'audit-sound' });
    expect(done.state).toBe('completed');
    const report = await audit();
    expect(report.sound).toBe(true);
    expect(report.checks.map((check) => check.name)).toEqual([
      'ledger.sumsZero',
      'ledger.noNegativeMemberBalance',
      'ledger.balancesTraceable',
      'venues.clearingEqualsInFlight',
      'venues.booksMatchVenue',
      'venues.noStalePending',
      'venues.betFeedsPulled',
    ]);
    expect(report.checks.every((check) => check.findings.length === 0 && check.checked.length > 0)).toBe(true);
    expect(checkOf(report.checks, 'venues.booksMatchVenue').checked).toMatch(/[1-9][0-9]* wallets/);
  });

  it("reports a member's venue balance that the venue changed behind our books", async () => {
    const { memberId } = await suite.memberWithBalance(10_00);
    await transferWithVenue(suite.db, venue(), { memberId, venueCode: 'LBSPORT', direction: 'in', amountMinor: 10_00, requestKey: 'audit-venue' });
    await venue().transferIn({ transferId: `audit-extra-${memberId}`, venueCode: 'LBSPORT', memberId, amountMinor: 5_00 });
    const report = await audit();
    expect(report.sound).toBe(false);
    expect(unsoundOf(report.checks)).toEqual(['venues.booksMatchVenue']);
    expect(checkOf(report.checks, 'venues.booksMatchVenue').findings).toEqual([`member ${memberId} at LBSPORT: our books 10.00 CNY, the venue 15.00 CNY`]);
    await venue().transferOut({ transferId: `audit-undo-${memberId}`, venueCode: 'LBSPORT', memberId, amountMinor: 5_00 });
    expect((await audit()).sound).toBe(true);
  });

  it('reports a transfer left pending past its time, and a clearing account that holds a transfer no longer pending', async () => {
    const { memberId } = await suite.memberWithBalance(10_00);
    const pending = await reserveTransfer(suite.db, { memberId, venueCode: 'LBSPORT', direction: 'in', amountMinor: 3_00, requestKey: 'audit-stale' });
    expect((await audit()).sound).toBe(true);
    await suite.db.query("UPDATE venue_transfers SET created_at = now() - interval '10 minutes' WHERE id = $1", [pending.id]);
    const stale = await audit();
    expect(unsoundOf(stale.checks)).toEqual(['venues.noStalePending']);
    expect(checkOf(stale.checks, 'venues.noStalePending').findings[0]).toMatch(new RegExp(`^transfer ${pending.transferId} \\(member ${memberId}, LBSPORT, 3.00 CNY\\) pending for 6\\d\\d s$`));
    await suite.db.query("UPDATE venue_transfers SET state = 'failed' WHERE id = $1", [pending.id]);
    const stranded = await audit();
    expect(unsoundOf(stranded.checks)).toEqual(['venues.clearingEqualsInFlight']);
    expect(checkOf(stranded.checks, 'venues.clearingEqualsInFlight').findings).toEqual(['venue LBSPORT: clearing holds 3.00 CNY, pending transfers 0.00 CNY']);
    await suite.db.query("UPDATE venue_transfers SET state = 'pending' WHERE id = $1", [pending.id]);
    await settleTransfer(suite.db, pending, { state: 'failed', balanceMinor: 0, reason: 'audit test' });
    expect((await audit()).sound).toBe(true);
  });

  it('reports a ledger row changed by raw SQL past the triggers, and the CLI prints it and exits non-zero', async () => {
    const url = await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const sound = await runOpsAudit(url, suite.opsToken);
    expect(sound.stdout).toMatch(/^audit at .*: SOUND \(7 of 7 checks hold\)$/m);
    expect(sound.stdout).toMatch(/^ {2}ok {4}ledger\.sumsZero: the balances of each currency sum to zero/m);
    expect(sound.code).toBe(0);
    const { memberId } = await suite.memberWithBalance(1_00);
    const { centre } = await suite.db.transaction((tx) => ensureMemberAccounts(tx, memberId));
    await withoutTriggers('UPDATE ledger_accounts SET credits_posted_minor = credits_posted_minor + 100 WHERE id = $1', [centre.id]);
    const report = await audit();
    expect(unsoundOf(report.checks)).toEqual(['ledger.sumsZero', 'ledger.balancesTraceable']);
    expect(checkOf(report.checks, 'ledger.sumsZero').findings).toEqual(['CNY balances sum to 1.00 CNY, not 0']);
    expect(checkOf(report.checks, 'ledger.balancesTraceable').findings).toEqual([
      `account ${centre.id} (member ${memberId} centre CNY) posts debits 0.00 CNY and credits 2.00 CNY; its transfers sum to 0.00 CNY and 1.00 CNY`,
    ]);
    const unsound = await runOpsAudit(url, suite.opsToken);
    expect(unsound.stdout).toMatch(/UNSOUND \(5 of 7 checks hold\)/);
    expect(unsound.stdout).toContain(`          account ${centre.id} (member ${memberId} centre CNY) posts debits 0.00 CNY`);
    expect(unsound.code).toBe(3);
    await withoutTriggers('UPDATE ledger_accounts SET credits_posted_minor = credits_posted_minor - 100 WHERE id = $1', [centre.id]);
    expect((await audit()).sound).toBe(true);
  });
});
