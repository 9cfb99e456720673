import type { Migration } from '../migration.js';

/**
 * Agent commission settlements (issue 21; docs/AGENTS.md "Commission"): one statement per
 * agent and Beijing month, written by the settlement that pays it (its primary key is what
 * makes a month pay once), and the corrections of earlier paid months a statement carries
 * (bet records brought or resettled after those months were paid).
 */
export const agentCommissionMigration: Migration = {
  id: 1111,
  name: 'agent commission statements',
  up: `
CREATE TABLE agent_commission_statements (
  agent_id bigint NOT NULL REFERENCES members (id),
  month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  site_id integer NOT NULL,
  turnover_minor bigint NOT NULL CHECK (turnover_minor >= 0),
  commission_rate_bp integer NOT NULL CHECK (commission_rate_bp BETWEEN 0 AND 10000),
  commission_minor bigint NOT NULL CHECK (commission_minor >= 0),
  adjustment_minor bigint NOT NULL DEFAULT 0,
  carried_minor bigint NOT NULL DEFAULT 0 CHECK (carried_minor <= 0),
  paid_minor bigint NOT NULL CHECK (paid_minor >= 0),
  reference text UNIQUE,
  settled_at timestamptz NOT NULL,
  settled_by text NOT NULL,
  PRIMARY KEY (agent_id, month),
  CHECK (paid_minor = greatest(0, commission_minor + adjustment_minor + carried_minor)),
  CHECK ((paid_minor = 0) = (reference IS NULL))
);
CREATE INDEX agent_commission_statements_site ON agent_commission_statements (site_id, month);

CREATE TABLE agent_commission_adjustments (
  agent_id bigint NOT NULL,
  month text NOT NULL,
  for_month text NOT NULL,
  turnover_delta_minor bigint NOT NULL,
  commission_delta_minor bigint NOT NULL,
  PRIMARY KEY (agent_id, month, for_month),
  CHECK (for_month < month),
  FOREIGN KEY (agent_id, month) REFERENCES agent_commission_statements (agent_id, month),
  FOREIGN KEY (agent_id, for_month) REFERENCES agent_commission_statements (agent_id, month)
);
`,
  down: `
DROP TABLE agent_commission_adjustments;
DROP TABLE agent_commission_statements;
`,
};
