import type { FastifyInstance } from 'fastify';
import {
  agentApply, agentCommission, agentFigures, agentStatus, inviteeApply, inviteFriendApply, inviteFriendDo, inviteFriendInfo, inviteFriendList, invitePageView, inviteRecall,
  memberMoveConfig, opsAgentApplications, opsAgentCommissionSettle, opsAgentCommissionStatements, opsAgentDecide, opsAgentSettings,
} from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import type { CallContext } from '../http/register-call.js';
import { registerCall } from '../http/register-call.js';
import { operatorOf } from '../operator/operator-auth.js';
import {
  agentSettingsOf, applicationsOf, applyForAgent, countPageView, decideApplication, figuresOf, isAgent, latestApplication, memberMoveOf, setAgentSettings,
} from './agent-service.js';
import { settleMonth } from './commission-settlement.js';
import { agentCommissionOf, statementsOf } from './commission-statements.js';
import { ownInviteCode } from './invitations.js';
import { applyAsInvitee, applyAsInviter, inviteFriends, inviteInfo, recallFriend } from './invite-service.js';

/**
 * Agents and invitations (issue 21; docs/AGENTS.md): the agent status and application, an
 * agent's figures and commission statements, invite codes and the invite-friend activity's
 * calls (its awards paid by the promotion engine), the proxy page-view event, the
 * member-move config, and the operator's agent desk with the commission settlement.
 */
export function agentRoutes(app: FastifyInstance): void {
  const now = (ctx: CallContext<unknown>) => new Date(ctx.services.providers.clock.now());
  const inviteCountOf = async (ctx: CallContext<unknown>, memberId: number) =>
    Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_invitations WHERE inviter_id = $1', [memberId])).rows[0]?.n ?? 0);

  registerCall(app, agentStatus, async (ctx) => {
    const member = ctx.requireMember();
    return {
      isAgent: await isAgent(ctx.db, member.id),
      application: await latestApplication(ctx.db, member.id),
      forcedMigration: (await agentSettingsOf(ctx.db, ctx.siteId)).forcedMigration,
      inviteCode: await ownInviteCode(ctx.db, member.id, member.siteId, now(ctx)),
    };
  });
  registerCall(app, agentApply, async (ctx) => applyForAgent(ctx.db, ctx.requireMember(), ctx.request, now(ctx)));
  registerCall(app, agentFigures, async (ctx) => figuresOf(ctx.db, ctx.requireMember(), ctx.request.month, now(ctx)));
  registerCall(app, agentCommission, async (ctx) => ({ list: await agentCommissionOf(ctx.db, ctx.requireMember(), now(ctx)) }));

  registerCall(app, inviteFriendDo, async (ctx) => {
    const member = ctx.requireMember();
    const inviteCode = await ownInviteCode(ctx.db, member.id, member.siteId, now(ctx));
    return { inviteCode, invitePath: `/?i_code=${inviteCode}`, memberNum: await inviteCountOf(ctx, member.id) };
  });
  registerCall(app, invitePageView, async (ctx) => ({ counted: await countPageView(ctx.db, ctx.siteId, ctx.request, { ip: ctx.ip, deviceId: ctx.deviceId }, now(ctx)) }));

  registerCall(app, inviteFriendInfo, async (ctx) => inviteInfo(ctx.db, ctx.siteId, ctx.member?.id ?? null, ctx.request.activityId, now(ctx)));
  registerCall(app, inviteFriendList, async (ctx) => inviteFriends(ctx.db, ctx.siteId, ctx.requireMember().id, ctx.request.page ?? 1, ctx.request.size ?? 20, now(ctx)));
  registerCall(app, inviteFriendApply, async (ctx) => applyAsInviter(ctx.db, ctx.siteId, ctx.requireMember().id, ctx.request, now(ctx)), { idempotency: 'ledger' });
  registerCall(app, inviteeApply, async (ctx) => applyAsInvitee(ctx.db, ctx.siteId, ctx.requireMember().id, ctx.request, now(ctx)), { idempotency: 'ledger' });
  registerCall(app, inviteRecall, async (ctx) => recallFriend(ctx.db, ctx.siteId, ctx.requireMember(), ctx.request, now(ctx)));

  registerCall(app, memberMoveConfig, async (ctx) => {
    const brand = await ctx.services.brands.get(ctx.siteId);
    return memberMoveOf(ctx.db, ctx.siteId, brand?.config.domainUrls ?? []);
  });

  registerCall(app, opsAgentApplications, async (ctx) => ({ list: await applicationsOf(ctx.db, ctx.request.siteId, ctx.request.state) }));
  registerCall(app, opsAgentDecide, async (ctx) => ctx.db.transaction((tx) => decideApplication(tx, { ...ctx.request, actor: 'operator' }, now(ctx))));
  registerCall(app, opsAgentSettings, async (ctx) => {
    const { siteId, ...patch } = ctx.request;
    const brand = await ctx.services.brands.get(siteId);
    const saved = await setAgentSettings(ctx.db, siteId, patch);
    return { siteId, commissionRateBp: saved.commissionRateBp, forcedMigration: saved.forcedMigration, memberMove: await memberMoveOf(ctx.db, siteId, brand?.config.domainUrls ?? []) };
  });

  const requireBrand = async (ctx: CallContext<unknown>, siteId: number) => {
    if (!(await ctx.services.brands.get(siteId))) throw new BusinessError('invalidField', `siteId: site ${siteId} is not a brand of this server`);
  };
  // Idempotent by its own rows (one statement per agent and month), like opsDepositConfirm: no idempotency key.
  registerCall(app, opsAgentCommissionSettle, async (ctx) => {
    await requireBrand(ctx, ctx.request.siteId);
    return settleMonth(ctx.db, ctx.request.siteId, ctx.request.month, now(ctx), `operator:${operatorOf(ctx.raw).name}`);
  });
  registerCall(app, opsAgentCommissionStatements, async (ctx) => {
    await requireBrand(ctx, ctx.request.siteId);
    const list = await statementsOf(ctx.db, ctx.request);
    return { list, paidMinor: list.reduce((sum, statement) => sum + statement.paidMinor, 0) };
  });
}
