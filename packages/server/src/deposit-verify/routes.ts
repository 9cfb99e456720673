import type { FastifyInstance } from 'fastify';
import { DEPOSIT_VERIFY_MOBILE_KEY, depositVerifyMobileConfig } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { registerCall } from '../http/register-call.js';

/**
 * Mobile binding verification before deposit (keyType 2, keyCode
 * deposit_verify_mobile_phone), per brand where the spec names only the key; ours until a
 * back office edits it: off for lobby (site 4), on for aurora (site 8), off elsewhere.
 */
export const DEPOSIT_VERIFY_MOBILE: Readonly<Record<number, 0 | 1>> = { 4: 0, 8: 1 };

/** The brand's status: 1 asks for a bound phone before depositing. */
export function depositVerifyMobileStatus(siteId: number): 0 | 1 {
  return DEPOSIT_VERIFY_MOBILE[siteId] ?? 0;
}

/** Whether the member has a bound phone. */
export async function phoneBound(q: Queryable, memberId: number): Promise<boolean> {
  const { rows } = await q.query<{ phone: string }>('SELECT phone FROM members WHERE id = $1', [memberId]);
  return (rows[0]?.phone ?? '') !== '';
}

/** The depositVerifyMobileConfig call. */
export function depositVerifyRoutes(app: FastifyInstance): void {
  registerCall(app, depositVerifyMobileConfig, async (ctx) => {
    const member = ctx.requireMember();
    return { ...DEPOSIT_VERIFY_MOBILE_KEY, status: depositVerifyMobileStatus(member.siteId), phoneBound: await phoneBound(ctx.db, member.id) };
  });
}
