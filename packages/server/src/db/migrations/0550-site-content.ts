import type { Migration } from '../migration.js';

/**
 * Site content per brand (banners, notices, sponsors, navigation, category cards, help,
 * anchor-game images): one JSON document per site, written by the seed or an operator,
 * read by the content calls (src/content/).
 */
export const siteContentMigration: Migration = {
  id: 550,
  name: 'site content',
  up: `
CREATE TABLE site_content (
  site_id integer PRIMARY KEY REFERENCES sites (site_id) ON DELETE CASCADE,
  content jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);`,
  down: `DROP TABLE site_content;`,
};
