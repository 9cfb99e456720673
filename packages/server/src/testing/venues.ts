import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { balancesOf } from '../ledger/index.js';
import type { SandboxVenueProvider } from '../venues/index.js';

/** The sandbox venue of a test app. */
export const sandboxOf = (app: FastifyInstance) => app.venueProvider as SandboxVenueProvider;

/** The member's money across the site and the venues: centre (books) plus every venue's own balance, in fen. */
export async function moneyEverywhere(db: Database, venue: SandboxVenueProvider, memberId: number, venueCodes: readonly string[]) {
  const balances = await balancesOf(db, memberId);
  const atVenues = await Promise.all(venueCodes.map((code) => venue.balance(code, memberId)));
  return { centre: balances.get('centre') ?? 0, venues: atVenues, total: (balances.get('centre') ?? 0) + atVenues.reduce((a, b) => a + b, 0) };
}
