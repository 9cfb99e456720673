import type { FastifyInstance } from 'fastify';
import { newTaskInfo, newTaskPackageSign, newTaskReceive } from '@lobby/sdk';
import type { CallContext } from '../../http/register-call.js';
import { registerCall } from '../../http/register-call.js';
import { newTaskInfoOf, receiveTask, signPackage } from './task-service.js';

/** New-member tasks and the scratch card (issue 20; docs/SIGN-IN-AND-TASKS.md): info, receive, package sign. */
export function newTaskRoutes(app: FastifyInstance): void {
  const now = (ctx: CallContext<unknown>) => new Date(ctx.services.providers.clock.now());

  registerCall(app, newTaskInfo, async (ctx) => newTaskInfoOf(ctx.db, ctx.siteId, ctx.request.id, ctx.member?.id ?? null, now(ctx)));

  registerCall(app, newTaskReceive, async (ctx) => {
    const member = ctx.requireMember();
    const { id, kind, termsVersion } = ctx.request;
    return receiveTask(ctx.db, { siteId: ctx.siteId, id, kind, memberId: member.id, termsVersion, now: now(ctx) });
  }, { idempotency: 'ledger' });

  registerCall(app, newTaskPackageSign, async (ctx) => {
    const member = ctx.requireMember();
    return signPackage(ctx.db, { siteId: ctx.siteId, id: ctx.request.id, memberId: member.id, termsVersion: ctx.request.termsVersion, now: now(ctx) });
  });
}
