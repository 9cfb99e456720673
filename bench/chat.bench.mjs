// Chat fan-out (issue 6): N WebSocket subscribers in one room, 20 messages a second sent
// through the API for 10 s, first on the embedded broker, then on a Mosquitto the bench
// starts on a free port (bench/support/mosquitto.mjs). Figures per broker: deliveries a
// second, p50 and p99 from the start of the send call to delivery, lost messages. Talks
// only to 127.0.0.1; every process it starts is ended by pid; a watchdog ends the bench
// after BENCH_CHAT_LIMIT_S (default 300 s) whatever happens.
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import mqtt from 'mqtt';
import { createClient, loginPayload, webLogin, chatConnectorAnonymous, chatSendMessage } from '../packages/sdk/dist/index.js';
import { createReport } from './support/harness.mjs';
import { mosquittoUnavailable, startBenchMosquitto } from './support/mosquitto.mjs';
import { startBuiltServer } from './support/built-server.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_CHAT_SUBSCRIBERS ?? 1000);
const RATE_PER_S = 20;
const DURATION_S = Number(process.env.BENCH_CHAT_DURATION_S ?? 10);
const ROOM = 1;
const LIMIT_S = Number(process.env.BENCH_CHAT_LIMIT_S ?? 300);

/** The built server (BENCH_CHAT_SERVER: another build's server.js to compare); `env` adds MQTT_URL and the like. */
const startServer = (env = {}) => startBuiltServer('chat', env, process.env.BENCH_CHAT_SERVER || undefined);

/** Connects `count` visitors (each with its own connector login), 50 at a time. */
async function subscribe(url, count, onMessage) {
  const api = createClient({ baseUrl: url, deviceId: randomUUID(), getToken: () => null });
  const clients = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, async () => {
      const login = await api.call(chatConnectorAnonymous, { roomId: ROOM });
      if (!/^wss?:\/\/127\.0\.0\.1:/.test(login.url)) throw new Error(`the bench talks only to 127.0.0.1, not ${login.url}`);
      const client = await mqtt.connectAsync(login.url, { username: login.username, password: login.password, clientId: login.clientId, reconnectPeriod: 0, keepalive: 120 });
      await client.subscribeAsync(login.topics.room, { qos: 0 });
      client.on('message', (_topic, payload) => onMessage(performance.now(), payload));
      clients.push(client);
    });
    await Promise.all(batch);
  }
  return clients;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * One broker: subscribers, then 20 messages a second for DURATION_S from the room admin
 * (exempt from the per-member rate; every other step of a send is the members' path).
 */
async function measure(report, name, server) {
  const sentAt = new Map();
  const sentAtWall = new Map();
  const toStore = [];
  const received = new Map();
  const latencies = [];
  const fanOut = [];
  // Every subscriber gets the same bytes: decode each distinct payload once, not 1,000 times.
  const decoded = new Map();
  let deliveries = 0;
  let lastDeliveryAt = 0;
  let clients = [];
  try {
    clients = await subscribe(server.url, SUBSCRIBERS, (at, payload) => {
      const key = payload.toString('latin1');
      let event = decoded.get(key);
      if (event === undefined) {
        const parsed = JSON.parse(payload.toString());
        const seq = Number(/^bench (\d+)$/.exec(parsed.message?.content ?? '')?.[1]);
        event = { seq, storedAtMs: parsed.message?.sentAtMs };
        decoded.set(key, event);
      }
      const started = sentAt.get(event.seq);
      if (started === undefined) return;
      deliveries += 1;
      lastDeliveryAt = at;
      latencies.push(at - started);
      // The entry carries the server's clock at store time (same machine): broker fan-out alone.
      fanOut.push(Date.now() - event.storedAtMs);
      received.set(event.seq, (received.get(event.seq) ?? 0) + 1);
    });
    const token = (await createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null }).call(webLogin, loginPayload('demo-admin', process.env.LOBBY_DEMO_PASSWORD ?? 'demo1234'))).token;
    const sender = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });
    const total = RATE_PER_S * DURATION_S;
    // The bench's own event-loop delay: when it is large, the figures measure the load generator.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const began = performance.now();
    const sends = [];
    let failedSends = 0;
    for (let seq = 0; seq < total; seq += 1) {
      const due = began + (seq * 1000) / RATE_PER_S;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sentAt.set(seq, performance.now());
      sentAtWall.set(seq, Date.now());
      sends.push(
        sender.call(chatSendMessage, { roomId: ROOM, content: `bench ${seq}` }).then(
          (entry) => toStore.push(entry.sentAtMs - sentAtWall.get(seq)),
          () => (failedSends += 1),
        ),
      );
    }
    await Promise.all(sends);
    // Late is not lost: wait until every delivery arrived, or none arrived for 3 s (at most 30 s).
    const expected = total * clients.length;
    const drainUntil = performance.now() + 30_000;
    for (let last = -1; deliveries < expected && performance.now() < drainUntil; ) {
      if (deliveries === last) break;
      last = deliveries;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    const elapsedS = (lastDeliveryAt - began) / 1000;
    loop.disable();
    toStore.sort((a, b) => a - b);
    latencies.sort((a, b) => a - b);
    fanOut.sort((a, b) => a - b);
    const embedded = name === 'embedded';
    report.add(`chat ${name}: subscribers connected (WebSocket)`, clients.length, 'subs', { min: SUBSCRIBERS });
    report.add(`chat ${name}: messages sent through the API`, total - failedSends, 'msgs', { min: total });
    report.add(`chat ${name}: deliveries/s`, Math.round(deliveries / elapsedS), 'del/s');
    report.add(`chat ${name}: send-to-delivery p50`, Math.round(percentile(latencies, 50)), 'ms');
    report.add(`chat ${name}: send-to-delivery p99`, Math.round(percentile(latencies, 99)), 'ms', embedded ? { max: 250 } : null);
    report.add(`chat ${name}: send call to server clock p50 (client and HTTP queue)`, Math.round(percentile(toStore, 50)), 'ms');
    report.add(`chat ${name}: send call to server clock p99 (client and HTTP queue)`, Math.round(percentile(toStore, 99)), 'ms');
    report.add(`chat ${name}: store-to-delivery p50 (broker fan-out)`, Math.round(percentile(fanOut, 50)), 'ms');
    report.add(`chat ${name}: store-to-delivery p99 (broker fan-out)`, Math.round(percentile(fanOut, 99)), 'ms');
    report.add(`chat ${name}: bench process event-loop delay p99`, Math.round(loop.percentile(99) / 1e6), 'ms');
    report.add(`chat ${name}: lost messages`, expected - deliveries, 'msgs', { max: 0 });
  } finally {
    await Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined)));
  }
}

export async function run() {
  const report = createReport('chat');
  const stops = [];
  // Bounded: whatever hangs, the bench ends its own processes and exits.
  const watchdog = setTimeout(() => {
    console.error(`chat bench: over ${LIMIT_S} s, stopping`);
    Promise.allSettled(stops.map((stop) => stop())).finally(() => process.exit(1));
  }, LIMIT_S * 1000);
  watchdog.unref();
  try {
    const embedded = await startServer();
    stops.push(embedded.stop);
    try {
      await measure(report, 'embedded', embedded);
    } finally {
      await embedded.stop();
      stops.pop();
    }
    const missing = mosquittoUnavailable();
    if (missing) {
      console.warn(`chat bench: Mosquitto skipped: ${missing}`);
      return report;
    }
    const broker = await startBenchMosquitto();
    stops.push(broker.stop);
    try {
      const server = await startServer({ MQTT_URL: broker.mqttUrl, MQTT_WS_URL: broker.wsUrl });
      stops.push(server.stop);
      try {
        await measure(report, broker.bridged ? 'Mosquitto (TCP, bench WebSocket bridge)' : 'Mosquitto (WebSocket listener)', server);
      } finally {
        await server.stop();
        stops.pop();
      }
    } finally {
      await broker.stop();
      stops.pop();
    }
  } finally {
    clearTimeout(watchdog);
  }
  return report;
}
