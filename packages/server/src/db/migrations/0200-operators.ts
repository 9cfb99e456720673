import type { Migration } from '../migration.js';

/**
 * Back-office operators (issue 3, item 11). Each operator has one bearer token for the
 * operator API (/ops/v1/...); the table keeps only its SHA-256, never the token.
 */
export const operatorsMigration: Migration = {
  id: 200,
  name: 'operators',
  up: `
CREATE TABLE operators (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9_-]{1,32}$'),
  token_hash text NOT NULL UNIQUE,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  down: `DROP TABLE operators;`,
};
