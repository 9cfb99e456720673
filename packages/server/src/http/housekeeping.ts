import type { FastifyInstance } from 'fastify';
import { SIGN_WINDOW_MS } from '@lobby/sdk';
import { purgeNonces } from './nonce-store.js';
import { purgeRateCounters } from './rate-limit.js';
import { purgeSessions } from '../members/sessions.js';

/** How often each instance deletes spent nonces, old rate counters, ended sessions, old captchas and codes. */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;

/** Deletes rows no request can need any more; answers how many went. */
export async function sweep(app: FastifyInstance): Promise<number> {
  const { db, providers } = app.lobby;
  const now = providers.clock.now();
  const nonces = await purgeNonces(db, now - 2 * SIGN_WINDOW_MS);
  const counters = await purgeRateCounters(db, now);
  const sessions = await purgeSessions(db, now - 24 * 3600 * 1000);
  const dayAgo = [now - 24 * 3600 * 1000];
  const captchas = await db.query('DELETE FROM captcha_challenges WHERE expires_at < to_timestamp($1 / 1000.0)', dayAgo);
  const codes = await db.query('DELETE FROM phone_codes WHERE expires_at < to_timestamp($1 / 1000.0)', dayAgo);
  return nonces + counters + sessions + captchas.rowCount + codes.rowCount;
}

/** Runs `sweep` on a timer while the app listens; the timer never keeps the process alive. */
export function registerHousekeeping(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    timer = setInterval(() => {
      sweep(app).catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'));
    }, HOUSEKEEPING_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
