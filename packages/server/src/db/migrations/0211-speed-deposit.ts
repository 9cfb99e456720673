import type { Migration } from '../migration.js';

/**
 * The fast-to-card (speed, 912) deposit flow on the deposit orders of 0201: the payer's name
 * and when the member confirmed payment (the time to confirm counts from it), the appeal's
 * reason; and the operator-set state of each brand's pay channels (open unless a row says
 * maintenance, disabled or unstaffed), which depositPay refuses with spec section 8 codes.
 */
export const speedDepositMigration: Migration = {
  id: 211,
  name: 'speed deposit: payer name, paid time, appeal reason; pay channel states',
  up: `
ALTER TABLE deposit_orders ADD COLUMN payer_name text NOT NULL DEFAULT '';
ALTER TABLE deposit_orders ADD COLUMN paid_at timestamptz;
ALTER TABLE deposit_orders ADD COLUMN appeal_reason text NOT NULL DEFAULT '';

CREATE TABLE pay_channel_states (
  site_id integer NOT NULL,
  pay_type_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('open', 'maintenance', 'disabled', 'unstaffed')),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, pay_type_id)
);
`,
  down: `
DROP TABLE pay_channel_states;
ALTER TABLE deposit_orders DROP COLUMN appeal_reason;
ALTER TABLE deposit_orders DROP COLUMN paid_at;
ALTER TABLE deposit_orders DROP COLUMN payer_name;
`,
};
