import { SPORTS_PUSH_FIXTURES_MAX, type SportsPushEvent, type SportsPushLoginItem } from '../contract/calls/sports.js';
import type { Fixture, Market, SportKind } from './types.js';

/**
 * The live push of fixtures and odds (issue 19; docs/SPORTS.md, "The push"): one MQTT
 * connection per topic (a broker login reads one topic), `sports/fixtures/<id>` for a
 * fixture and its changed markets, `sports/board/<kind>` for every fixture change of a kind.
 * mqtt.js is passed in as a loader (`() => import('mqtt')`) so a page loads it only when it
 * pushes and the sdk carries no MQTT dependency. Updates older than what the client already
 * delivered (by fixture and market version) are dropped.
 *
 * @example
 * const push = sportsPush({ login: (request) => client.call(sportsPushLogin, request), loadMqtt: () => import('mqtt'),
 *   onUpdate: (update) => store.apply(update) });
 * push.add(['fb-123']); push.setBoard('sports'); ... push.close();
 */

/** The part of an mqtt.js client the push uses. */
export interface PushConnection {
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Uint8Array) => void): unknown;
  subscribe(topic: string, options: { qos: 0 }, callback?: (error: Error | null) => void): unknown;
  end(force?: boolean): unknown;
}

export interface MqttModule {
  connect(url: string, options: Record<string, unknown>): PushConnection;
}

export interface SportsPushLoginAnswer {
  url: string;
  logins: SportsPushLoginItem[];
}

/** A fresh update: the fixture (when newer than the last delivered) and the markets newer than delivered. */
export interface SportsPushUpdate {
  fixtureId: string;
  /** The fixture when this push brought a newer version, else undefined. */
  fixture?: Fixture;
  /** Markets of the fixture newer than those delivered before (empty on a board push). */
  markets: Market[];
}

export type SportsPushStatus = 'connecting' | 'live' | 'offline';

export interface SportsPushOptions {
  /** Asks the server for broker logins (the `sportsPushLogin` call). */
  login(request: { fixtureIds: string[]; board?: SportKind }): Promise<SportsPushLoginAnswer>;
  /** Loads mqtt.js (`() => import('mqtt')`); called once, on the first topic. */
  loadMqtt(): Promise<MqttModule | { default: MqttModule }>;
  onUpdate(update: SportsPushUpdate): void;
  /** Whether every topic's connection is live, some is connecting, or some is offline. */
  onStatus?(status: SportsPushStatus): void;
  /** Retry delay after a refused or failed connection (and mqtt.js's reconnect period), ms; 3000 when absent. */
  retryMs?: number;
  /**
   * Reads a fixture and its markets now (the `sportsFixtureDetail` call). Called once a
   * fixture's topic is subscribed (first time and after each reconnect): a change made
   * between the page's read and the subscription is not pushed again, so the read closes
   * the gap; what it brings passes the version filter like a push.
   */
  resync?(fixtureId: string): Promise<{ fixture: Fixture; markets: Market[] }>;
}

export interface SportsPush {
  /** Starts pushing these fixtures (ids already pushed are skipped). */
  add(fixtureIds: readonly string[]): void;
  /** Stops pushing these fixtures. */
  remove(fixtureIds: readonly string[]): void;
  /** Pushes the kind's board (every fixture change, no markets), or stops it with null. */
  setBoard(kind: SportKind | null): void;
  /** The fixtures being pushed. */
  fixtures(): string[];
  close(): void;
}

interface TopicConnection {
  topic: string;
  connection?: PushConnection;
  state: SportsPushStatus;
  retry?: ReturnType<typeof setTimeout>;
  closed: boolean;
}

export function fixtureTopic(fixtureId: string): string {
  return `sports/fixtures/${fixtureId}`;
}

export function boardTopic(kind: SportKind): string {
  return `sports/board/${kind}`;
}

/**
 * Keeps the highest version seen of each fixture and market: `fresh` answers only what is
 * newer (a push is at most once per change, but reconnects and several topics may repeat or
 * reorder them).
 */
export class VersionFilter {
  private readonly fixtures = new Map<string, number>();
  private readonly markets = new Map<string, number>();

  fresh(event: SportsPushEvent): SportsPushUpdate | undefined {
    const fixtureId = event.fixture.id;
    const known = this.fixtures.get(fixtureId) ?? -1;
    const fixture = event.fixture.version > known ? event.fixture : undefined;
    if (fixture) this.fixtures.set(fixtureId, fixture.version);
    const markets = event.type === 'sportsFixture'
      ? event.markets.filter((market) => {
        const key = `${fixtureId}\u0000${market.id}`;
        if (market.version <= (this.markets.get(key) ?? -1)) return false;
        this.markets.set(key, market.version);
        return true;
      })
      : [];
    if (!fixture && markets.length === 0) return undefined;
    return { fixtureId, ...(fixture ? { fixture } : {}), markets };
  }

  /** Records versions read by a call (a page's first load), so older pushes are dropped. */
  seen(fixture: Fixture, markets: readonly Market[] = []): void {
    this.fixtures.set(fixture.id, Math.max(fixture.version, this.fixtures.get(fixture.id) ?? -1));
    for (const market of markets) {
      const key = `${fixture.id}\u0000${market.id}`;
      this.markets.set(key, Math.max(market.version, this.markets.get(key) ?? -1));
    }
  }

  forget(fixtureId: string): void {
    this.fixtures.delete(fixtureId);
    for (const key of [...this.markets.keys()]) if (key.startsWith(`${fixtureId}\u0000`)) this.markets.delete(key);
  }
}

/** Parses a push payload; undefined for anything that is not a sports push. */
export function parsePush(payload: Uint8Array | string): SportsPushEvent | undefined {
  try {
    const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
    const event = JSON.parse(text) as Partial<SportsPushEvent>;
    if ((event.type === 'sportsFixture' && Array.isArray((event as { markets?: unknown }).markets)) || event.type === 'sportsBoard') {
      if (event.fixture && typeof event.fixture.id === 'string' && typeof event.fixture.version === 'number') return event as SportsPushEvent;
    }
  } catch {
    // Not JSON: not ours.
  }
  return undefined;
}

export function sportsPush(options: SportsPushOptions): SportsPush & { filter: VersionFilter } {
  const retryMs = options.retryMs ?? 3000;
  const topics = new Map<string, TopicConnection>();
  const filter = new VersionFilter();
  let mqttModule: Promise<MqttModule> | undefined;
  let board: SportKind | null = null;
  let closed = false;
  let lastStatus: SportsPushStatus | undefined;

  const loadMqtt = () => (mqttModule ??= options.loadMqtt().then((module) => ('default' in module ? module.default : module)));

  function reportStatus(): void {
    const states = [...topics.values()].map((entry) => entry.state);
    const status: SportsPushStatus = states.includes('offline') ? 'offline' : states.includes('connecting') ? 'connecting' : 'live';
    if (status !== lastStatus && states.length > 0) {
      lastStatus = status;
      options.onStatus?.(status);
    }
  }

  function deliver(payload: Uint8Array): void {
    const event = parsePush(payload);
    if (!event) return;
    const fixtureId = event.fixture.id;
    // A board push is delivered for any fixture; a fixture push only while the fixture is pushed.
    if (event.type === 'sportsFixture' && !topics.has(fixtureTopic(fixtureId))) return;
    const update = filter.fresh(event);
    if (update) options.onUpdate(update);
  }

  /** Reads a subscribed fixture again and delivers what is newer than what was delivered (a failed read waits for the next push). */
  function resync(entry: TopicConnection): void {
    if (!options.resync || !entry.topic.startsWith('sports/fixtures/')) return;
    const fixtureId = entry.topic.slice('sports/fixtures/'.length);
    options.resync(fixtureId).then(
      ({ fixture, markets }) => {
        if (entry.closed || closed) return;
        const update = filter.fresh({ type: 'sportsFixture', fixture, markets });
        if (update) options.onUpdate(update);
      },
      () => undefined,
    );
  }

  function connect(entry: TopicConnection, login: SportsPushLoginItem, url: string, mqtt: MqttModule): void {
    if (entry.closed) return;
    const connection = mqtt.connect(url, {
      clientId: login.clientId, username: login.username, password: login.password, reconnectPeriod: retryMs, clean: true, timerVariant: 'native',
    });
    entry.connection = connection;
    connection.on('connect', () => {
      connection.subscribe(entry.topic, { qos: 0 }, (error) => {
        if (!error && !entry.closed) resync(entry);
      });
      entry.state = 'live';
      reportStatus();
    });
    connection.on('message', (_topic, payload) => deliver(payload));
    connection.on('close', () => {
      if (entry.closed) return;
      entry.state = 'offline';
      reportStatus();
    });
    connection.on('error', () => {
      // A refused login (expired, unknown after a database reset): a new login for this topic.
      if (entry.closed) return;
      connection.end(true);
      entry.state = 'offline';
      reportStatus();
      entry.retry = setTimeout(() => void open([entry]), retryMs);
    });
  }

  async function open(entries: TopicConnection[]): Promise<void> {
    const live = entries.filter((entry) => !entry.closed);
    if (live.length === 0 || closed) return;
    for (const entry of live) entry.state = 'connecting';
    reportStatus();
    try {
      const fixtureIds = live.filter((entry) => entry.topic.startsWith('sports/fixtures/')).map((entry) => entry.topic.slice('sports/fixtures/'.length));
      const boardEntry = live.find((entry) => entry.topic.startsWith('sports/board/'));
      const mqtt = await loadMqtt();
      for (let start = 0; start < Math.max(fixtureIds.length, 1); start += SPORTS_PUSH_FIXTURES_MAX) {
        const chunk = fixtureIds.slice(start, start + SPORTS_PUSH_FIXTURES_MAX);
        const withBoard = start === 0 && boardEntry ? { board: boardEntry.topic.slice('sports/board/'.length) as SportKind } : {};
        if (chunk.length === 0 && !withBoard.board) continue;
        const answer = await options.login({ fixtureIds: chunk, ...withBoard });
        for (const login of answer.logins) {
          const entry = topics.get(login.topic);
          if (entry && !entry.closed && live.includes(entry)) connect(entry, login, answer.url, mqtt);
        }
      }
    } catch {
      for (const entry of live) {
        if (entry.closed) continue;
        entry.state = 'offline';
        entry.retry = setTimeout(() => void open([entry]), retryMs);
      }
      reportStatus();
    }
  }

  function close(entry: TopicConnection): void {
    entry.closed = true;
    clearTimeout(entry.retry);
    entry.connection?.end(true);
    topics.delete(entry.topic);
  }

  return {
    filter,
    add(fixtureIds) {
      if (closed) return;
      const added: TopicConnection[] = [];
      for (const fixtureId of new Set(fixtureIds)) {
        const topic = fixtureTopic(fixtureId);
        if (topics.has(topic)) continue;
        const entry: TopicConnection = { topic, state: 'connecting', closed: false };
        topics.set(topic, entry);
        added.push(entry);
      }
      void open(added);
    },
    remove(fixtureIds) {
      for (const fixtureId of fixtureIds) {
        const entry = topics.get(fixtureTopic(fixtureId));
        if (entry) close(entry);
        filter.forget(fixtureId);
      }
      reportStatus();
    },
    setBoard(kind) {
      if (board === kind || closed) return;
      if (board) {
        const entry = topics.get(boardTopic(board));
        if (entry) close(entry);
      }
      board = kind;
      if (kind) {
        const entry: TopicConnection = { topic: boardTopic(kind), state: 'connecting', closed: false };
        topics.set(entry.topic, entry);
        void open([entry]);
      }
    },
    fixtures: () => [...topics.keys()].filter((topic) => topic.startsWith('sports/fixtures/')).map((topic) => topic.slice('sports/fixtures/'.length)),
    close() {
      closed = true;
      for (const entry of [...topics.values()]) close(entry);
    },
  };
}
