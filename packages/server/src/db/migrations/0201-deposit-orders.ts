import type { Migration } from '../migration.js';

/**
 * Deposit orders (spec sections 3 and 4) and the payment callbacks received for them.
 * `state` follows the pure table in orders/deposit/deposit-machine.ts; every change is
 * kept in `order_events`. A callback is stored once per (provider, event id), so a
 * provider that repeats its callback changes nothing the second time. Money moves only
 * through ledger transfers whose reference names the order, so it moves at most once.
 */
export const depositOrdersMigration: Migration = {
  id: 201,
  name: 'deposit orders, order events, payment callbacks',
  up: `
CREATE TABLE deposit_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bill_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members (id),
  site_id integer NOT NULL,
  pay_type_id text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  discount_minor bigint NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
  state smallint NOT NULL CHECK (state IN (101, 102, 103, 104, 105)),
  provider text NOT NULL,
  provider_ref text,
  recipient jsonb NOT NULL DEFAULT '{}',
  depositor_name text NOT NULL DEFAULT '',
  timeout_minutes integer NOT NULL,
  expires_at timestamptz NOT NULL,
  urge_count integer NOT NULL DEFAULT 0,
  urged_at timestamptz,
  appeal text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  tip_shown boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposit_orders_by_member ON deposit_orders (member_id, id);
-- At most one active (101, 102) order per member: a second depositPay gets hasOtherOne.
CREATE UNIQUE INDEX deposit_orders_one_active ON deposit_orders (member_id) WHERE state IN (101, 102);

CREATE TABLE order_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal')),
  bill_no text NOT NULL,
  event text NOT NULL,
  from_state smallint,
  to_state smallint NOT NULL,
  actor text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_by_bill ON order_events (bill_no, id);

CREATE TABLE payment_callbacks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider text NOT NULL,
  event_id text NOT NULL,
  bill_no text NOT NULL,
  outcome text NOT NULL,
  result text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, event_id)
);
`,
  down: `
DROP TABLE payment_callbacks;
DROP TABLE order_events;
DROP TABLE deposit_orders;
`,
};
