/**
 * A numbered, paired migration. Ranges by area keep numbers from colliding:
 * 0001-0099 platform and members, 0100-0199 ledger and finance, 0200-0299 orders,
 * 0300-0399 chat, 0400-0499 download SDK, 0500-0599 promotions and content.
 */
export interface Migration {
  id: number;
  name: string;
  up: string;
  down: string;
}
