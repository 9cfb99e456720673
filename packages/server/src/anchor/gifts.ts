import { randomBytes } from 'node:crypto';
import type { CallResponse, giftConfigList, giftRank, giftRewardSend } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { LedgerError, applyTransfers, ensureAccounts } from '../ledger/index.js';
import { badge } from '../seed/badge.js';

type GiftConfig = CallResponse<typeof giftConfigList>['list'][number];

/**
 * The gifts of a brand (spec section 7, "Anchor": gift config list; the spec does not
 * show prices, these are ours). Every brand sells these until a back office edits them. Their
 * icons are data URLs, so they show without asset files.
 */
const GIFTS: readonly GiftConfig[] = [
  { giftId: 1, giftName: 'Rose', coins: 10, icon: badge('R', '#c2185b', 64, 64), sort: 1 },
  { giftId: 2, giftName: 'Heart', coins: 52, icon: badge('H', '#d32f2f', 64, 64), sort: 2 },
  { giftId: 3, giftName: 'Trophy', coins: 188, icon: badge('T', '#b8860b', 64, 64), sort: 3 },
  { giftId: 4, giftName: 'Rocket', coins: 1_314, icon: badge('R', '#1565c0', 64, 64), sort: 4 },
];

/**
 * The anchors a brand's members can send gifts to, by id. Anchors come from the video
 * host (spec section 7, "Video host"), which is not plugged in yet: these are the sandbox
 * host's anchors, ids unique across brands.
 */
const ANCHORS: ReadonlyMap<number, readonly number[]> = new Map([
  [4, [101, 102, 103]],
  [8, [201, 202]],
]);

/** @example giftsOf(4)[0] // { giftId: 1, giftName: 'Rose', coins: 10, ... } */
export function giftsOf(_siteId: number): readonly GiftConfig[] {
  return GIFTS;
}

/** @example anchorsOf(4) // [101, 102, 103] */
export function anchorsOf(siteId: number): readonly number[] {
  return ANCHORS.get(siteId) ?? [];
}

export interface GiftSend {
  siteId: number;
  memberId: number;
  anchorId: number;
  giftId: number;
  count: number;
}

/**
 * Sends gifts inside `tx`: the price in coins (gift price times count, integers) moves
 * from the member's coin wallet to the anchor's ledger account `anchor:<id>`, and the send
 * is recorded. Refuses an anchor or gift the brand does not have (anchorNotFound,
 * giftNotFound) and a coin wallet holding too little (exceedsBalance); then nothing moves.
 *
 * @example await sendGift(tx, { siteId: 4, memberId, anchorId: 101, giftId: 1, count: 3 }) // 30 coins
 */
export async function sendGift(tx: Queryable, send: GiftSend): Promise<CallResponse<typeof giftRewardSend>> {
  if (!anchorsOf(send.siteId).includes(send.anchorId)) throw new BusinessError('anchorNotFound', `anchorId: no anchor ${send.anchorId} on this site`);
  const gift = giftsOf(send.siteId).find((g) => g.giftId === send.giftId);
  if (!gift) throw new BusinessError('giftNotFound', `giftId: no gift ${send.giftId} on this site`);
  const coins = gift.coins * send.count;
  const [coin, anchor] = await ensureAccounts(tx, [
    { memberId: send.memberId, kind: 'coin', currency: 'COIN' },
    { memberId: null, kind: `anchor:${send.anchorId}`, currency: 'COIN' },
  ]);
  const billNo = `GF${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
  let balances: Map<number, number>;
  try {
    ({ balancesMinor: balances } = await applyTransfers(tx, [
      { debitAccountId: coin!.id, creditAccountId: anchor!.id, amountMinor: coins, currency: 'COIN', code: 'gift_send', reference: `${billNo}:gift`, orderReference: billNo },
    ]));
  } catch (error) {
    if (error instanceof LedgerError && error.rule === 'exceedsBalance') throw new BusinessError('exceedsBalance', 'the coin wallet holds fewer coins than the gifts cost');
    throw error;
  }
  await tx.query(
    `INSERT INTO gift_orders (bill_no, site_id, member_id, anchor_id, gift_id, gift_count, coins) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [billNo, send.siteId, send.memberId, send.anchorId, send.giftId, send.count, coins],
  );
  return { billNo, anchorId: send.anchorId, giftId: send.giftId, count: send.count, coins, coinWalletBalance: balances.get(coin!.id)! };
}

/**
 * An anchor's top senders by coins sent on this brand, names masked; ties go to who
 * reached the total first. An unknown anchor is anchorNotFound.
 *
 * @example await giftRankOf(db, 4, 101, 10) // { anchorId: 101, list: [{ rank: 1, name: 'de***', coins: 1314 }] }
 */
export async function giftRankOf(q: Queryable, siteId: number, anchorId: number, limit: number): Promise<CallResponse<typeof giftRank>> {
  if (!anchorsOf(siteId).includes(anchorId)) throw new BusinessError('anchorNotFound', `anchorId: no anchor ${anchorId} on this site`);
  const { rows } = await q.query<{ name: string; coins: number | string }>(
    `SELECT m.name, sum(g.coins) AS coins
       FROM gift_orders g JOIN members m ON m.id = g.member_id
      WHERE g.site_id = $1 AND g.anchor_id = $2
      GROUP BY g.member_id, m.name
      ORDER BY sum(g.coins) DESC, max(g.id) ASC
      LIMIT $3`,
    [siteId, anchorId, limit],
  );
  return { anchorId, list: rows.map((row, i) => ({ rank: i + 1, name: maskName(row.name), coins: Number(row.coins) })) };
}

/** The first two characters of a member name, then ***. @example maskName('demo') // 'de***' */
export function maskName(name: string): string {
  return `${[...name].slice(0, 2).join('')}***`;
}

/**
 * The text of a gift push: the sender masked as in the gift rank, the gift, the count
 * and the anchor. Plain text; the chat box renders it as text.
 *
 * @example giftPushText('demo', { giftId: 1, count: 3, anchorId: 101 }) // 'de*** sent Rose ×3 to anchor 101'
 */
export function giftPushText(senderName: string, sent: { giftId: number; count: number; anchorId: number }): string {
  const gift = GIFTS.find((candidate) => candidate.giftId === sent.giftId);
  return `${maskName(senderName)} sent ${gift?.giftName ?? `gift ${sent.giftId}`} ×${sent.count} to anchor ${sent.anchorId}`;
}
