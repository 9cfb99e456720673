import { fromMinor, type SiteBaseConfig, type VenueMoney } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import type { VenueProvider } from './venue-provider.js';
import { driveTransfer, reconcilePendingTransfers, reserveTransfer, transfersOfRequest, type VenueTransfer } from './venue-transfers.js';

/**
 * Posts the bets the venues settled into our books before money moves (bet-sync/, `app.betSync`),
 * so transfers out, recycling, refresh and the audit take the venue's word. It never
 * throws for a venue's fault: a pull that stops short leaves the rest for the next one.
 */
export type SyncVenueBets = (venueCodes: readonly string[]) => Promise<unknown>;

/** One venue of a brand (site base config, "venues by type"). */
export interface VenueRef {
  code: string;
  enName: string;
  zhName: string;
  gameType: number;
  /** How the venue holds a member's money (issue 18, docs/SEAMLESS-WALLET.md): seamless venues take no transfers. */
  walletModel: 'transfer' | 'seamless';
}

/** Every venue of a brand, once each (a venue may be listed under two types). */
export function brandVenues(venues: SiteBaseConfig['venues'] | undefined): VenueRef[] {
  const byCode = new Map<string, VenueRef>();
  for (const venue of Object.values(venues ?? {}).flat()) if (!byCode.has(venue.code)) byCode.set(venue.code, { ...venue, walletModel: venue.walletModel ?? 'transfer' });
  return [...byCode.values()];
}

/** The venue of a brand by code, or BusinessError venueNotFound. */
export function venueOf(venues: readonly VenueRef[], code: string): VenueRef {
  const venue = venues.find((v) => v.code === code);
  if (!venue) throw new BusinessError('venueNotFound', `no venue ${code} on this site`);
  return venue;
}

/**
 * The venue of a brand a member may transfer into or out of: venueOf, refusing a seamless
 * venue (its play debits the centre wallet directly) with venueSeamlessWallet.
 */
export function transferVenueOf(venues: readonly VenueRef[], code: string): VenueRef {
  const venue = venueOf(venues, code);
  if (venue.walletModel === 'seamless') throw new BusinessError('venueSeamlessWallet', `${code} plays from the centre wallet; it takes no transfers`);
  return venue;
}

/** The member's venue wallets in our books, minor units by venue code. */
export async function venueBooksOf(db: Database, memberId: number): Promise<Map<string, number>> {
  const { rows } = await db.query<{ kind: string; balance_minor: number }>(
    `SELECT kind, balance_minor FROM ledger_accounts WHERE member_id = $1 AND kind LIKE 'venue:%'`,
    [memberId],
  );
  return new Map(rows.map((r) => [r.kind.slice('venue:'.length), Number(r.balance_minor)]));
}

/** A venue list item of the wire (spec section 3: venue list item, venue wallet client). */
export async function venueMoneyOf(provider: VenueProvider, venue: VenueRef, moneyMinor: number): Promise<VenueMoney> {
  return {
    enName: venue.enName, zhName: venue.zhName, gameType: venue.gameType, channelCode: venue.code,
    currency: 'RMB', money: fromMinor(moneyMinor, 2), maintenance: await provider.inMaintenance(venue.code),
  };
}

/**
 * One transfer into or out of a venue, driven to an answer: reserved in our books, sent
 * to the venue with a fresh transfer id, settled. A retry with the same request key finds
 * the same transfer and reconciles it (query the venue by transfer id) instead of moving
 * money again. Refuses a venue in maintenance before anything moves.
 *
 * @example const t = await transferWithVenue(db, venues, { memberId, venueCode: 'LBSPORT', direction: 'in', amountMinor: 100_00, requestKey: 'in:k1' });
 */
export async function transferWithVenue(
  db: Database,
  provider: VenueProvider,
  request: { memberId: number; venueCode: string; direction: 'in' | 'out'; amountMinor: number; requestKey: string; at?: Date },
  syncFirst?: SyncVenueBets,
): Promise<VenueTransfer> {
  const [earlier] = await transfersOfRequest(db, request.memberId, request.requestKey);
  if (earlier) return driveTransfer(db, provider, earlier);
  if (await provider.inMaintenance(request.venueCode)) throw new BusinessError('venueMaintaining', `${request.venueCode} Maintaining`);
  // The venue's word first: bets it settled are posted before the money leaves (the venue refuses more than it holds anyway).
  if (request.direction === 'out') await syncFirst?.([request.venueCode]);
  const transfer = await reserveTransfer(db, request);
  return driveTransfer(db, provider, transfer, { fresh: transfer.state === 'pending' });
}

/**
 * Recycles venues into the centre wallet: every venue of `venues` with money in our books
 * and not in maintenance is transferred out in full. The member's pending transfers are
 * reconciled first. A retry with the same request key only reconciles what it started.
 */
export async function recycleVenues(
  db: Database,
  provider: VenueProvider,
  request: { memberId: number; venues: readonly VenueRef[]; requestKey: string },
  syncFirst?: SyncVenueBets,
): Promise<VenueTransfer[]> {
  const started = await transfersOfRequest(db, request.memberId, request.requestKey);
  if (started.length > 0) return Promise.all(started.map((t) => driveTransfer(db, provider, t)));
  await reconcilePendingTransfers(db, provider, request.memberId);
  const booked = await venueBooksOf(db, request.memberId);
  const played = [...booked.keys()].filter((code) => request.venues.some((venue) => venue.code === code));
  await syncFirst?.(played);
  const books = syncFirst ? await venueBooksOf(db, request.memberId) : booked;
  const done: VenueTransfer[] = [];
  for (const venue of request.venues) {
    if (venue.walletModel === 'seamless') continue; // its money never left the centre wallet
    const booksMinor = books.get(venue.code) ?? 0;
    if (booksMinor <= 0 || (await provider.inMaintenance(venue.code))) continue;
    // The venue's word: its balance once bets exist; never more than our books hold (a sync that stopped short posts the rest later).
    const amountMinor = syncFirst ? Math.min(booksMinor, await provider.balance(venue.code, request.memberId)) : booksMinor;
    if (amountMinor <= 0) continue;
    const transfer = await reserveTransfer(db, { memberId: request.memberId, venueCode: venue.code, direction: 'out', amountMinor, requestKey: request.requestKey });
    done.push(await driveTransfer(db, provider, transfer, { fresh: true }));
  }
  return done;
}
