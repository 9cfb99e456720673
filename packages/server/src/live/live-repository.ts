import { COIN_RANK_DAYS, COIN_RANK_SIZE, type CallResponse, type homeSport } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { maskName } from '../anchor/gifts.js';
import { defaultSetup, insertRoom } from '../chat/room-repository.js';

/** The brand's control switches 3 (anchor) and 4 (sports); both open unless turned off. */
export async function liveSwitches(db: Queryable, siteId: number): Promise<{ anchorOpen: boolean; sportsOpen: boolean }> {
  const { rows } = await db.query<{ anchorOpen: boolean; sportsOpen: boolean }>(
    'SELECT anchor_open AS "anchorOpen", sports_open AS "sportsOpen" FROM live_switches WHERE site_id = $1',
    [siteId],
  );
  return rows[0] ?? { anchorOpen: true, sportsOpen: true };
}

export async function setLiveSwitch(db: Queryable, siteId: number, switchType: 3 | 4, open: boolean): Promise<void> {
  const column = switchType === 3 ? 'anchor_open' : 'sports_open';
  await db.query(
    `INSERT INTO live_switches (site_id, ${column}) VALUES ($1, $2) ON CONFLICT (site_id) DO UPDATE SET ${column} = $2`,
    [siteId, open],
  );
}

/**
 * The chat room of an anchor room, created on first use (topic: the room's title), so a
 * new room of the video host has its chat the first time a member opens it.
 */
export async function chatRoomOf(db: Queryable, siteId: number, roomId: string, topic: string): Promise<number> {
  const found = await db.query<{ id: number }>('SELECT chat_room_id AS id FROM live_room_chats WHERE site_id = $1 AND room_id = $2', [siteId, roomId]);
  if (found.rows[0]) return found.rows[0].id;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO live_room_chats (site_id, room_id, chat_room_id) VALUES ($1, $2, nextval('live_room_chat_ids'))
     ON CONFLICT (site_id, room_id) DO UPDATE SET room_id = EXCLUDED.room_id RETURNING chat_room_id AS id`,
    [siteId, roomId],
  );
  const id = rows[0]!.id;
  await insertRoom(db, { id, siteId, setup: defaultSetup(topic) });
  return id;
}

/** Follows or unfollows; answers the state and the target's follower count. */
export async function setWatch(db: Queryable, memberId: number, type: string, id: string, watching: boolean): Promise<void> {
  if (watching) {
    await db.query('INSERT INTO live_watches (member_id, target_type, target_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [memberId, type, id]);
  } else {
    await db.query('DELETE FROM live_watches WHERE member_id = $1 AND target_type = $2 AND target_id = $3', [memberId, type, id]);
  }
}

export async function watchOf(db: Queryable, memberId: number, type: string, id: string): Promise<{ watching: boolean; watchers: number }> {
  const { rows } = await db.query<{ watching: boolean; watchers: string | number }>(
    `SELECT coalesce(bool_or(member_id = $1), false) AS watching, count(*) AS watchers
       FROM live_watches WHERE target_type = $2 AND target_id = $3`,
    [memberId, type, id],
  );
  return { watching: rows[0]!.watching, watchers: Number(rows[0]!.watchers) };
}

type CoinRank = CallResponse<typeof homeSport>['coinRankList'];

/** The brand's top gift senders over the last COIN_RANK_DAYS days, across every anchor; ties to who got there first. */
export async function coinRankOf(db: Queryable, siteId: number, nowMs: number): Promise<CoinRank> {
  const since = new Date(nowMs - COIN_RANK_DAYS * 24 * 60 * 60_000);
  const { rows } = await db.query<{ name: string; coins: string | number }>(
    `SELECT m.name, sum(g.coins) AS coins
       FROM gift_orders g JOIN members m ON m.id = g.member_id
      WHERE g.site_id = $1 AND g.created_at >= $2
      GROUP BY g.member_id, m.name
      ORDER BY sum(g.coins) DESC, max(g.id) ASC
      LIMIT $3`,
    [siteId, since, COIN_RANK_SIZE],
  );
  return rows.map((row, i) => ({ rank: i + 1, name: maskName(row.name), coins: Number(row.coins) }));
}

/**
 * Records the buy-gold event of a member's coin purchase: against the latest of the
 * member's coin orders with exactly these coins and yuan that has no event yet. Answers
 * undefined when the member has no such order; `recorded: false` when every such order has
 * its event already (the same event sent twice).
 */
export async function recordBuyGold(
  db: Queryable,
  event: { memberId: number; goldCount: number; rechargeMinor: number; roomId: string | null },
): Promise<{ billNo: string; recorded: boolean } | undefined> {
  const inserted = await db.query<{ billNo: string }>(
    `INSERT INTO anchor_buy_gold_events (bill_no, member_id, gold_count, recharge_amount_minor, room_id)
     SELECT o.bill_no, o.member_id, o.coins, o.money_minor, $4 FROM coin_orders o
      WHERE o.member_id = $1 AND o.coins = $2 AND o.money_minor = $3
        AND NOT EXISTS (SELECT 1 FROM anchor_buy_gold_events e WHERE e.bill_no = o.bill_no)
      ORDER BY o.id DESC LIMIT 1
     ON CONFLICT (bill_no) DO NOTHING
     RETURNING bill_no AS "billNo"`,
    [event.memberId, event.goldCount, event.rechargeMinor, event.roomId],
  );
  if (inserted.rows[0]) return { billNo: inserted.rows[0].billNo, recorded: true };
  const { rows } = await db.query<{ billNo: string }>(
    'SELECT bill_no AS "billNo" FROM coin_orders WHERE member_id = $1 AND coins = $2 AND money_minor = $3 ORDER BY id DESC LIMIT 1',
    [event.memberId, event.goldCount, event.rechargeMinor],
  );
  return rows[0] ? { billNo: rows[0].billNo, recorded: false } : undefined;
}
