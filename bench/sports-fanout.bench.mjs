// Sports push fan-out (issue 19): SUBSCRIBERS browsers' MQTT clients (WebSocket to the
// embedded aedes broker of the built server, each with its own sportsPushLogin, as pages
// connect) on one fixture's topic; the sandbox feed is driven through its door (each step
// runs the match 2 simulated minutes every STEP_MS, 500 ms: a fixture change and an odds
// change, both pushed).
// Figures: feed message (the door call that makes the feed send it) to client receipt p50
// and p99, and pushes lost (every distinct push any client got must reach every client).
// Each subscriber is a browser of its own: its own device id and, as behind the load balancer
// of a deployment (TRUST_PROXY), its own client address, so the push-login limits per device
// and per address (120 and 600 an hour) see a thousand browsers, not one.
// Talks only to 127.0.0.1; the server it starts is ended by pid; a watchdog ends the bench
// after BENCH_SPORTS_LIMIT_S (default 300 s).
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import mqtt from 'mqtt';
import { createClient, sportsPushLogin } from '../packages/sdk/dist/index.js';
import { createReport } from './support/harness.mjs';
import { startBuiltServer } from './support/built-server.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_SPORTS_SUBSCRIBERS ?? 1000);
const STEPS = Number(process.env.BENCH_SPORTS_STEPS ?? 40);
const STEP_MS = Number(process.env.BENCH_SPORTS_STEP_MS ?? 500);
const LIMIT_S = Number(process.env.BENCH_SPORTS_LIMIT_S ?? 300);

/** The built server with a fresh embedded database (the sandbox feed on). */
const startServer = () => startBuiltServer('sports-fanout', { TRUST_PROXY: 'true' });

/** The API client of subscriber `n`: a browser with its own device id, reaching lobby from 10.x.y.z through the proxy. */
const browserClient = (url, n) =>
  createClient({
    baseUrl: url,
    deviceId: randomUUID(),
    getToken: () => null,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-for', `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
      return fetch(input, { ...init, headers });
    },
  });

async function door(url, path, body) {
  const answer = await (await fetch(`${url}/sandbox/sports/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  if (answer.code !== 0) throw new Error(`door ${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(report, server) {
  const fixtureId = (await door(server.url, 'fixtures', { sport: 'football', homeEn: 'Bench Home', awayEn: 'Bench Away' })).fixtureId;
  /** When the step that made the fixture reach a minute was sent (performance.now()). */
  const sentAtMinute = new Map();
  const decoded = new Map();
  const perClient = [];
  const receipts = [];
  const clients = [];
  /** When the door answered (lobby applied the step and published it), by minute. */
  const appliedAtMinute = new Map();
  let measuring = false;
  try {
    for (let start = 0; start < SUBSCRIBERS; start += 50) {
      await Promise.all(Array.from({ length: Math.min(50, SUBSCRIBERS - start) }, async (_, i) => {
        const { url, logins } = await browserClient(server.url, start + i + 1).call(sportsPushLogin, { fixtureIds: [fixtureId] });
        if (!/^wss?:\/\/127\.0\.0\.1:/.test(url)) throw new Error(`the bench talks only to 127.0.0.1, not ${url}`);
        const [login] = logins;
        const client = await mqtt.connectAsync(url, { username: login.username, password: login.password, clientId: login.clientId, reconnectPeriod: 0, keepalive: 120 });
        await client.subscribeAsync(login.topic, { qos: 0 });
        const got = new Set();
        perClient.push(got);
        client.on('message', (_topic, payload) => {
          // Pushes before the measured steps (the match's own clock while clients subscribe) are not counted.
          if (!measuring) return;
          const at = performance.now();
          // Every client gets the same bytes: the head (fixture and first market, with their versions) and length name a push cheaply.
          const key = `${payload.length}:${payload.toString('latin1', 0, Math.min(payload.length, 700))}`;
          let push = decoded.get(key);
          if (push === undefined) {
            const event = JSON.parse(payload.toString());
            push = { id: decoded.size, minute: event.fixture.minute, bytes: payload.length };
            decoded.set(key, push);
          }
          got.add(push.id);
          receipts.push([push.minute, at]);
        });
        clients.push(client);
      }));
    }
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    measuring = true;
    const began = performance.now();
    for (let step = 0; step < STEPS; step += 1) {
      const due = began + step * STEP_MS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent = performance.now();
      const state = await door(server.url, 'run', { fixtureId, minutes: 2 });
      // The pushes of this step carry the minute the door brought the match to.
      if (!sentAtMinute.has(state.fixture.minute)) {
        sentAtMinute.set(state.fixture.minute, sent);
        appliedAtMinute.set(state.fixture.minute, performance.now());
      }
      if (state.fixture.status === 'ended') break;
    }
    // Late is not lost: wait until every client has every push, or nothing changed for 3 s (at most 30 s).
    const drainUntil = performance.now() + 30_000;
    const missing = () => perClient.reduce((sum, got) => sum + (decoded.size - got.size), 0);
    for (let last = -1; missing() > 0 && performance.now() < drainUntil; ) {
      if (missing() === last) break;
      last = missing();
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    loop.disable();
    // A push arrives before the door's answer: receipts are matched to the step's send time afterwards.
    const latencies = receipts.filter(([minute]) => sentAtMinute.has(minute)).map(([minute, at]) => at - sentAtMinute.get(minute)).sort((a, b) => a - b);
    report.add('sports push: subscribers connected (WebSocket, one login each)', clients.length, 'subs', { min: SUBSCRIBERS });
    report.add('sports push: distinct pushes on the fixture topic', decoded.size, 'pushes');
    report.add('sports push: deliveries', latencies.length, 'del');
    const sizes = [...decoded.values()].map((push) => push.bytes).sort((a, b) => a - b);
    report.add('sports push: payload size, largest (an odds change of every market)', sizes.at(-1) ?? 0, 'bytes');
    report.add('sports push: feed message to client receipt p50', Math.round(percentile(latencies, 50)), 'ms');
    report.add('sports push: feed message to client receipt p99', Math.round(percentile(latencies, 99)), 'ms', { max: 250 });
    const fromApplied = receipts.filter(([minute]) => appliedAtMinute.has(minute)).map(([minute, at]) => at - appliedAtMinute.get(minute)).sort((a, b) => a - b);
    report.add('sports push: door answered (applied, published) to receipt p99', Math.round(percentile(fromApplied, 99)), 'ms');
    report.add('sports push: bench process event-loop delay p99', Math.round(loop.percentile(99) / 1e6), 'ms');
    report.add('sports push: pushes lost', missing(), 'msgs', { max: 0 });
  } finally {
    await Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined)));
  }
}

export async function run() {
  const report = createReport('sports-fanout');
  let server;
  const watchdog = setTimeout(() => {
    console.error(`sports bench: over ${LIMIT_S} s, stopping`);
    Promise.resolve(server?.stop()).finally(() => process.exit(1));
  }, LIMIT_S * 1000);
  watchdog.unref();
  try {
    server = await startServer();
    await measure(report, server);
  } finally {
    await server?.stop();
    clearTimeout(watchdog);
  }
  return report;
}
