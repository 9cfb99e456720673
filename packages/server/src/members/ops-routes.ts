import { opsMemberDetail, opsMemberStatus } from '@lobby/sdk';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../http/register-call.js';
import { operatorOf } from '../operator/operator-auth.js';
import { changeMemberStatus, memberDetail } from './member-status.js';

/** The operator's calls on members: looking one up by name, disabling its account and lifting the disable. */
export function registerMemberOpsRoutes(app: FastifyInstance): void {
  registerCall(app, opsMemberStatus, async (ctx) => {
    const { result, endedChatLogins } = await changeMemberStatus(ctx.db, {
      ...ctx.request,
      changedBy: `operator:${operatorOf(ctx.raw).name}`,
      at: new Date(ctx.services.providers.clock.now()),
    });
    // The disable holds once committed: the logins cannot connect again whatever the broker
    // answers now, so a broker that is away costs only the close of connections already open.
    await app.chat.disconnect(endedChatLogins).catch((error: unknown) => {
      ctx.raw.log.warn({ err: error, memberId: result.memberId }, 'a disabled member\'s open chat connections were not closed');
    });
    return result;
  });
  registerCall(app, opsMemberDetail, async (ctx) =>
    memberDetail(ctx.db, ctx.request.siteId, ctx.request.name, new Date(ctx.services.providers.clock.now())),
  );
}
