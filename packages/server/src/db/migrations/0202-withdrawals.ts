import type { Migration } from '../migration.js';

/**
 * Withdrawals (spec sections 3 and 4): the member's withdrawal password (a salted scrypt
 * hash), orders, and their draws. A normal or USDT order has one draw with the order's
 * bill number; a fast order splits into draws of type 88888 (`<billNo>-1`, ...). Draw
 * states follow orders/withdrawal/withdrawal-machine.ts. The whole amount moves to the
 * locked wallet when the order is made; each draw leaves it (completed) or returns
 * (expired) by a ledger transfer named for the draw, so it moves at most once.
 */
export const withdrawalsMigration: Migration = {
  id: 202,
  name: 'withdrawal passwords, orders and draws',
  up: `
CREATE TABLE withdraw_passwords (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  password_hash text NOT NULL,
  failed_count integer NOT NULL DEFAULT 0,
  failed_window_start timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE withdrawal_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bill_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members (id),
  site_id integer NOT NULL,
  withdraw_type integer NOT NULL,
  currency text NOT NULL CHECK (currency IN ('CNY', 'USDT')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  payout jsonb NOT NULL DEFAULT '{}',
  order_source smallint NOT NULL DEFAULT 0 CHECK (order_source IN (0, 1, 2)),
  first_draw boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_orders_by_member ON withdrawal_orders (member_id, id);

CREATE TABLE withdrawal_draws (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bill_no text NOT NULL UNIQUE,
  order_bill_no text NOT NULL REFERENCES withdrawal_orders (bill_no),
  member_id bigint NOT NULL REFERENCES members (id),
  withdraw_type integer NOT NULL,
  currency text NOT NULL CHECK (currency IN ('CNY', 'USDT')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  state smallint NOT NULL CHECK (state IN (4011, 4012, 4013, 4014, 4015, 4016)),
  match_result smallint NOT NULL DEFAULT 0,
  timeout_minutes integer NOT NULL,
  expires_at timestamptz NOT NULL,
  appeal text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_draws_by_order ON withdrawal_draws (order_bill_no, id);
CREATE INDEX withdrawal_draws_by_member ON withdrawal_draws (member_id, id);
`,
  down: `
DROP TABLE withdrawal_draws;
DROP TABLE withdrawal_orders;
DROP TABLE withdraw_passwords;
`,
};
