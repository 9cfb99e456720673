import type { Migration } from '../migration.js';

/**
 * Gift sends to anchors (spec section 7, "Anchor": gift reward send, gift rank). One row
 * per accepted send; its ledger transfer (coins from the member's coin wallet to the
 * anchor's account `anchor:<id>`) carries the bill number as its order reference. The
 * rank of an anchor's senders is summed from these rows.
 */
export const giftOrdersMigration: Migration = {
  id: 105,
  name: 'gift orders',
  up: `
CREATE TABLE gift_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bill_no text NOT NULL UNIQUE,
  site_id integer NOT NULL,
  member_id bigint NOT NULL,
  anchor_id integer NOT NULL CHECK (anchor_id > 0),
  gift_id integer NOT NULL CHECK (gift_id > 0),
  gift_count integer NOT NULL CHECK (gift_count > 0),
  coins bigint NOT NULL CHECK (coins > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gift_orders_by_anchor ON gift_orders (anchor_id, member_id);
CREATE INDEX gift_orders_by_member ON gift_orders (member_id, id);
`,
  down: `DROP TABLE gift_orders;`,
};
