import type { Migration } from '../migration.js';

/**
 * Yuebao open or closed per brand (issue 8; spec section 3 "Balance interest": status).
 * No row means open; an operator closes or reopens it with opsYuebaoStatus.
 */
export const yuebaoSiteStatusMigration: Migration = {
  id: 575,
  name: 'yuebao status per brand',
  up: `
CREATE TABLE yuebao_site_status (
  site_id integer PRIMARY KEY REFERENCES sites (site_id) ON DELETE CASCADE,
  status smallint NOT NULL CHECK (status IN (0, 1)),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  down: 'DROP TABLE yuebao_site_status;',
};
