import type { FastifyInstance } from 'fastify';
import { HEADER, type AnyCall, type CallRequest } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { callApi } from './client.js';
import { balancesOf } from '../ledger/index.js';
import type { SandboxVenueProvider } from '../venues/index.js';

let keys = 0;

/** A fresh idempotency key per user action. */
export const newKey = () => `key-${process.pid}-${(keys += 1)}`;

/** Calls a money call with an idempotency key (a new one unless given). */
export function callWithKey<C extends AnyCall>(app: FastifyInstance, call: C, request: CallRequest<C>, token: string, key = newKey()) {
  return callApi(app, call, request, { token, headers: { [HEADER.idempotencyKey]: key } });
}

/** The sandbox venue of a test app. */
export const sandboxOf = (app: FastifyInstance) => app.venueProvider as SandboxVenueProvider;

/** A clock tests move by hand. */
export function movableClock(startMs = Date.now()) {
  let now = startMs;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** The member's money across the site and the venues: centre (books) plus every venue's own balance, in fen. */
export async function moneyEverywhere(db: Database, venue: SandboxVenueProvider, memberId: number, venueCodes: readonly string[]) {
  const balances = await balancesOf(db, memberId);
  const atVenues = await Promise.all(venueCodes.map((code) => venue.balance(code, memberId)));
  return { centre: balances.get('centre') ?? 0, venues: atVenues, total: (balances.get('centre') ?? 0) + atVenues.reduce((a, b) => a + b, 0) };
}
