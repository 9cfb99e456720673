import type { FastifyInstance } from 'fastify';
import { opsPlayLimitLower, opsPlayLimits, playLimitAudit, playLimitCancel, playLimitConfirm, playLimitSet, playLimits } from '@lobby/sdk';
import { registerCall } from '../../http/register-call.js';
import { operatorOf } from '../../operator/operator-auth.js';
import { registerSandboxClock } from '../../http/sandbox-clock.js';
import { auditView, cancelChange, confirmChange, limitsView, operatorLower, operatorView, setLimit } from './limits-service.js';

/** Limits: the member's limits, their pending changes and audit trail, the operator's lowering (issue 22; docs/RESPONSIBLE-PLAY.md "Limits"). */
export function limitRoutes(app: FastifyInstance): void {
  const now = () => new Date(app.lobby.providers.clock.now());
  registerSandboxClock(app);

  registerCall(app, playLimits, async (ctx) => limitsView(ctx.db, ctx.requireMember().id, now()));

  registerCall(app, playLimitSet, async (ctx) => {
    const memberId = ctx.requireMember().id;
    const at = now();
    const { outcome, change } = await setLimit(ctx.db, memberId, ctx.request.kind, ctx.request.period, ctx.request.value, at);
    return { outcome, change, view: await limitsView(ctx.db, memberId, at) };
  });

  registerCall(app, playLimitConfirm, async (ctx) => {
    const memberId = ctx.requireMember().id;
    const at = now();
    await confirmChange(ctx.db, memberId, ctx.request.changeId, at);
    return limitsView(ctx.db, memberId, at);
  });

  registerCall(app, playLimitCancel, async (ctx) => {
    const memberId = ctx.requireMember().id;
    const at = now();
    await cancelChange(ctx.db, memberId, ctx.request.changeId, at);
    return limitsView(ctx.db, memberId, at);
  });

  registerCall(app, playLimitAudit, async (ctx) => ({ entries: await auditView(ctx.db, ctx.requireMember().id) }));

  registerCall(app, opsPlayLimitLower, async (ctx) => {
    const { memberId, kind, period, value } = ctx.request;
    const { fromValue } = await operatorLower(ctx.db, operatorOf(ctx.raw).id, memberId, kind, period, value, now());
    return { memberId, kind, period, fromValue, value };
  });

  registerCall(app, opsPlayLimits, async (ctx) => operatorView(ctx.db, ctx.request.memberId, now()));
}
