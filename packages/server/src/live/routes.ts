import type { FastifyInstance } from 'fastify';
import {
  anchorBuyGoldEvent, anchorRoomDetail, chatroomStatusList, controlSwitchConfig, gameAssist, GAME_ASSIST_SIZE, homeSport, liveMatchOf, matchDetail, matchOdds,
  opsLiveSwitchSet, popularLiveList, popularLiveTop, toMinor, totalMatchCount, venueFetch, watchSet, watchStatus,
} from '@lobby/sdk';
import { activeMute } from '../chat/mute-repository.js';
import { chatOpen } from '../chat/room-repository.js';
import { roomTopic } from '../chat/topics.js';
import { BusinessError } from '../http/errors.js';
import type { CallContext } from '../http/register-call.js';
import { registerCall } from '../http/register-call.js';
import { brandVenues } from '../venues/venue-wallets.js';
import { chatRoomOf, liveSwitches, recordBuyGold, setLiveSwitch, setWatch, watchOf } from './live-repository.js';
import { LiveService } from './live-service.js';
import { assistOf, mainMarkets } from './match-views.js';
import { productSources } from './product-sources.js';
import { brandDayOf } from './brand-day.js';

/**
 * Live and sports calls (spec section 7 "Live and sports"), the anchor room and home sport
 * (issue 19; docs/ANCHOR-ROOM.md). Reads rooms from the video host and matches from the
 * sports store through LiveService's sources; listed after both their route groups.
 */
export function liveRoutes(app: FastifyInstance): void {
  let service: LiveService | undefined;
  const live = () => (service ??= new LiveService(app.hasDecorator('liveSources') ? app.liveSources : productSources(app)));
  const nowMs = (ctx: CallContext<unknown>) => ctx.services.providers.clock.now();

  registerCall(app, popularLiveList, (ctx) => live().popularList(ctx.db, ctx.siteId, ctx.request.page ?? 1, ctx.request.size));
  registerCall(app, popularLiveTop, async (ctx) => ({ list: await live().popularTop(ctx.db, ctx.siteId) }));

  registerCall(app, anchorRoomDetail, async (ctx) => {
    const room = await live().room(ctx.db, ctx.siteId, ctx.request.roomId);
    return { room, chatRoomId: await chatRoomOf(ctx.db, ctx.siteId, room.roomId, room.title) };
  });

  registerCall(app, matchDetail, async (ctx) => {
    const fixture = await live().fixture(ctx.db, ctx.request.fixtureId);
    const rooms = (await live().rooms(ctx.db, ctx.siteId)).filter((room) => room.fixtureId === fixture.id);
    return { match: liveMatchOf(fixture), rooms };
  });

  registerCall(app, matchOdds, async (ctx) => {
    const fixture = await live().fixture(ctx.db, ctx.request.fixtureId);
    return { fixtureId: fixture.id, markets: mainMarkets(await live().sources.matches.markets(ctx.db, fixture.id)) };
  });

  registerCall(app, gameAssist, async (ctx) => {
    const fixture = await live().fixture(ctx.db, ctx.request.fixtureId);
    const matches = live().sources.matches;
    // The home side's longer history holds the meetings; one more than shown, as the fixture itself may be listed.
    const [home, guest] = await Promise.all([
      matches.endedWith(ctx.db, fixture.homeEn, GAME_ASSIST_SIZE * 4),
      matches.endedWith(ctx.db, fixture.awayEn, GAME_ASSIST_SIZE + 1),
    ]);
    return assistOf(fixture, home, guest);
  });

  registerCall(app, watchStatus, async (ctx) => {
    const member = ctx.requireMember();
    return watchOf(ctx.db, member.id, ctx.request.targetType, ctx.request.targetId);
  });

  registerCall(app, watchSet, async (ctx) => {
    const member = ctx.requireMember();
    const { targetType, targetId, watching } = ctx.request;
    if (watching) await requireTarget(ctx, targetType, targetId);
    await setWatch(ctx.db, member.id, targetType, targetId, watching);
    return watchOf(ctx.db, member.id, targetType, targetId);
  });

  const requireTarget = async (ctx: CallContext<unknown>, type: 'room' | 'match', id: string) => {
    const exists = type === 'match'
      ? (await live().sources.matches.fixture(ctx.db, id)) !== undefined
      : (await live().sources.rooms.rooms(ctx.siteId)).some((room) => room.roomId === id);
    if (!exists) throw new BusinessError('liveWatchTargetNotFound', `targetId: no ${type} ${id}`);
  };

  registerCall(app, chatroomStatusList, async (ctx) => {
    const wanted = ctx.request.roomIds?.split(',');
    const rooms = (await live().rooms(ctx.db, ctx.siteId)).filter((room) => !wanted || wanted.includes(room.roomId));
    const siteOpen = await chatOpen(ctx.db, ctx.siteId);
    const list = [];
    for (const room of rooms) {
      const imId = await chatRoomOf(ctx.db, ctx.siteId, room.roomId, room.title);
      const muted = ctx.member ? (await activeMute(ctx.db, imId, ctx.member.id, nowMs(ctx))) !== null : false;
      list.push({ roomId: room.roomId, imId, imTopic: roomTopic(ctx.siteId, imId), topic: room.title, status: siteOpen && room.anchorStatus === 1 ? 1 : 0, muted });
    }
    return { list };
  });

  registerCall(app, venueFetch, async (ctx) => {
    const fixture = await live().fixture(ctx.db, ctx.request.fixtureId);
    const gameType = fixture.kind === 'esports' ? 2 : 1;
    const brand = await ctx.services.brands.get(ctx.siteId);
    const list = brandVenues(brand?.config.venues)
      .filter((venue) => venue.gameType === gameType)
      .map((venue) => ({ venueCode: venue.code, enName: venue.enName, zhName: venue.zhName, gameType }));
    return { fixtureId: fixture.id, list };
  });

  registerCall(app, totalMatchCount, async (ctx) => {
    const kind = ctx.request.kind ?? 'sports';
    const day = brandDayOf(nowMs(ctx));
    const matches = live().sources.matches;
    const [liveNow, today] = await Promise.all([
      matches.fixtures(ctx.db, { kind, statuses: ['live'], limit: 10_000 }),
      matches.fixtures(ctx.db, { kind, startsFrom: day.start, startsBefore: day.end, limit: 10_000 }),
    ]);
    return { live: liveNow.length, today: today.length };
  });

  registerCall(app, homeSport, (ctx) => live().homeSport(ctx.db, ctx.siteId, nowMs(ctx)));

  registerCall(app, controlSwitchConfig, async (ctx) => {
    const switches = await liveSwitches(ctx.db, ctx.siteId);
    return {
      list: [
        { switchType: 2, open: await chatOpen(ctx.db, ctx.siteId) },
        { switchType: 3, open: switches.anchorOpen },
        { switchType: 4, open: switches.sportsOpen },
      ],
    };
  });

  registerCall(app, opsLiveSwitchSet, async (ctx) => {
    const { siteId, switchType, open } = ctx.request;
    await setLiveSwitch(ctx.db, siteId, switchType, open);
    return { switchType, open };
  });

  registerCall(app, anchorBuyGoldEvent, async (ctx) => {
    const member = ctx.requireMember();
    const { gold_count: goldCount, recharge_amount: rechargeAmount, roomId } = ctx.request;
    const recorded = await recordBuyGold(ctx.db, { memberId: member.id, goldCount, rechargeMinor: toMinor(rechargeAmount, 2), roomId: roomId ?? null });
    if (!recorded) throw new BusinessError('buyGoldOrderNotFound', `gold_count, recharge_amount: no coin purchase of ${goldCount} coins for ${rechargeAmount} yuan`);
    return recorded;
  });
}
