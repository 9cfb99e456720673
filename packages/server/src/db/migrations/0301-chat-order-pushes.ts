import type { Migration } from '../migration.js';

/**
 * Order pushes (issue 6; spec section 3, "Chat room", orderPushList: orderId, orderFollow):
 * an order entry keeps its bet order id and follow flag, once per room and order, so a
 * repeated push stores nothing new. Rooms' setups lose the old `orderPushList` field (it
 * was never written by anything) and gain `orderPush`, off.
 */
export const chatOrderPushesMigration: Migration = {
  id: 301,
  name: 'chat-order-pushes',
  up: `
ALTER TABLE chat_messages ADD COLUMN order_id text, ADD COLUMN order_follow smallint CHECK (order_follow IN (0, 1));
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_order_fields CHECK ((kind = 'order') = (order_id IS NOT NULL AND order_follow IS NOT NULL));
CREATE UNIQUE INDEX chat_messages_order_once ON chat_messages (room_id, order_id) WHERE order_id IS NOT NULL;
UPDATE chat_rooms SET setup = (setup - 'orderPushList') || '{"orderPush": false}'::jsonb WHERE NOT setup ? 'orderPush';
`,
  down: `
UPDATE chat_rooms SET setup = (setup - 'orderPush') || '{"orderPushList": []}'::jsonb;
DROP INDEX chat_messages_order_once;
ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_order_fields;
ALTER TABLE chat_messages DROP COLUMN order_follow, DROP COLUMN order_id;
`,
};
