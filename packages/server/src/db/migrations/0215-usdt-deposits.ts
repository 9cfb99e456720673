import type { Migration } from '../migration.js';

/**
 * USDT deposit orders (pay type 2120): the deposit order itself is a row of
 * deposit_orders (same states, events, expiry and callbacks); this row says where the
 * member sends the USDT and what confirmation credits. Route 'usdt' credits `credit_minor`
 * micro-USDT to the USDT wallet; route 'rmb' credits `credit_minor` fen to the centre
 * wallet (and the house takes the USDT). `deposit_orders.amount_minor` is the yuan value
 * (fen): route 'rmb' the yuan credited, route 'usdt' the USDT at the rate, rounded down.
 */
export const usdtDepositsMigration: Migration = {
  id: 215,
  name: 'USDT deposit orders',
  up: `
CREATE TABLE usdt_deposit_orders (
  bill_no text PRIMARY KEY REFERENCES deposit_orders (bill_no),
  route text NOT NULL CHECK (route IN ('rmb', 'usdt')),
  merchant_no text NOT NULL,
  protocol text NOT NULL CHECK (protocol IN ('TRC20', 'ERC20')),
  address text NOT NULL,
  usdt_minor bigint NOT NULL CHECK (usdt_minor > 0),
  rate_e5 bigint NOT NULL CHECK (rate_e5 > 0),
  credit_currency text NOT NULL CHECK (credit_currency IN ('CNY', 'USDT')),
  credit_minor bigint NOT NULL CHECK (credit_minor > 0),
  CHECK ((route = 'rmb' AND credit_currency = 'CNY') OR (route = 'usdt' AND credit_currency = 'USDT' AND credit_minor = usdt_minor))
);
`,
  down: `
DROP TABLE usdt_deposit_orders;
`,
};
