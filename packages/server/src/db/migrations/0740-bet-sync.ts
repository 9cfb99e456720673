import type { Migration } from '../migration.js';

/**
 * Bet sync (issue 18): where lobby stands in each transfer venue's bet-record feed. A page
 * of records is applied in one transaction together with the advance of its venue's row,
 * so a crash re-pulls the page and applies nothing twice.
 * - `cursor`: the provider's cursor the next pull starts from (null: the feed's start);
 * - `last_sequence`: the highest feed sequence applied; every sequence up to it is applied
 *   (a repeat at or below it is ignored; a gap above it stops the page there);
 * - `last_error`: why the last pull stopped short (timeout, gap, bad record, refused
 *   posting), null after a pull that reached the feed's end. Written outside page
 *   transactions; the audit reports it.
 */
export const betSyncMigration: Migration = {
  id: 740,
  name: 'bet sync',
  up: `
CREATE TABLE bet_sync_cursors (
  venue_code text PRIMARY KEY,
  cursor text,
  last_sequence bigint NOT NULL DEFAULT 0 CHECK (last_sequence >= 0),
  records_applied bigint NOT NULL DEFAULT 0,
  synced_at timestamptz,
  last_error text,
  last_error_at timestamptz
);
`,
  down: 'DROP TABLE bet_sync_cursors;',
};
