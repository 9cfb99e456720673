import type { FastifyInstance } from 'fastify';
import { playHistory, playReviewAcknowledge, playSessionNow, realityCheckAcknowledge, realityCheckSet } from '@lobby/sdk';
import { registerCall } from '../../http/register-call.js';
import { acknowledgeRealityCheck, acknowledgeReview, playHistoryOf, playSessionView, setRealityCheckInterval } from './session-service.js';

/** Play sessions, reality checks, the 12-month history and its review prompt (issue 22; docs/RESPONSIBLE-PLAY.md). */
export function playSessionRoutes(app: FastifyInstance): void {
  const nowOf = () => new Date(app.lobby.providers.clock.now());
  registerCall(app, playSessionNow, async (ctx) => playSessionView(ctx.db, ctx.requireMember().id, nowOf()));
  registerCall(app, realityCheckSet, async (ctx) => setRealityCheckInterval(ctx.db, ctx.requireMember().id, ctx.request.intervalMinutes, nowOf()));
  registerCall(app, realityCheckAcknowledge, async (ctx) => acknowledgeRealityCheck(ctx.db, ctx.requireMember().id, ctx.request.choice, nowOf()));
  registerCall(app, playHistory, async (ctx) => playHistoryOf(ctx.db, ctx.requireMember().id, nowOf()));
  registerCall(app, playReviewAcknowledge, async (ctx) => acknowledgeReview(ctx.db, ctx.requireMember().id, nowOf()));
}
