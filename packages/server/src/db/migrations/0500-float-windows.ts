import type { Migration } from '../migration.js';

/**
 * Float windows (spec section 3, "Float window item"): promo images per brand and display
 * equipment (8 is the web), in display order, and the carousel config of each list.
 */
export const floatWindowsMigration: Migration = {
  id: 500,
  name: 'float windows',
  up: `
CREATE TABLE float_windows (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  display_equipment smallint NOT NULL CHECK (display_equipment BETWEEN 1 AND 99),
  sort integer NOT NULL DEFAULT 0,
  web_suspension_icon text NOT NULL CHECK (web_suspension_icon <> ''),
  jump_type smallint NOT NULL CHECK (jump_type IN (1, 2)),
  activity_id bigint,
  activity_type text,
  web_link text NOT NULL DEFAULT '',
  link_type smallint NOT NULL CHECK (link_type IN (1, 2)),
  enabled boolean NOT NULL DEFAULT true,
  CHECK (jump_type = 1 OR activity_id IS NOT NULL)
);
CREATE INDEX float_windows_list ON float_windows (site_id, display_equipment, sort) WHERE enabled;
CREATE TABLE float_window_lists (
  site_id integer NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  display_equipment smallint NOT NULL CHECK (display_equipment BETWEEN 1 AND 99),
  closeable boolean NOT NULL DEFAULT true,
  time_seconds integer NOT NULL DEFAULT 3 CHECK (time_seconds BETWEEN 1 AND 60),
  PRIMARY KEY (site_id, display_equipment)
);`,
  down: `DROP TABLE float_window_lists; DROP TABLE float_windows;`,
};
