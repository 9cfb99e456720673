import type { FastifyInstance } from 'fastify';
import { raceBoard } from '@lobby/sdk';
import { registerCall } from '../../http/register-call.js';
import { raceBoardOf, settleDueRaces } from './race-service.js';
import { runWhileListening } from '../../http/while-listening.js';

/** How often the server settles closed races while listening. */
export const RACE_SETTLE_INTERVAL_MS = 30_000;

/** Races (issue 20; docs/RED-PACKET-RAIN.md): the leaderboard, and prizes paid when the window closes. */
export function raceRoutes(app: FastifyInstance): void {
  const nowOf = () => new Date(app.lobby.providers.clock.now());
  registerCall(app, raceBoard, async (ctx) => raceBoardOf(ctx.db, ctx.siteId, ctx.request.activityId, ctx.member?.id ?? null, nowOf()));

  const unpaid = (activityId: number, reason: string) => app.log.warn({ activityId, reason }, 'race left unsettled until the operator acts');
  runWhileListening(app, { name: 'race settlement', everyMs: RACE_SETTLE_INTERVAL_MS, atStart: true, run: () => settleDueRaces(app.lobby.db, nowOf(), unpaid) });
}
