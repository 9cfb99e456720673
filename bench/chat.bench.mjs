// Chat fan-out (issue 6): N WebSocket subscribers in one room on the embedded broker, 20
// messages a second sent through the API for 10 s. Figures: deliveries a second, p50 and
// p99 from the start of the send call to delivery, lost messages.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { createClient, loginPayload, webLogin, chatConnectorAnonymous, chatSendMessage } from '../packages/sdk/dist/index.js';
import { createReport } from './support/harness.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_CHAT_SUBSCRIBERS ?? 1000);
const RATE_PER_S = 20;
const DURATION_S = Number(process.env.BENCH_CHAT_DURATION_S ?? 10);
const ROOM = 1;
const root = fileURLToPath(new URL('..', import.meta.url));

/** The built server on a free port with a fresh embedded database. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-chat-bench-'));
  const child = spawn(process.execPath, [join(root, 'packages/server/dist/server.js')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /(http:\/\/[\w.]+:\d+)/.exec(output);
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Connects `count` visitors (each with its own connector login), 50 at a time. */
async function subscribe(url, count, onMessage) {
  const api = createClient({ baseUrl: url, deviceId: randomUUID(), getToken: () => null });
  const clients = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, async () => {
      const login = await api.call(chatConnectorAnonymous, { roomId: ROOM });
      const client = await mqtt.connectAsync(login.url, { username: login.username, password: login.password, clientId: login.clientId, reconnectPeriod: 0, keepalive: 120 });
      await client.subscribeAsync(login.topics.room, { qos: 0 });
      client.on('message', (_topic, payload) => onMessage(clients.length, payload));
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

export async function run() {
  const report = createReport('chat');
  const server = await startServer();
  const sentAt = new Map();
  const received = new Map();
  const latencies = [];
  const fanOut = [];
  let deliveries = 0;
  let clients = [];
  try {
    clients = await subscribe(server.url, SUBSCRIBERS, (_index, payload) => {
      const event = JSON.parse(payload.toString());
      const seq = Number(/^bench (\d+)$/.exec(event.message?.content ?? '')?.[1]);
      const started = sentAt.get(seq);
      if (started === undefined) return;
      deliveries += 1;
      latencies.push(performance.now() - started);
      // The entry carries the server's clock at store time (same machine): broker fan-out alone.
      fanOut.push(Date.now() - event.message.sentAtMs);
      received.set(seq, (received.get(seq) ?? 0) + 1);
    });
    // The room admin is exempt from the per-member rate (1 message a second), so one sender
    // can hold 20 a second; every other step (store, publish) is the members' path.
    const token = (await createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null }).call(webLogin, loginPayload('demo-admin', process.env.LOBBY_DEMO_PASSWORD ?? 'demo1234'))).token;
    const sender = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });
    const total = RATE_PER_S * DURATION_S;
    const began = performance.now();
    const sends = [];
    let failedSends = 0;
    for (let seq = 0; seq < total; seq += 1) {
      const due = began + (seq * 1000) / RATE_PER_S;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sentAt.set(seq, performance.now());
      sends.push(sender.call(chatSendMessage, { roomId: ROOM, content: `bench ${seq}` }).catch(() => (failedSends += 1)));
    }
    await Promise.all(sends);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const elapsedS = (performance.now() - began) / 1000 - 3;
    const expected = total * clients.length;
    const lost = expected - deliveries;
    latencies.sort((a, b) => a - b);
    fanOut.sort((a, b) => a - b);
    report.add('chat subscribers connected (WebSocket)', clients.length, 'subs', { min: SUBSCRIBERS });
    report.add('chat messages sent through the API', total - failedSends, 'msgs', { min: total });
    report.add('chat deliveries/s', Math.round(deliveries / elapsedS), 'del/s');
    report.add('chat send-to-delivery p50', Math.round(percentile(latencies, 50)), 'ms');
    report.add('chat send-to-delivery p99', Math.round(percentile(latencies, 99)), 'ms', { max: 250 });
    report.add('chat store-to-delivery p50 (broker fan-out)', Math.round(percentile(fanOut, 50)), 'ms');
    report.add('chat store-to-delivery p99 (broker fan-out)', Math.round(percentile(fanOut, 99)), 'ms');
    report.add('chat lost messages', lost, 'msgs', { max: 0 });
  } finally {
    await Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined)));
    await server.stop();
  }
  return report;
}
