/**
 * A numbered, paired migration. Ranges by area keep numbers from colliding:
 * 0001-0099 platform and members, 0100-0199 ledger and finance, 0200-0299 orders,
 * 0300-0399 chat, 0400-0499 download SDK, 0500-0599 promotions and content, 0600-0699 partners,
 * 0700-0799 games (0700 bets, 0710 catalogue and launch, 0720 studio, 0730 seamless wallet,
 * 0740 bet sync, 0750 records and turnover), 0800-0899 sports (0800 feed and fixtures, 0820 sportsbook, 0850 news and static, 0860 video host,
 * 0870 live and anchor rooms), 0900-0999 promotions engine.
 */
export interface Migration {
  id: number;
  name: string;
  up: string;
  down: string;
}
