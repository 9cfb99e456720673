import type { FastifyInstance } from 'fastify';
import { breakoutClaim, breakoutInfo } from '@lobby/sdk';
import { registerCall } from '../../http/register-call.js';
import { breakoutInfoOf, claimStep } from './breakout-service.js';

/** Breakout (issue 20; docs/RED-PACKET-RAIN.md): barriers, steps and points, and the step prizes. */
export function breakoutRoutes(app: FastifyInstance): void {
  const nowOf = () => new Date(app.lobby.providers.clock.now());
  registerCall(app, breakoutInfo, async (ctx) => breakoutInfoOf(ctx.db, ctx.siteId, ctx.request.activityId, ctx.member?.id ?? null, nowOf()));
  registerCall(app, breakoutClaim, async (ctx) => {
    const member = ctx.requireMember();
    const { activityId, barrierNo, stepNo, termsVersion } = ctx.request;
    return claimStep(ctx.db, { siteId: ctx.siteId, activityId, memberId: member.id, barrierNo, stepNo, termsVersion, now: nowOf() });
  }, { idempotency: 'ledger' });
}
