import type { FastifyInstance } from 'fastify';
import {
  campaignCarnivalApply, campaignCarnivalApplyCheck, campaignCarnivalInfo, campaignCarnivalVote, campaignGuessInfo, campaignGuessPlace, campaignOverview,
  campaignShotDemoKick, campaignShotDemoStart, campaignShotInfo, campaignShotKick, campaignShotStart,
} from '@lobby/sdk';
import { registerCall } from '../http/register-call.js';
import { carnivalApply, carnivalApplyCheck, carnivalInfoOf, carnivalVote } from './carnival.js';
import { guessInfoOf, placeGuess, settleDueGuesses, settleFixtureGuesses } from './guesses.js';
import { campaignOverviewOf } from './overview.js';
import { kickDemoShot, kickShot, shotInfoOf, startDemoShot, startShot } from './shots.js';
import { runWhileListening } from '../http/while-listening.js';

/** How often the server settles guesses whose match ended while listening (the feed listener settles at once; this catches what it missed). */
export const GUESS_SETTLE_INTERVAL_MS = 30_000;

/** Football campaigns (issue 21; docs/CAMPAIGNS.md): guesses, the carnival, the football shot and the landing. */
export function campaignRoutes(app: FastifyInstance): void {
  const nowOf = () => new Date(app.lobby.providers.clock.now());

  registerCall(app, campaignOverview, async (ctx) => campaignOverviewOf(ctx.db, ctx.siteId, nowOf()));

  registerCall(app, campaignGuessInfo, async (ctx) => guessInfoOf(ctx.db, ctx.siteId, ctx.request.activityId, ctx.member?.id ?? null, nowOf()));
  registerCall(app, campaignGuessPlace, async (ctx) => placeGuess(ctx.db, ctx.siteId, ctx.requireMember().id, ctx.request, nowOf()));

  registerCall(app, campaignCarnivalInfo, async (ctx) => carnivalInfoOf(ctx.db, ctx.siteId, ctx.request.activityId, ctx.member?.id ?? null, nowOf()));
  registerCall(app, campaignCarnivalApplyCheck, async (ctx) => carnivalApplyCheck(ctx.db, ctx.siteId, ctx.requireMember().id, ctx.request.activityId, ctx.request.termsVersion, nowOf()));
  registerCall(app, campaignCarnivalApply, async (ctx) => carnivalApply(ctx.db, ctx.siteId, ctx.requireMember().id, ctx.request.activityId, ctx.request.termsVersion, nowOf()), { idempotency: 'ledger' });
  registerCall(app, campaignCarnivalVote, async (ctx) => carnivalVote(ctx.db, ctx.siteId, ctx.requireMember().id, ctx.request.activityId, ctx.request.starId, nowOf()));

  registerCall(app, campaignShotInfo, async (ctx) => shotInfoOf(ctx.db, ctx.siteId, ctx.request.activityId, ctx.member?.id ?? null, nowOf()));
  registerCall(app, campaignShotStart, async (ctx) => startShot(ctx.db, ctx.siteId, ctx.requireMember().id, ctx.request.activityId, nowOf()));
  registerCall(app, campaignShotKick, async (ctx) => kickShot(ctx.db, ctx.siteId, ctx.requireMember().id, ctx.request, nowOf()), { idempotency: 'ledger' });
  registerCall(app, campaignShotDemoStart, async (ctx) => startDemoShot(app.lobby.db, { ip: ctx.ip, deviceId: ctx.deviceId }, nowOf()));
  registerCall(app, campaignShotDemoKick, async (ctx) => kickDemoShot(app.lobby.db, ctx.request, nowOf()));

  // Settlement: the feed's end of a match settles its guesses at once; a sweep catches what a listener missed (another instance, a restart).
  if (app.hasDecorator('sportsFeed')) {
    app.sportsFeed.onChange(({ fixture }) => {
      if (fixture.status !== 'ended' && fixture.status !== 'cancelled') return;
      void settleFixtureGuesses(app.lobby.db, fixture.id, nowOf()).catch((error: unknown) => app.log.warn({ err: error, fixtureId: fixture.id }, 'guess settlement failed'));
    });
  }
  runWhileListening(app, { name: 'guess settlement sweep', everyMs: GUESS_SETTLE_INTERVAL_MS, run: () => settleDueGuesses(app.lobby.db, nowOf()) });
}
