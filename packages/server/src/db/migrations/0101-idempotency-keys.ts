import type { Migration } from '../migration.js';

/**
 * Idempotency keys (Stripe style) for every call that moves money. A key is claimed by
 * inserting its row inside the same transaction as the money moves and completed with
 * the response before commit, so a crash leaves either nothing or a finished key.
 * `in_progress` rows become visible only for work that must outlive one transaction
 * (calls to outside providers). Rows are kept at least 24 hours, then purged.
 */
export const idempotencyKeysMigration: Migration = {
  id: 101,
  name: 'idempotency keys',
  up: `
CREATE TABLE idempotency_keys (
  scope text NOT NULL CHECK (length(scope) BETWEEN 1 AND 100),
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  call_name text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_progress', 'completed')),
  response_json text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (scope, key),
  CONSTRAINT idempotency_keys_completed_has_response
    CHECK ((state = 'completed') = (response_json IS NOT NULL AND completed_at IS NOT NULL))
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
`,
  down: `DROP TABLE idempotency_keys;`,
};
