import type { Queryable } from '../../db/database.js';
import type { RoundDetail } from '../../games/game-provider.js';
import { seedBlockOf } from './schedule.js';
import { DRAW_GAME, LIVE_TABLE_GAME, drawTable, liveTable } from './shared-tables.js';
import { findSeed, findRound } from './table-repository.js';
import { roundBlock, type TableBet } from './table-rules.js';

/**
 * One member's bet at a shared round as the provider's verify data (GameProvider
 * `roundDetail`): bet records name a table bet by its bet id (their round id), so the
 * detail is that bet's. Client seed = the table id, nonce = the round number; the server
 * seed shows once the table's next seed block began. Undefined for any other id.
 *
 * @example await tableRoundDetail(db, 'LBLIVE', 'live-LBLIVE:89782884:7:9f2c…')
 */
export async function tableRoundDetail(db: Queryable, venueCode: string, roundId: string): Promise<RoundDetail | undefined> {
  const { rows } = await db.query<{ tableId: string; roundNo: number; memberId: number; bet: TableBet; stakeMinor: number; payoutMinor: number; status: 'open' | 'settled' }>(
    `SELECT table_id AS "tableId", round_no::float8 AS "roundNo", member_id::int AS "memberId", bet, stake_minor::float8 AS "stakeMinor",
            payout_minor::float8 AS "payoutMinor", status FROM studio_table_bets WHERE bet_id = $1 AND venue_code = $2`,
    [roundId, venueCode],
  );
  const bet = rows[0];
  if (!bet) return undefined;
  const table = bet.tableId.startsWith('live-') ? liveTable(venueCode, LIVE_TABLE_GAME) : drawTable(venueCode, DRAW_GAME);
  const block = seedBlockOf(bet.roundNo);
  const seed = await findSeed(db, bet.tableId, block);
  const round = await findRound(db, bet.tableId, bet.roundNo);
  if (!seed) return undefined;
  const revealed = (await findSeed(db, bet.tableId, block + 1)) !== undefined;
  const outcome = round ? table.rules.play((cursor) => roundBlock(seed.serverSeed, bet.tableId, bet.roundNo, cursor), bet.bet) : null;
  return {
    roundId, venueCode, gameCode: table.gameCode, memberId: bet.memberId, serverSeedHash: seed.serverSeedHash, serverSeed: revealed ? seed.serverSeed : null,
    clientSeed: bet.tableId, nonce: bet.roundNo, bet: bet.bet, outcome, stakeMinor: bet.stakeMinor, payoutMinor: bet.status === 'settled' ? bet.payoutMinor : 0,
    status: bet.status === 'settled' ? 'completed' : 'open',
  };
}
