import type { Migration } from '../migration.js';

/**
 * Football campaigns (issue 21; docs/CAMPAIGNS.md). Owned by helper C4; the range 1100-1109 is its.
 * The campaigns are activities of the promotion engine (`promo_activities`, kinds
 * football_guess, carnival, football_shot); their money moves through `promo_claims` and the
 * ledger. These tables hold what is theirs alone:
 * - `campaign_guesses`: one guess of a member on a fixture of the sports feed, settled by
 *   the match's result (`open` → `won` / `lost` / `void`);
 * - `campaign_votes`: a member's vote for a carnival star, one a Beijing day;
 * - `campaign_shots`: a football shot's commitment (seed hash) and, after the kick, its
 *   outcome and revealed seed; demo shots have no activity and no member.
 */
export const campaignsMigration: Migration = {
  id: 1100,
  name: 'football campaigns',
  up: `
CREATE TABLE campaign_guesses (
  id bigserial PRIMARY KEY,
  activity_id integer NOT NULL REFERENCES promo_activities (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  fixture_id text NOT NULL,
  pick text NOT NULL,
  terms_version integer NOT NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'won', 'lost', 'void')),
  reward_minor bigint NOT NULL DEFAULT 0 CHECK (reward_minor >= 0),
  note text NOT NULL DEFAULT '',
  placed_at timestamptz NOT NULL,
  settled_at timestamptz,
  UNIQUE (activity_id, member_id, fixture_id)
);
CREATE INDEX campaign_guesses_open ON campaign_guesses (fixture_id) WHERE state = 'open';
CREATE INDEX campaign_guesses_member ON campaign_guesses (member_id, activity_id);

CREATE TABLE campaign_votes (
  activity_id integer NOT NULL REFERENCES promo_activities (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  day date NOT NULL,
  star_id text NOT NULL,
  voted_at timestamptz NOT NULL,
  PRIMARY KEY (activity_id, member_id, day)
);
CREATE INDEX campaign_votes_star ON campaign_votes (activity_id, star_id);

CREATE TABLE campaign_shots (
  id bigserial PRIMARY KEY,
  activity_id integer REFERENCES promo_activities (id) ON DELETE CASCADE,
  member_id bigint REFERENCES members (id) ON DELETE CASCADE,
  day date,
  nonce integer NOT NULL,
  client_seed text NOT NULL,
  server_seed text NOT NULL,
  seed_hash text NOT NULL,
  direction smallint CHECK (direction BETWEEN 0 AND 2),
  keeper smallint CHECK (keeper BETWEEN 0 AND 2),
  goal boolean,
  prize_minor bigint NOT NULL DEFAULT 0 CHECK (prize_minor >= 0),
  created_at timestamptz NOT NULL,
  kicked_at timestamptz,
  CHECK ((activity_id IS NULL) = (member_id IS NULL))
);
CREATE INDEX campaign_shots_member ON campaign_shots (activity_id, member_id, day);
CREATE INDEX campaign_shots_demo ON campaign_shots (created_at) WHERE activity_id IS NULL;
`,
  down: 'DROP TABLE campaign_shots; DROP TABLE campaign_votes; DROP TABLE campaign_guesses;',
};
