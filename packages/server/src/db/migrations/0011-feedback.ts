import type { Migration } from '../migration.js';

/**
 * Member feedback (spec section 3, "Feedback detail") and its images. Images live in the
 * database, so every instance behind a load balancer serves them; each is reached only by
 * its unguessable token (24 random bytes), bound to the member who uploaded it, and
 * attached to at most one feedback.
 */
export const feedbackMigration: Migration = {
  id: 11,
  name: 'member feedback',
  up: `
CREATE TABLE member_feedback (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  type smallint NOT NULL CHECK (type BETWEEN 1 AND 3),
  category smallint NOT NULL CHECK (category BETWEEN 1 AND 6),
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 500),
  reply_content text NOT NULL DEFAULT '',
  replied_at timestamptz,
  replied_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_feedback_member ON member_feedback (member_id, created_at DESC);

CREATE TABLE feedback_images (
  token text PRIMARY KEY CHECK (token ~ '^[A-Za-z0-9_-]{32}$'),
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  feedback_id bigint REFERENCES member_feedback (id) ON DELETE CASCADE,
  position smallint NOT NULL DEFAULT 0,
  media_type text NOT NULL CHECK (media_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 2097152),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_images_feedback ON feedback_images (feedback_id, position) WHERE feedback_id IS NOT NULL;
CREATE INDEX feedback_images_loose ON feedback_images (member_id, created_at) WHERE feedback_id IS NULL;`,
  down: `DROP TABLE feedback_images; DROP TABLE member_feedback;`,
};
