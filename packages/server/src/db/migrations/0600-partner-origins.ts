import type { Migration } from '../migration.js';

/**
 * The partner origins of each brand (issue 17; docs/DECISIONS.md, "Partner origins
 * (CORS)"): pages of these origins may make the brand's partner calls from the browser.
 * Stored as the browser sends `Origin` (partners/partner-origin.ts): no path, no wildcard.
 */
export const partnerOriginsMigration: Migration = {
  id: 600,
  name: 'partner origins per brand',
  up: `
CREATE TABLE partner_origins (
  site_id integer NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  origin text NOT NULL CHECK (origin ~ '^https?://[^/?#*@[:space:]]+$' AND length(origin) <= 255),
  added_by text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, origin)
);
`,
  down: 'DROP TABLE partner_origins;',
};
