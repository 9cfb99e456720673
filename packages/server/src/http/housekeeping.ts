import type { FastifyInstance } from 'fastify';
import { SIGN_WINDOW_MS } from '@lobby/sdk';
import { purgeNonces } from './nonce-store.js';
import { purgeRateCounters } from './rate-limit.js';
import { runWhileListening } from './while-listening.js';

/** How often each instance deletes spent nonces, old rate counters and what the features' sweeps delete (ended sessions, old captchas and codes). */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;

/** Deletes rows no request can need any more: the pipeline's own, then each sweep of `app.lobby.sweeps`; answers how many went. */
export async function sweep(app: FastifyInstance): Promise<number> {
  const { db, providers, sweeps } = app.lobby;
  const now = providers.clock.now();
  let deleted = (await purgeNonces(db, now - 2 * SIGN_WINDOW_MS)) + (await purgeRateCounters(db, now));
  for (const featureSweep of sweeps) deleted += await featureSweep(db, now);
  return deleted;
}

/** Runs `sweep` on a timer while the app listens; the timer never keeps the process alive. */
export function registerHousekeeping(app: FastifyInstance): void {
  runWhileListening(app, { name: 'housekeeping', everyMs: HOUSEKEEPING_INTERVAL_MS, run: () => sweep(app) });
}
