import type { FastifyRequest } from 'fastify';
import { HEADER, type AnyCall } from '@lobby/sdk';
import { BusinessError } from './errors.js';
import { headerOf } from './caller.js';
import type { CallMember, PipelineServices } from './pipeline.js';

/**
 * The member behind x-token, by the call's `auth`: `member` refuses a missing token
 * (tokenMissing) and an unknown, expired, revoked or other-site token (tokenInvalid);
 * `optional` treats a bad token as a visitor, so an expired session never breaks a public
 * page; `none` ignores the token; `operator` calls need an operator token in x-token
 * (operatorOnly otherwise; the handler reads it with `operatorOf(request)`).
 */
export async function authenticate(request: FastifyRequest, call: AnyCall, siteId: number, services: PipelineServices): Promise<CallMember | null> {
  if (call.auth === 'none') return null;
  if (call.auth === 'operator') {
    await services.callers.authenticateOperator(request);
    return null;
  }
  const token = headerOf(request, HEADER.token);
  if (!token) {
    if (call.auth === 'member') throw new BusinessError('tokenMissing', 'x-token header is missing; log in first');
    return null;
  }
  const session = await services.callers.memberOfToken(token);
  if (session && session.siteId === siteId) return session;
  if (call.auth === 'member') throw new BusinessError('tokenInvalid', 'x-token is unknown or expired; log in again');
  return null;
}
