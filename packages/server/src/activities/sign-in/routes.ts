import type { FastifyInstance } from 'fastify';
import { signInHistory, signInInfo, signInReceiveAward, signInRetroactive, signInSign } from '@lobby/sdk';
import type { CallContext } from '../../http/register-call.js';
import { registerCall } from '../../http/register-call.js';
import { receiveAward, signHistory, signInInfoOf, signRetroactive, signToday } from './sign-service.js';

/** Daily sign-in (issue 20; docs/SIGN-IN-AND-TASKS.md): info, sign, retroactive, receive award, history. */
export function signInRoutes(app: FastifyInstance): void {
  const now = (ctx: CallContext<unknown>) => new Date(ctx.services.providers.clock.now());

  registerCall(app, signInInfo, async (ctx) => signInInfoOf(ctx.db, ctx.siteId, ctx.request.id, ctx.member?.id ?? null, now(ctx)));

  registerCall(app, signInSign, async (ctx) => {
    const member = ctx.requireMember();
    return signToday(ctx.db, { siteId: ctx.siteId, id: ctx.request.id, memberId: member.id, termsVersion: ctx.request.termsVersion, now: now(ctx) });
  }, { idempotency: 'ledger' });

  registerCall(app, signInRetroactive, async (ctx) => {
    const member = ctx.requireMember();
    const { id, day, termsVersion } = ctx.request;
    return signRetroactive(ctx.db, { siteId: ctx.siteId, id, day, memberId: member.id, termsVersion, now: now(ctx) });
  }, { idempotency: 'ledger' });

  registerCall(app, signInReceiveAward, async (ctx) => {
    const member = ctx.requireMember();
    const { id, award, days, termsVersion } = ctx.request;
    return receiveAward(ctx.db, { siteId: ctx.siteId, id, award, ...(days === undefined ? {} : { days }), memberId: member.id, termsVersion, now: now(ctx) });
  }, { idempotency: 'ledger' });

  registerCall(app, signInHistory, async (ctx) => {
    const member = ctx.requireMember();
    return signHistory(ctx.db, ctx.siteId, ctx.request.id, member.id, ctx.request.page ?? 1, ctx.request.pageSize ?? 20);
  });
}
