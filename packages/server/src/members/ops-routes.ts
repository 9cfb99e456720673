import { opsMemberDetail, opsMemberStatus } from '@lobby/sdk';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../http/register-call.js';
import { operatorOf } from '../operator/operator-auth.js';
import { changeMemberStatus, memberDetail } from './member-status.js';

/** The operator's calls on members: looking one up by name, disabling its account and lifting the disable. */
export function registerMemberOpsRoutes(app: FastifyInstance): void {
  registerCall(app, opsMemberStatus, async (ctx) =>
    changeMemberStatus(ctx.db, {
      ...ctx.request,
      changedBy: `operator:${operatorOf(ctx.raw).name}`,
      at: new Date(ctx.services.providers.clock.now()),
    }),
  );
  registerCall(app, opsMemberDetail, async (ctx) =>
    memberDetail(ctx.db, ctx.request.siteId, ctx.request.name, new Date(ctx.services.providers.clock.now())),
  );
}
