import type { Migration } from '../migration.js';

/**
 * Coin purchases (spec section 7, "Anchor"; section 9: 10 coins per yuan by default).
 * One row per accepted purchase; its two ledger transfers carry the bill number as their
 * order reference (yuan from the centre wallet to the house, coins from the house to the
 * member's coin wallet).
 */
export const coinOrdersMigration: Migration = {
  id: 102,
  name: 'coin orders',
  up: `
CREATE TABLE coin_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bill_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL,
  money_minor bigint NOT NULL CHECK (money_minor > 0),
  coins bigint NOT NULL CHECK (coins > 0),
  coin_rate integer NOT NULL CHECK (coin_rate > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coin_orders_by_member ON coin_orders (member_id, id);
`,
  down: `DROP TABLE coin_orders;`,
};
