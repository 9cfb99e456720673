import type { Migration } from '../migration.js';
import { rpSeamlessBet1210 } from './1210-responsible-bet-door-one-pass.js';

/**
 * Disabled members (docs/DECISIONS.md, "Disabled members"): the operator's disable and its
 * lifting, kept with who and why (`member_status_changes`, never edited); a member's
 * status moving to or from disabled (3) notifies the session caches as a name or site
 * change does (migration 0108), since a disabled member's sessions no longer count; and the
 * seamless bet's one statement (`rp_seamless_bet`, migration 1210) writes nothing for a
 * disabled member's new transaction id, so the TypeScript door (seamless-service.ts
 * guardedBet) refuses it with PLAYER_BLOCKED. The status is read after the member's lock,
 * which the disable takes too: a bet either comes before the disable or is refused.
 */
export const memberDisableMigration: Migration = {
  id: 1230,
  name: 'disabled members: status changes kept, sessions and seamless bets refused',
  up: `
CREATE TABLE member_status_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  from_status smallint NOT NULL CHECK (from_status IN (1, 2, 3)),
  to_status smallint NOT NULL CHECK (to_status IN (1, 2, 3)),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL
);
CREATE INDEX member_status_changes_member ON member_status_changes (member_id, id);

-- sessions_notify() of migration 0108; a row trigger here, so that only a move to or from 3 notifies.
CREATE TRIGGER members_disable_notify AFTER UPDATE OF status ON members
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND (OLD.status = 3 OR NEW.status = 3))
  EXECUTE FUNCTION sessions_notify();

CREATE OR REPLACE FUNCTION rp_seamless_bet(
  p_provider text, p_tx text, p_hash text, p_round text, p_member bigint, p_venue text, p_game text, p_amount bigint,
  p_at timestamptz, p_play text, p_reference text, p_ok text, p_funds text, p_closed text, p_late text
) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rp_lock_members(ARRAY[p_member]);
  -- A transaction id lobby has seen goes on to its kept answer; a new one only for a member
  -- not disabled and when every limit leaves room.
  IF (NOT rp_bet_clear(p_member, p_amount, p_at) OR EXISTS (SELECT 1 FROM members WHERE id = p_member AND status = 3))
     AND NOT EXISTS (SELECT 1 FROM seamless_transactions WHERE provider_id = p_provider AND transaction_id = p_tx) THEN
    RETURN NULL;
  END IF;
  RETURN seamless_bet(p_provider, p_tx, p_hash, p_round, p_member, p_venue, p_game, p_amount, p_at, p_play, p_reference, p_ok, p_funds, p_closed, p_late);
END $$;
`,
  down: `
CREATE OR REPLACE FUNCTION ${rpSeamlessBet1210}
DROP TRIGGER members_disable_notify ON members;
DROP TABLE member_status_changes;
`,
};
