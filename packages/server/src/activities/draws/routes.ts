import type { FastifyInstance } from 'fastify';
import {
  drawGiftDraw, drawGiftInfo, drawGiftRecords, fairMine, fairRounds, raffleInfo, raffleRanking, raffleTickets, raffleTicketsReceive, spinWheelDraw, spinWheelInfo,
  spinWheelReceive, spinWheelRecords, spinWheelTasks,
} from '@lobby/sdk';
import type { Database } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import type { CallContext } from '../../http/register-call.js';
import { registerCall } from '../../http/register-call.js';
import { ACTIVITY_COLUMNS, activityById, activityOf, liveActivity, visibleActivity } from '../engine/index.js';
import { drawGiftInfoOf, receiveSpins, spinWheelInfoOf, takeDraw } from './draw-service.js';
import { activityRounds } from './fairness.js';
import { commitRaffle, rankingOf, raffleInfoOf, raffleOf, settleRaffleWhenPayable, takeTickets, ticketsOf } from './raffle.js';
import { fairRecordsOf } from './records.js';
import { commitWindows, windowAt } from './windows.js';
import { runWhileListening } from '../../http/while-listening.js';

/** How often the draws' sweep commits upcoming windows and makes due raffle draws while the server listens. */
export const DRAWS_SWEEP_INTERVAL_MS = 30_000;

/**
 * Commits the open and next window of every published draw gift and wheel, commits every
 * raffle's round and makes every due raffle draw. Answers how many raffles it drew.
 */
export async function sweepDraws(db: Database, now: Date): Promise<number> {
  const { rows } = await db.query<Parameters<typeof activityOf>[0]>(
    `SELECT ${ACTIVITY_COLUMNS} FROM promo_activities
      WHERE kind IN ('draw_gift', 'spin_wheel', 'raffle') AND state <> 'draft' AND ends_at > $1::timestamptz - interval '7 days'
        AND NOT EXISTS (SELECT 1 FROM promo_raffle_draws d WHERE d.activity_id = promo_activities.id)`,
    [now],
  );
  let drawn = 0;
  for (const activity of rows.map(activityOf)) {
    await db.transaction(async (tx) => {
      if (activity.kind === 'raffle') {
        await commitRaffle(tx, activity, now);
        if (await settleRaffleWhenPayable(tx, activity, now)) drawn += 1;
      } else if (activity.state === 'published' || activity.state === 'paused') {
        await commitWindows(tx, activity, now);
      }
    });
  }
  return drawn;
}

/** Draw gift, spin wheel, raffle and the fairness reveal (issue 20; docs/PROMO-FAIRNESS.md). */
export function drawRoutes(app: FastifyInstance): void {
  const now = (ctx: CallContext<unknown>) => new Date(ctx.services.providers.clock.now());

  registerCall(app, drawGiftInfo, async (ctx) => ctx.db.transaction(async (tx) => {
    const activity = await visibleActivity(tx, ctx.siteId, ctx.request.id, 'draw_gift');
    return drawGiftInfoOf(tx, activity, ctx.member?.id ?? null, now(ctx));
  }));

  registerCall(app, drawGiftDraw, async (ctx) => {
    const member = ctx.requireMember();
    return ctx.db.transaction(async (tx) => {
      const activity = await liveActivity(tx, ctx.siteId, ctx.request.id, 'draw_gift', now(ctx));
      return takeDraw(tx, activity, member.id, 'draw_gift', ctx.request.termsVersion, now(ctx));
    });
  }, { idempotency: 'ledger' });

  registerCall(app, drawGiftRecords, async (ctx) => {
    const member = ctx.requireMember();
    const activity = await visibleActivity(ctx.db, ctx.siteId, ctx.request.id, 'draw_gift');
    return { list: await fairRecordsOf(ctx.db, activity.id, member.id, now(ctx), { prefix: 'draw:' }) };
  });

  registerCall(app, spinWheelInfo, async (ctx) => ctx.db.transaction(async (tx) => {
    const activity = await visibleActivity(tx, ctx.siteId, ctx.request.id, 'spin_wheel');
    return spinWheelInfoOf(tx, activity, ctx.member?.id ?? null, now(ctx));
  }));

  registerCall(app, spinWheelTasks, async (ctx) => {
    const member = ctx.requireMember();
    return ctx.db.transaction(async (tx) => {
      const activity = await visibleActivity(tx, ctx.siteId, ctx.request.id, 'spin_wheel');
      const info = await spinWheelInfoOf(tx, activity, member.id, now(ctx));
      return { roundKey: windowAt(activity, now(ctx))?.key ?? '', tasks: info.tasks };
    });
  });

  registerCall(app, spinWheelReceive, async (ctx) => {
    const member = ctx.requireMember();
    return ctx.db.transaction(async (tx) => {
      const activity = await liveActivity(tx, ctx.siteId, ctx.request.id, 'spin_wheel', now(ctx));
      return receiveSpins(tx, activity, member.id, ctx.request.taskId, ctx.request.termsVersion, now(ctx));
    });
  });

  registerCall(app, spinWheelDraw, async (ctx) => {
    const member = ctx.requireMember();
    return ctx.db.transaction(async (tx) => {
      const activity = await liveActivity(tx, ctx.siteId, ctx.request.id, 'spin_wheel', now(ctx));
      return takeDraw(tx, activity, member.id, 'spin_wheel', ctx.request.termsVersion, now(ctx));
    });
  }, { idempotency: 'ledger' });

  registerCall(app, spinWheelRecords, async (ctx) => {
    const member = ctx.requireMember();
    const activity = await visibleActivity(ctx.db, ctx.siteId, ctx.request.id, 'spin_wheel');
    return { list: await fairRecordsOf(ctx.db, activity.id, member.id, now(ctx), { prefix: 'spin:' }) };
  });

  registerCall(app, raffleInfo, async (ctx) => ctx.db.transaction(async (tx) => {
    const activity = await raffleOf(tx, ctx.siteId, ctx.request.id, now(ctx));
    return raffleInfoOf(tx, activity, ctx.member?.id ?? null, now(ctx));
  }));

  registerCall(app, raffleTicketsReceive, async (ctx) => {
    const member = ctx.requireMember();
    return ctx.db.transaction(async (tx) => {
      const activity = await liveActivity(tx, ctx.siteId, ctx.request.id, 'raffle', now(ctx));
      return takeTickets(tx, activity, member.id, ctx.request.termsVersion, now(ctx));
    });
  });

  registerCall(app, raffleTickets, async (ctx) => {
    const member = ctx.requireMember();
    const activity = await visibleActivity(ctx.db, ctx.siteId, ctx.request.id, 'raffle');
    return ticketsOf(ctx.db, activity.id, member.id, ctx.request.page ?? 1);
  });

  registerCall(app, raffleRanking, async (ctx) => {
    const activity = await visibleActivity(ctx.db, ctx.siteId, ctx.request.id, 'raffle');
    return rankingOf(ctx.db, activity.id, ctx.member?.id ?? null);
  });

  registerCall(app, fairRounds, async (ctx) => {
    const activity = await activityById(ctx.db, ctx.request.id);
    if (!activity || activity.siteId !== ctx.siteId || activity.state === 'draft') throw new BusinessError('activityNotFound', `no activity ${ctx.request.id}`);
    const list = await activityRounds(ctx.db, activity.id, now(ctx));
    return {
      list: list.map((round) => ({
        roundKey: round.roundKey, seedHash: round.seedHash, serverSeed: round.serverSeed, committedAt: round.committedAt.toISOString(), opensAt: round.opensAt.toISOString(),
        closesAt: round.closesAt.toISOString(), revealedAt: round.revealedAt?.toISOString() ?? null,
      })),
    };
  });

  registerCall(app, fairMine, async (ctx) => {
    const member = ctx.requireMember();
    const activity = await activityById(ctx.db, ctx.request.id);
    if (!activity || activity.siteId !== ctx.siteId || activity.state === 'draft') throw new BusinessError('activityNotFound', `no activity ${ctx.request.id}`);
    return { list: await fairRecordsOf(ctx.db, activity.id, member.id, now(ctx)) };
  });

  runWhileListening(app, { name: 'draws sweep', everyMs: DRAWS_SWEEP_INTERVAL_MS, run: () => sweepDraws(app.lobby.db, new Date(app.lobby.providers.clock.now())) });
}
