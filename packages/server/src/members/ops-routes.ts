import { opsMemberStatus } from '@lobby/sdk';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../http/register-call.js';
import { operatorOf } from '../operator/operator-auth.js';
import { changeMemberStatus } from './member-status.js';

/** The operator's calls on members: disabling an account and lifting the disable. */
export function registerMemberOpsRoutes(app: FastifyInstance): void {
  registerCall(app, opsMemberStatus, async (ctx) =>
    changeMemberStatus(ctx.db, {
      ...ctx.request,
      changedBy: `operator:${operatorOf(ctx.raw).name}`,
      at: new Date(ctx.services.providers.clock.now()),
    }),
  );
}
