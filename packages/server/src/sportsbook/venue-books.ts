import type { BetRecordPage, ProviderBetRecord } from '../games/game-provider.js';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import type { BetStatus } from './bets-repository.js';

/**
 * The sportsbook's side of a transfer venue (docs/SPORTSBOOK.md, "Money"): the member's
 * balance at LBSPORT, LBESPORT or AUSPORT is the sandbox venue's `sandbox_venue_wallets`
 * row, which lobby's transfers in and out also move. Stakes and refunds are
 * `sportsbook_stake_moves` rows (once per bet and kind); every later move of a bet is the
 * `delta_minor` of a feed entry (once per bet version). Callers lock balances first.
 */

const walletKey = (venueCode: string, memberId: number) => `${venueCode}\u0000${memberId}`;

/** The balances of these (venue, member) pairs, row-locked in key order until the transaction ends (made at 0 when missing). */
export async function lockBalances(tx: Queryable, pairs: readonly { venueCode: string; memberId: number }[]): Promise<Map<string, number>> {
  const unique = [...new Map(pairs.map((p) => [walletKey(p.venueCode, p.memberId), p])).values()];
  const venues = unique.map((p) => p.venueCode);
  const members = unique.map((p) => p.memberId);
  const lock = async () => {
    const { rows } = await tx.query<{ venue_code: string; member_id: string | number; balance_minor: string | number }>(
      `SELECT w.venue_code, w.member_id, w.balance_minor FROM sandbox_venue_wallets w JOIN unnest($1::text[], $2::bigint[]) AS t(v, m) ON w.venue_code = t.v AND w.member_id = t.m
        ORDER BY w.venue_code, w.member_id FOR UPDATE OF w`,
      [venues, members],
    );
    return new Map(rows.map((r) => [walletKey(r.venue_code, Number(r.member_id)), Number(r.balance_minor)]));
  };
  const locked = await lock();
  if (locked.size === unique.length) return locked;
  // A wallet the venue has not made yet (the member never transferred in) is made at 0, then all are locked again in order.
  await tx.query(
    `INSERT INTO sandbox_venue_wallets (venue_code, member_id, balance_minor) SELECT v, m, 0 FROM unnest($1::text[], $2::bigint[]) AS t(v, m) ON CONFLICT DO NOTHING`,
    [venues, members],
  );
  return lock();
}

export { walletKey };

/** Adds each delta to its balance in one statement (the row's CHECK refuses going below zero). */
export async function moveBalances(tx: Queryable, moves: readonly { venueCode: string; memberId: number; deltaMinor: number }[]): Promise<void> {
  const sums = new Map<string, { venueCode: string; memberId: number; deltaMinor: number }>();
  for (const move of moves) {
    const key = walletKey(move.venueCode, move.memberId);
    const sum = sums.get(key) ?? { ...move, deltaMinor: 0 };
    sum.deltaMinor += move.deltaMinor;
    sums.set(key, sum);
  }
  const changed = [...sums.values()].filter((s) => s.deltaMinor !== 0);
  if (changed.length === 0) return;
  await tx.query(
    `UPDATE sandbox_venue_wallets w SET balance_minor = w.balance_minor + t.d FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS t(v, m, d)
      WHERE w.venue_code = t.v AND w.member_id = t.m`,
    [changed.map((c) => c.venueCode), changed.map((c) => c.memberId), changed.map((c) => c.deltaMinor)],
  );
}

/** A stake or refund move of a bet; answers false when it was applied before (nothing changes). */
export async function stakeMove(tx: Queryable, move: { betId: string; kind: 'stake' | 'refund'; venueCode: string; memberId: number; deltaMinor: number }, now: Date): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO sportsbook_stake_moves (bet_id, kind, venue_code, member_id, amount_minor, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [move.betId, move.kind, move.venueCode, move.memberId, move.deltaMinor, now],
  );
  if (inserted.rowCount === 0) return false;
  await moveBalances(tx, [move]);
  return true;
}

/** One entry of the venue's bet feed: a bet at a new version, with what its venue balance moved by (the bet's row gives member, sport, stake and placement). */
export interface FeedEntry {
  venueCode: string;
  betId: string;
  version: number;
  validBetMinor: number;
  payoutMinor: number;
  deltaMinor: number;
  status: ProviderBetRecord['status'];
  betStatus: BetStatus;
  result: string;
  settledAt: Date;
}

/**
 * Appends entries to their venues' feeds with the next sequences (gap-free: each venue's
 * head row is locked until the transaction ends), in one insert. All entries of one call
 * share one time.
 */
export async function appendFeed(tx: Queryable, entries: readonly FeedEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const venues = [...new Set(entries.map((e) => e.venueCode))].sort();
  const sequences: number[] = [];
  const next = new Map<string, number>();
  for (const venue of venues) {
    const count = venues.length === 1 ? entries.length : entries.filter((e) => e.venueCode === venue).length;
    await tx.query('INSERT INTO sportsbook_feed_heads (venue_code) VALUES ($1) ON CONFLICT DO NOTHING', [venue]);
    const { rows } = await tx.query<{ last_sequence: string | number }>(
      'UPDATE sportsbook_feed_heads SET last_sequence = last_sequence + $2 WHERE venue_code = $1 RETURNING last_sequence',
      [venue, count],
    );
    next.set(venue, Number(rows[0]!.last_sequence) - count + 1);
  }
  for (const entry of entries) {
    const sequence = next.get(entry.venueCode)!;
    sequences.push(sequence);
    next.set(entry.venueCode, sequence + 1);
  }
  // One insert per group of entries alike but for bet and sequence (a market's bets fall into a few: won, lost, void).
  const groups = new Map<string, number[]>();
  entries.forEach((e, i) => {
    const key = JSON.stringify([e.venueCode, e.validBetMinor, e.payoutMinor, e.deltaMinor, e.status, e.betStatus, e.result, e.version]);
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  for (const indexes of groups.values()) {
    const e = entries[indexes[0]!]!;
    await tx.query(
      `INSERT INTO sportsbook_bet_feed (venue_code, sequence, bet_id, version, valid_bet_minor, payout_minor, delta_minor, status, bet_status, result, settled_at)
       SELECT $3, s, b, $4, $5, $6, $7, $8, $9, $10, $11 FROM unnest($1::bigint[], $2::text[]) AS t(s, b)`,
      [indexes.map((i) => sequences[i]), indexes.map((i) => entries[i]!.betId), e.venueCode, e.version, e.validBetMinor, e.payoutMinor, e.deltaMinor, e.status, e.betStatus, e.result, e.settledAt],
    );
  }
}

/** The most records one page answers. */
export const FEED_PAGE_MAX = 500;

/** A page of the venue's feed after `cursor` (the last sequence the reader holds, "0" or null for the start). */
export async function feedPage(q: Queryable, venueCode: string, cursor: string | null, limit: number): Promise<BetRecordPage> {
  if (cursor !== null && cursor !== '' && !/^\d{1,15}$/.test(cursor)) throw new BusinessError('invalidField', `cursor: not a cursor of this feed (${cursor.slice(0, 40)})`);
  const after = cursor ? Number(cursor) : 0;
  const size = Math.max(1, Math.min(FEED_PAGE_MAX, Math.trunc(limit) || 1));
  const { rows } = await q.query<Record<string, unknown>>(
    `SELECT f.venue_code, f.sequence, f.bet_id, f.version, b.member_id, b.game_code, b.stake_minor, f.valid_bet_minor, f.payout_minor, f.status, f.result,
            b.placed_at, f.settled_at
       FROM sportsbook_bet_feed f JOIN sportsbook_bets b ON b.bet_id = f.bet_id WHERE f.venue_code = $1 AND f.sequence > $2 ORDER BY f.sequence LIMIT $3`,
    [venueCode, after, size + 1],
  );
  const records: ProviderBetRecord[] = rows.slice(0, size).map((r) => ({
    sequence: Number(r.sequence), betId: String(r.bet_id), roundId: String(r.bet_id), version: Number(r.version), venueCode: String(r.venue_code),
    memberId: Number(r.member_id), gameCode: String(r.game_code), stakeMinor: Number(r.stake_minor), validBetMinor: Number(r.valid_bet_minor),
    payoutMinor: Number(r.payout_minor), status: r.status as ProviderBetRecord['status'], result: String(r.result), placedAt: r.placed_at as Date, settledAt: r.settled_at as Date,
  }));
  return { records, nextCursor: String(records.at(-1)?.sequence ?? after), more: rows.length > size };
}
