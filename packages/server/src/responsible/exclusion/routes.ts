import type { FastifyInstance } from 'fastify';
import { exclusionConfirmReturn, exclusionStatus, exclusionTake, opsExclusionList } from '@lobby/sdk';
import { BusinessError } from '../../http/errors.js';
import { registerCall } from '../../http/register-call.js';
import { findMemberById } from '../../members/member-repository.js';
import { verifyPassword } from '../../members/password.js';
import { brandVenues, type SyncVenueBets } from '../../venues/index.js';
import { applyBreakEffects, type BreakEffectsDeps } from './break-effects.js';
import { confirmReturn, exclusionStatusOf, exclusionsForOps, takeBreak } from './exclusion-service.js';

/**
 * Time-outs and self-exclusion (issue 22 item 4; docs/RESPONSIBLE-PLAY.md): the member's
 * status, taking a break (the login password confirms it; it forfeits open bonuses and
 * recycles the venues, so it declares the spanning idempotency guard like the venue
 * recycle), confirming the return after the cooling-off, and the operator's read.
 */
export function exclusionRoutes(app: FastifyInstance): void {
  const nowOf = () => new Date(app.lobby.providers.clock.now());
  const deps = (): BreakEffectsDeps => ({
    provider: app.venueProvider,
    venuesOfSite: async (siteId) => brandVenues((await app.lobby.brands.get(siteId))?.config.venues),
    ...(app.hasDecorator('betSync') ? { syncFirst: ((codes) => app.betSync.syncVenues(codes)) satisfies SyncVenueBets } : {}),
  });

  registerCall(app, exclusionStatus, async (ctx) => exclusionStatusOf(ctx.db, ctx.requireMember().id, nowOf()));

  registerCall(app, exclusionTake, async (ctx) => {
    const member = ctx.requireMember();
    const { kind, days, period, scope = 'operator', password } = ctx.request;
    const row = await findMemberById(ctx.db, member.id);
    if (!row || !(await verifyPassword(password, row.passwordHash))) throw new BusinessError('exclusionPasswordWrong', 'the login password is wrong; nothing was taken');
    const at = nowOf();
    const requestKey = ctx.idempotencyKey!;
    const { exclusion } = await takeBreak(ctx.db, {
      memberId: member.id, siteId: member.siteId, kind, scope, requestKey, at,
      ...(days !== undefined ? { days } : {}), ...(period !== undefined ? { period } : {}),
    });
    const effects = await applyBreakEffects(ctx.db, deps(), exclusion, requestKey, at);
    return { status: await exclusionStatusOf(ctx.db, member.id, nowOf()), ...effects };
  }, { idempotency: 'spanning' });

  registerCall(app, exclusionConfirmReturn, async (ctx) => confirmReturn(ctx.db, ctx.requireMember().id, nowOf()));

  registerCall(app, opsExclusionList, async (ctx) => {
    const { siteId, memberName, limit = 100 } = ctx.request;
    return { list: await exclusionsForOps(ctx.db, { ...(siteId !== undefined ? { siteId } : {}), ...(memberName !== undefined ? { memberName } : {}), limit }, nowOf()) };
  });
}
