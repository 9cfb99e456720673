import type { Migration } from '../migration.js';

/** Sticky inbox messages (spec section 7, "Messages ... sticky"): pinned by the operator, listed first. */
export const messageStickyMigration: Migration = {
  id: 10,
  name: 'sticky member messages',
  up: `ALTER TABLE member_messages ADD COLUMN sticky boolean NOT NULL DEFAULT false;`,
  down: `ALTER TABLE member_messages DROP COLUMN sticky;`,
};
