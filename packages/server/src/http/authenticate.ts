import type { FastifyRequest } from 'fastify';
import { HEADER, type AnyCall } from '@lobby/sdk';
import { findSessionByHash, tokenHashOf, type SessionMember } from '../members/sessions.js';
import { readCachesOf } from './read-caches.js';
import { BusinessError } from './errors.js';
import { headerOf } from './caller.js';
import type { LobbyServices } from './services.js';
import { authenticateOperator } from '../operator/operator-auth.js';

/**
 * The member behind x-token, by the call's `auth`: `member` refuses a missing token
 * (tokenMissing) and an unknown, expired, revoked or other-site token (tokenInvalid);
 * `optional` treats a bad token as a visitor, so an expired session never breaks a public
 * page; `none` ignores the token; `operator` calls need an operator token in x-token
 * (operatorOnly otherwise; the handler reads it with `operatorOf(request)`).
 */
export async function authenticate(request: FastifyRequest, call: AnyCall, siteId: number, services: LobbyServices): Promise<SessionMember | null> {
  if (call.auth === 'none') return null;
  if (call.auth === 'operator') {
    await authenticateOperator(request, services);
    return null;
  }
  const token = headerOf(request, HEADER.token);
  if (!token) {
    if (call.auth === 'member') throw new BusinessError('tokenMissing', 'x-token header is missing; log in first');
    return null;
  }
  const session = await cachedSession(services, token);
  if (session && session.siteId === siteId) return session;
  if (call.auth === 'member') throw new BusinessError('tokenInvalid', 'x-token is unknown or expired; log in again');
  return null;
}

/**
 * The live session of a token through the session cache (ReadCaches): the cache is keyed
 * by the token's hash, so a token reaches only its own session; a cached session past its
 * end is not served.
 */
async function cachedSession(services: LobbyServices, token: string): Promise<SessionMember | null> {
  const hash = tokenHashOf(token);
  if (!hash) return null;
  const nowMs = services.providers.clock.now();
  const caches = readCachesOf(services.db);
  const servable = caches.sessionsServable();
  const found = caches.sessions.peek(hash, nowMs, servable) ?? (await caches.sessions.get(hash, nowMs, () => findSessionByHash(services.db, hash, nowMs), servable));
  return found && found.expiresAtMs > nowMs ? found.member : null;
}
