import type { OpsAuditCheck } from '@lobby/sdk';
import type { AuditedAccount, LedgerAudit } from '../ledger/index.js';
import { CURRENCY_DECIMALS, type Currency } from '../ledger/index.js';
import type { VenueAudit } from '../venues/index.js';
import { VENUE_PENDING_MAX_AGE_MS } from '../venues/index.js';

/** Minor units as text in the currency's unit, e.g. `-1.00 CNY`. */
function money(minor: number, currency: Currency): string {
  const decimals = CURRENCY_DECIMALS[currency];
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  return `${sign}${decimals === 0 ? whole : `${whole}.${digits.slice(-decimals)}`} ${currency}`;
}

const cny = (minor: number) => money(minor, 'CNY');

function accountName(account: AuditedAccount): string {
  return `account ${account.id} (${account.memberId === null ? 'system' : `member ${account.memberId}`} ${account.kind} ${account.currency})`;
}

function check(name: string, checked: string, findings: string[]): OpsAuditCheck {
  return { name, checked, sound: findings.length === 0, findings };
}

/** The ledger's three invariants as audit checks. */
export function ledgerChecks(audit: LedgerAudit): OpsAuditCheck[] {
  const sums = Object.entries(audit.sumByCurrency) as [Currency, number][];
  return [
    check(
      'ledger.sumsZero',
      `the balances of each currency sum to zero (${sums.map(([currency]) => currency).join(', ') || 'no accounts yet'})`,
      sums.filter(([, sum]) => sum !== 0).map(([currency, sum]) => `${currency} balances sum to ${money(sum, currency)}, not 0`),
    ),
    check(
      'ledger.noNegativeMemberBalance',
      'no member account is below zero',
      audit.negativeMemberAccounts.map((account) => `${accountName(account)} holds ${money(account.balanceMinor, account.currency)}`),
    ),
    check(
      'ledger.balancesTraceable',
      "every account's posted debits and credits equal the sums of its transfers",
      audit.untraceableAccounts.map(
        (account) =>
          `${accountName(account)} posts debits ${money(account.debitsPostedMinor, account.currency)} and credits ${money(account.creditsPostedMinor, account.currency)}; ` +
          `its transfers sum to ${money(account.transferDebitsMinor, account.currency)} and ${money(account.transferCreditsMinor, account.currency)}`,
      ),
    ),
  ];
}

/** The venue books' four rules as audit checks. */
export function venueChecks(audit: VenueAudit): OpsAuditCheck[] {
  return [
    check(
      'venues.clearingEqualsInFlight',
      "each venue's clearing account holds exactly its transfers in flight (zero when none is pending)",
      audit.clearingMismatches.map((row) => `venue ${row.venueCode}: clearing holds ${cny(row.clearingMinor)}, pending transfers ${cny(row.pendingMinor)}`),
    ),
    check(
      'venues.booksMatchVenue',
      `each member's venue wallet in our books equals the venue's balance (${audit.walletsCompared} wallets without a transfer in flight, asked at the venue)`,
      audit.bookMismatches.map((row) => `member ${row.memberId} at ${row.venueCode}: our books ${cny(row.booksMinor)}, the venue ${cny(row.venueMinor)}`),
    ),
    check(
      'venues.noStalePending',
      `no venue transfer stays pending longer than ${VENUE_PENDING_MAX_AGE_MS / 60_000} minutes (the sweep asks every 30 s)`,
      audit.stalePending.map((row) => `transfer ${row.transferId} (member ${row.memberId}, ${row.venueCode}, ${cny(row.amountMinor)}) pending for ${Math.round(row.ageMs / 1000)} s`),
    ),
    check(
      'venues.betFeedsPulled',
      "each transfer venue's bet-record feed was pulled to its end (bet sync, just before this audit)",
      audit.feedStops.map((row) => `venue ${row.venueCode}: stopped after sequence ${row.lastSequence}: ${row.error}`),
    ),
  ];
}
