import type { FastifyInstance } from 'fastify';
import {
  SPORTS_PAGE_SIZE_DEFAULT, boardTopic, fixtureTopic, sportsFixtureDetail, sportsFixtures, sportsLeagues, sportsList, sportsPushLogin, sportsResults,
} from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import { hitRates } from '../http/rate-limit.js';
import { registerCall } from '../http/register-call.js';
import { FeedConsumer } from './consumer.js';
import type { FeedSnapshot, Producer, SportsFeed } from './feed-adapter.js';
import type { SportsFeedService } from './feed-api.js';
import { chatBrokerSportsPush } from './push.js';
import { fixtureDetail, fixturePage, leagues, results, sportsSummary, unknownFixtures, withMainMarkets } from './queries.js';
import { SandboxFeed } from './sandbox/sandbox-feed.js';
import { sportsSandboxDoors } from './sandbox-doors.js';
import { sportsStore } from './store.js';

/**
 * Push logins one device, and one IP address, may ask for an hour (our choice: a page asks
 * once per topic and again after a refused connection); more are tooManyRequests. Each
 * login writes a broker credential, and anyone may ask.
 */
export const PUSH_LOGIN_CALLS_PER_HOUR = { device: 120, ip: 600 } as const;

/** A feed that sends nothing: with the sandbox off and no real feed plugged in, every market stays suspended. */
const noFeed: SportsFeed = {
  subscribe: () => () => undefined,
  snapshot: async (producer: Producer): Promise<FeedSnapshot> => ({ producer, seq: 0, fixtures: [] }),
};

/**
 * The sports feed adapter, its sandbox feed and lobby's fixture store and push (issue 19;
 * docs/SPORTS.md). Decorates `app.sportsFeed` (feed-api.ts); the consumer takes the feed's
 * messages from the start (tests drive the sandbox directly) and, while the instance
 * listens, the sandbox plays its rolling schedule and the consumer watches for gaps and
 * silence. Every applied change is pushed to `sports/fixtures/<id>` and `sports/board/<kind>`.
 */
export function sportsFeedRoutes(app: FastifyInstance): void {
  const { db, providers, config } = app.lobby;
  const sandbox = config.sandbox ? new SandboxFeed({ clock: providers.clock, schedule: true }) : undefined;
  const consumer = new FeedConsumer(db, sandbox ?? noFeed, providers.clock);
  consumer.onError = (error) => app.log.warn({ err: error }, 'sports feed consumer');
  consumer.attach();
  const push = chatBrokerSportsPush(app);
  consumer.onChange((change) => {
    push.publish(change).catch((error: unknown) => app.log.warn({ err: error }, 'sports push'));
  });
  const service: SportsFeedService = {
    store: sportsStore,
    onOutcome: (listener) => consumer.onOutcome(listener),
    onChange: (listener) => consumer.onChange(listener),
    consumer,
    sandbox,
  };
  if (!app.hasDecorator('sportsFeed')) app.decorate('sportsFeed', service);
  app.addHook('onListen', async () => {
    sandbox?.start();
    consumer.watch();
  });
  app.addHook('onClose', async () => {
    sandbox?.stop();
    consumer.stop();
    await consumer.idle();
  });
  if (sandbox) sportsSandboxDoors(app, sandbox, () => consumer.idle());

  const now = () => providers.clock.now();
  const paging = (request: { page?: number; pageSize?: number }) => ({ page: request.page ?? 1, pageSize: request.pageSize ?? SPORTS_PAGE_SIZE_DEFAULT });

  registerCall(app, sportsList, async (ctx) => ({ sports: await sportsSummary(ctx.db, ctx.request.kind) }));

  registerCall(app, sportsLeagues, async (ctx) => ({ leagues: await leagues(ctx.db, ctx.request.kind, ctx.request.sport) }));

  registerCall(app, sportsFixtures, async (ctx) => {
    const { kind, sport, leagueId, day, status, withMarkets } = ctx.request;
    const { page, pageSize } = paging(ctx.request);
    const { items, total } = await fixturePage(ctx.db, { kind, sport, leagueId, day, status, page, pageSize }, now());
    return { fixtures: withMarkets ? await withMainMarkets(ctx.db, items) : items, total, page, pageSize };
  });

  registerCall(app, sportsFixtureDetail, async (ctx) => fixtureDetail(ctx.db, ctx.request.fixtureId));

  registerCall(app, sportsResults, async (ctx) => {
    const { kind, sport, leagueId, day } = ctx.request;
    const { page, pageSize } = paging(ctx.request);
    const answer = await results(ctx.db, { kind, sport, leagueId, day, page, pageSize }, now());
    return { ...answer, page, pageSize };
  });

  registerCall(app, sportsPushLogin, async (ctx) => {
    const [byDevice, byIp] = await hitRates(ctx.db, [
      { key: `sports-push-login:device:${ctx.deviceId}`, windowMs: 3_600_000 },
      { key: `sports-push-login:ip:${ctx.ip}`, windowMs: 3_600_000 },
    ], now());
    if (byDevice! > PUSH_LOGIN_CALLS_PER_HOUR.device || byIp! > PUSH_LOGIN_CALLS_PER_HOUR.ip) {
      throw new BusinessError('tooManyRequests', `at most ${PUSH_LOGIN_CALLS_PER_HOUR.device} push logins an hour from one device (${PUSH_LOGIN_CALLS_PER_HOUR.ip} from one address)`);
    }
    const fixtureIds = [...new Set(ctx.request.fixtureIds)];
    if (fixtureIds.length === 0 && !ctx.request.board) throw new BusinessError('invalidField', 'fixtureIds: at least one fixture, or a board');
    const unknown = await unknownFixtures(ctx.db, fixtureIds);
    if (unknown.length > 0) throw new BusinessError('sportsFixtureNotFound', `no fixture ${unknown.join(', ')}`);
    const topics = [...fixtureIds.map(fixtureTopic), ...(ctx.request.board ? [boardTopic(ctx.request.board)] : [])];
    // The push is public (scores and odds): a login names no member, so it has no inbox.
    return { url: push.brokerUrl(`${ctx.raw.protocol}://${ctx.raw.host}`), logins: await push.logins(null, topics) };
  });
}
