import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE, sportsFixtureDetail, sportsFixtures, sportsLeagues, sportsList, sportsPush, sportsPushLogin, sportsResults, type SportsPushUpdate,
} from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { expectHourlyDeviceAndAddressLimits } from '../testing/rate-counters.js';
import { serverSuite } from '../testing/server-suite.js';
import { beijingDayKey } from '../common/beijing-time.js';
import { PUSH_LOGIN_CALLS_PER_HOUR } from './routes.js';
import { BET_STOP_MS } from './sandbox/sandbox-feed.js';

describe.each(testEngines())('the sports read calls and sandbox doors on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const door = async (path: string, body: unknown) => {
    const answer = await suite.app.inject({ method: 'POST', url: `/sandbox/sports/${path}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    return answer.json();
  };
  const create = async (body: Record<string, unknown>) => (await door('fixtures', body)).data.fixtureId as string;

  it('lists sports with their counts, fixtures by status with their main markets, and a fixture with every market', async () => {
    const live = await create({ sport: 'football', homeEn: 'Harbour City', homeZh: '海港城', awayEn: 'North Vale', awayZh: '北谷' });
    const upcoming = await create({ sport: 'football', startsInMs: 2 * 3600_000 });
    const sports = (await suite.call(sportsList, { kind: 'sports' })).body.data.sports;
    expect(sports.map((sport) => sport.sport)).toEqual(['football', 'basketball']);
    expect(sports[0]).toMatchObject({ nameEn: 'Football', nameZh: '足球' });
    expect(sports[0]!.live).toBeGreaterThanOrEqual(1);
    expect(sports[0]!.upcoming).toBeGreaterThanOrEqual(1);
    expect((await suite.call(sportsList, { kind: 'esports' })).body.data.sports.map((sport) => sport.sport)).toEqual(['esoccer', 'moba']);

    const livePage = (await suite.call(sportsFixtures, { kind: 'sports', status: 'live', withMarkets: true, pageSize: 100 })).body.data;
    const item = livePage.fixtures.find((entry) => entry.fixture.id === live)!;
    expect(item.fixture).toMatchObject({ status: 'live', homeEn: 'Harbour City', homeZh: '海港城', score: { home: 0, away: 0 }, kind: 'sports', sport: 'football' });
    expect(item.markets.map((market) => market.type)).toEqual(['1x2', 'asian_handicap', 'over_under']);
    expect(item.marketCount).toBe(13);
    expect(livePage.fixtures.some((entry) => entry.fixture.id === upcoming)).toBe(false);
    const upcomingPage = (await suite.call(sportsFixtures, { kind: 'sports', sport: 'football', status: 'upcoming', pageSize: 100 })).body.data;
    expect(upcomingPage.fixtures.map((entry) => entry.fixture.id)).toContain(upcoming);
    expect(upcomingPage.fixtures.every((entry) => entry.markets.length === 0)).toBe(true);
    const today = (await suite.call(sportsFixtures, { kind: 'sports', day: beijingDayKey(suite.clock.now()), pageSize: 100 })).body.data;
    expect(today.fixtures[0]!.fixture.status).toBe('live');

    const detail = (await suite.call(sportsFixtureDetail, { fixtureId: live })).body.data;
    expect(detail.markets.map((market) => market.id)).toEqual(['1x2', ...detail.markets.slice(1, 6).map((market) => market.id), ...detail.markets.slice(6, 11).map((market) => market.id), 'cs', 'oe']);
    expect(detail.markets.slice(1, 6).every((market) => market.type === 'asian_handicap')).toBe(true);
    expect(detail.markets.slice(1, 6).some((market) => Math.abs(market.line!) % 2 === 1)).toBe(true);
    for (const market of detail.markets) {
      expect(market.status).toBe('active');
      for (const selection of market.selections) expect(Number.isInteger(selection.odds) && selection.odds >= 1001).toBe(true);
    }
    const leagues = (await suite.call(sportsLeagues, { kind: 'sports', sport: 'football' })).body.data.leagues;
    expect(leagues.map((league) => league.id)).toContain(detail.fixture.leagueId);
  });

  it('shows a goal at once with the markets suspended, reopens them at new odds, and lists the result with its goals', async () => {
    const fixtureId = await create({ sport: 'football', homeEn: 'Red Lions', awayEn: 'Blue Herons' });
    const before = (await suite.call(sportsFixtureDetail, { fixtureId })).body.data;
    await door('run', { fixtureId, minutes: 30 });
    const goal = await door('goal', { fixtureId, side: 'away' });
    expect(goal.data.fixture).toMatchObject({ score: { home: 0, away: 1 }, minute: 30 });
    const stopped = (await suite.call(sportsFixtureDetail, { fixtureId })).body.data;
    expect(stopped.fixture.score).toEqual({ home: 0, away: 1 });
    expect(stopped.events).toEqual([{ type: 'goal', minute: 31, side: 'away', score: { home: 0, away: 1 } }]);
    expect(new Set(stopped.markets.map((market) => market.status))).toEqual(new Set(['suspended']));

    suite.clock.advance(BET_STOP_MS);
    await door('tick', {});
    const reopened = (await suite.call(sportsFixtureDetail, { fixtureId })).body.data;
    const price = (detail: typeof before, selection: string) => detail.markets[0]!.selections.find((entry) => entry.id === selection)!.odds;
    expect(reopened.markets[0]).toMatchObject({ id: '1x2', status: 'active' });
    expect(reopened.markets[0]!.version).toBeGreaterThan(stopped.markets[0]!.version);
    expect(price(reopened, 'away')).toBeLessThan(price(before, 'away'));
    expect(reopened.markets.every((market) => market.status === 'active')).toBe(true);

    await door('run', { fixtureId, toEnd: true });
    const ended = (await suite.call(sportsFixtureDetail, { fixtureId })).body.data;
    expect(ended.fixture).toMatchObject({ status: 'ended', minute: 90 });
    expect(new Set(ended.markets.map((market) => market.status))).toEqual(new Set(['settled']));
    const results = (await suite.call(sportsResults, { sport: 'football', day: beijingDayKey(Date.parse(ended.fixture.startsAt)), pageSize: 100 })).body.data;
    const result = results.results.find((entry) => entry.fixture.id === fixtureId)!;
    expect(result.periods).toEqual([{ home: 0, away: 1 }, { home: 0, away: 0 }]);
    expect(result.events).toHaveLength(1);
    const outcome = await suite.app.sportsFeed.store.outcome(suite.db, fixtureId, '1x2');
    expect(outcome).toMatchObject({ state: 'settled', results: { away: { outcome: 'won' }, home: { outcome: 'lost' }, draw: { outcome: 'lost' } } });
  });

  it('cancels with a window, rolls back and resettles through the doors, and the store states each outcome', async () => {
    const fixtureId = await create({ sport: 'esoccer' });
    const from = suite.clock.now() - 60_000;
    const cancelled = await door('cancel', { fixtureId, marketIds: ['cs'], voidFromMs: from, voidToMs: suite.clock.now() });
    expect(cancelled.data.marketIds).toEqual(['cs']);
    expect(await suite.app.sportsFeed.store.outcome(suite.db, fixtureId, 'cs')).toMatchObject({ state: 'cancelled', voidFrom: new Date(from), voidTo: new Date(suite.clock.now()) });
    await door('run', { fixtureId, toEnd: true });
    // The window stays on the settlement that follows: bets placed inside it are still void.
    expect(await suite.app.sportsFeed.store.outcome(suite.db, fixtureId, 'cs')).toMatchObject({ state: 'settled', voidFrom: new Date(from) });
    const rolled = await door('rollback', { fixtureId, kind: 'settlement', marketIds: ['1x2'], reason: 'checking the score' });
    expect(rolled.data.marketIds).toEqual(['1x2']);
    expect(await suite.app.sportsFeed.store.outcome(suite.db, fixtureId, '1x2')).toMatchObject({ state: 'open', version: 2, reason: 'checking the score' });
    expect((await suite.app.sportsFeed.store.market(suite.db, fixtureId, '1x2'))?.market.status).toBe('suspended');
    suite.clock.advance(1_000);
    const since = new Date(suite.clock.now());
    await door('rollback', { fixtureId, kind: 'settlement', marketIds: ['oe'], resettle: true });
    const changed = await suite.app.sportsFeed.store.outcomesSince(suite.db, since, 10);
    expect(changed.filter((outcome) => outcome.fixtureId === fixtureId).map((outcome) => [outcome.marketId, outcome.state])).toEqual([['oe', 'settled']]);
  });

  it('refuses unknown fixtures, impossible days, bad door input and goals outside play, changing nothing', async () => {
    expect((await suite.call(sportsFixtureDetail, { fixtureId: 'football-none' })).body.code).toBe(CODE.sportsFixtureNotFound);
    expect((await suite.call(sportsFixtures, { kind: 'sports', day: '2026-02-30' })).body.code).toBe(CODE.sportsDayInvalid);
    expect((await suite.call(sportsResults, { day: '2026-13-01' })).body.code).toBe(CODE.sportsDayInvalid);
    expect((await suite.call(sportsPushLogin, { fixtureIds: ['football-none'] })).body.code).toBe(CODE.sportsFixtureNotFound);
    expect((await suite.call(sportsPushLogin, { fixtureIds: [] })).body.code).toBe(CODE.invalidField);
    expect((await door('fixtures', { sport: 'cricket' })).code).toBe(CODE.invalidField);
    expect((await door('goal', { fixtureId: 'football-none', side: 'home' })).code).toBe(CODE.sportsSandboxRefused);
    const later = await create({ sport: 'football', startsInMs: 3600_000 });
    expect((await door('goal', { fixtureId: later, side: 'home' })).code).toBe(CODE.sportsSandboxRefused);
    expect((await door('run', { fixtureId: later, minutes: 0 })).code).toBe(CODE.invalidField);
    expect((await door('fault', { producer: 'sports', fault: 'explode' })).code).toBe(CODE.invalidField);
    expect((await suite.call(sportsFixtureDetail, { fixtureId: later })).body.data.fixture).toMatchObject({ status: 'scheduled', score: { home: 0, away: 0 } });
  });
});

describe.each(testEngines())('the sports push login limit on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });

  it('limits push logins by device and by IP address with tooManyRequests, issuing no credential', async () => {
    const fixtureId = suite.app.sportsFeed.sandbox!.createFixture({ sport: 'football' });
    await suite.app.sportsFeed.consumer.idle();
    await expectHourlyDeviceAndAddressLimits({
      db: suite.db,
      clock: suite.clock,
      send: (deviceId, remoteAddress) => suite.call(sportsPushLogin, { fixtureIds: [fixtureId] }, { deviceId, remoteAddress, timestamp: suite.clock.now() }),
      written: async () => (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_credentials')).rows[0]!.n,
      limits: PUSH_LOGIN_CALLS_PER_HOUR,
      message: 'push logins an hour',
      addressKey: (ip) => `sports-push-login:ip:${ip}`,
      net: '10.30.0.',
      devices: 'push-device-',
    });
  });
});

describe.each(testEngines().slice(0, 1))('the sports push over the embedded broker on %s', (engine) => {
  const suite = serverSuite(engine);
  let origin: string;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    origin = await suite.app.listen({ port: 0, host: '127.0.0.1' });
    suite.app.sportsFeed.sandbox!.setSchedule(false);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
  });
  const door = async (path: string, body: unknown) =>
    (await fetch(`${origin}/sandbox/sports/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const login = async (request: { fixtureIds: string[]; board?: 'sports' | 'esports' }) => {
    const answer = (await suite.call(sportsPushLogin, request, { headers: { host: new URL(origin).host } })).body;
    expect(answer.code).toBe(0);
    return answer.data;
  };
  const until = async (done: () => boolean, timeoutMs = 5000) => {
    for (const started = Date.now(); !done(); await new Promise((resolve) => setTimeout(resolve, 50))) {
      if (Date.now() - started > timeoutMs) throw new Error('the push did not arrive');
    }
  };

  it('pushes a fixture change and its suspended markets to a subscribed client, the score to the board, and nothing else to that login', async () => {
    const fixtureId = (await door('fixtures', { sport: 'football', homeEn: 'Pushed Home', awayEn: 'Pushed Away' })).data.fixtureId as string;
    const other = (await door('fixtures', { sport: 'football' })).data.fixtureId as string;
    const answer = await login({ fixtureIds: [fixtureId], board: 'sports' });
    expect(answer.url).toBe(`${origin.replace('http', 'ws')}/mqtt`);
    expect(answer.logins.map((entry) => entry.topic)).toEqual([`sports/fixtures/${fixtureId}`, 'sports/board/sports']);
    const [fixtureLogin, boardLogin] = answer.logins;
    const client = await mqtt.connectAsync(answer.url, { ...fixtureLogin, reconnectPeriod: 0, connectTimeout: 5000 });
    const board = await mqtt.connectAsync(answer.url, { ...boardLogin, reconnectPeriod: 0, connectTimeout: 5000 });
    clients.push(client, board);
    expect((await client.subscribeAsync(fixtureLogin!.topic, { qos: 0 }))[0]!.qos).toBe(0);
    expect((await board.subscribeAsync(boardLogin!.topic, { qos: 0 }))[0]!.qos).toBe(0);
    const refused = await client.subscribeAsync(`sports/fixtures/${other}`, { qos: 0 }).then((granted) => granted[0]!.qos, (error: { packet?: { granted?: number[] } }) => error.packet?.granted?.[0]);
    expect(refused).toBe(128);

    const onFixture: { type: string; fixture: { score: unknown }; markets: { status: string }[] }[] = [];
    const onBoard: unknown[] = [];
    client.on('message', (_topic, payload) => onFixture.push(JSON.parse(payload.toString())));
    board.on('message', (_topic, payload) => onBoard.push(JSON.parse(payload.toString())));
    await door('goal', { fixtureId, side: 'home' });
    await until(() => onFixture.length >= 2 && onBoard.length >= 1);
    expect(onFixture[0]).toMatchObject({ type: 'sportsFixture', fixture: { id: fixtureId, score: { home: 1, away: 0 } }, markets: [] });
    expect(onBoard[0]).toMatchObject({ type: 'sportsBoard', fixture: { id: fixtureId, score: { home: 1, away: 0 } } });
    // Then the bet stop: every market suspended, with the fixture as it stands.
    expect(onFixture[1]!.markets).toHaveLength(13);
    expect(new Set(onFixture[1]!.markets.map((market) => market.status))).toEqual(new Set(['suspended']));
    expect(onFixture[1]!.fixture.score).toEqual({ home: 1, away: 0 });
  });

  it('the sdk push client delivers fresh updates of the fixtures a page adds, and none after it removes them', async () => {
    const fixtureId = (await door('fixtures', { sport: 'esoccer' })).data.fixtureId as string;
    const updates: SportsPushUpdate[] = [];
    const statuses: string[] = [];
    const push = sportsPush({
      login: async (request) => login(request),
      loadMqtt: async () => mqtt as never,
      onUpdate: (update) => updates.push(update),
      onStatus: (status) => statuses.push(status),
      retryMs: 200,
    });
    push.add([fixtureId]);
    await until(() => statuses.includes('live'));
    expect(statuses.at(-1)).toBe('live');
    await door('run', { fixtureId, minutes: 20 });
    await until(() => updates.length > 0);
    expect(updates[0]).toMatchObject({ fixtureId, fixture: { id: fixtureId, minute: 20 } });
    push.remove([fixtureId]);
    expect(push.fixtures()).toEqual([]);
    const seen = updates.length;
    await door('run', { fixtureId, minutes: 20 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(updates).toHaveLength(seen);
    push.close();
  });

  it('the sdk push client closes the gap between a page\'s read and its subscription: a bet stop made in between arrives by the resync', async () => {
    const fixtureId = (await door('fixtures', { sport: 'football' })).data.fixtureId as string;
    const read = (await suite.call(sportsFixtureDetail, { fixtureId })).body.data;
    // The stop lands after the page read and before the push is subscribed: no push will carry it to this client.
    await door('bet-stop', { fixtureId, seconds: 60 });
    const updates: SportsPushUpdate[] = [];
    const resyncs: string[] = [];
    const push = sportsPush({
      login: async (request) => login(request),
      loadMqtt: async () => mqtt as never,
      onUpdate: (update) => updates.push(update),
      resync: async (id) => {
        resyncs.push(id);
        return (await suite.call(sportsFixtureDetail, { fixtureId: id })).body.data;
      },
      retryMs: 200,
    });
    push.filter.seen(read.fixture, read.markets);
    push.add([fixtureId]);
    await until(() => updates.length > 0);
    expect(resyncs).toEqual([fixtureId]);
    const market = updates[0]!.markets.find((entry) => entry.id === '1x2');
    expect(market).toMatchObject({ status: 'suspended' });
    expect(market!.version).toBeGreaterThan(read.markets.find((entry) => entry.id === '1x2')!.version);
    push.close();
  });
});
