import type { FastifyInstance } from 'fastify';
import { redPacketRainGrab, redPacketRainInfo, redPacketRainRounds } from '@lobby/sdk';
import { registerCall } from '../../http/register-call.js';
import { visibleActivity } from '../engine/index.js';
import { roundsOf } from './rain-repository.js';
import { grabPacket, prepareAllRains, rainInfo } from './rain-service.js';
import { runWhileListening } from '../../http/while-listening.js';

/** How often the server commits upcoming rain sessions while listening (a session's hash is public before it opens). */
export const RAIN_PREPARE_INTERVAL_MS = 15_000;

/** Red-packet rain (issue 20; docs/RED-PACKET-RAIN.md): the page, the grab and the sessions' commitments. */
export function redPacketRainRoutes(app: FastifyInstance): void {
  const nowOf = () => new Date(app.lobby.providers.clock.now());

  registerCall(app, redPacketRainInfo, async (ctx) => rainInfo(ctx.db, ctx.siteId, ctx.request.activityId, ctx.member?.id ?? null, nowOf()));

  registerCall(app, redPacketRainGrab, async (ctx) => {
    const member = ctx.requireMember();
    return grabPacket(ctx.db, { siteId: ctx.siteId, activityId: ctx.request.activityId, memberId: member.id, termsVersion: ctx.request.termsVersion, now: nowOf() });
  }, { idempotency: 'ledger' });

  registerCall(app, redPacketRainRounds, async (ctx) => {
    const activity = await visibleActivity(ctx.db, ctx.siteId, ctx.request.activityId, 'red_packet_rain');
    return { rounds: await roundsOf(ctx.db, activity, ctx.member?.id ?? null, nowOf()) };
  });

  runWhileListening(app, { name: 'rain session preparation', everyMs: RAIN_PREPARE_INTERVAL_MS, atStart: true, run: () => prepareAllRains(app.lobby.db, nowOf()) });
}
