import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConnector, chatConnectorAnonymous, chatSendMessage } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { buildTestApp } from '../testing/app.js';
import { callApi } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { chatMember } from './chat-test.fixture.js';

type Login = { url: string; username: string; password: string; clientId: string; topics: { room: string; inbox: string | null } };

function connect(url: string, login: Partial<Login>, protocolVersion: 4 | 5 = 4): Promise<MqttClient> {
  return mqtt.connectAsync(url, { username: login.username, password: login.password, reconnectPeriod: 0, connectTimeout: 5000, protocolVersion });
}

/** The granted QoS of one subscription: 128 means refused. */
async function grantedQos(client: MqttClient, topic: string): Promise<number> {
  try {
    const granted = await client.subscribeAsync(topic, { qos: 0 });
    return granted[0]!.qos;
  } catch (error) {
    const refused = (error as { packet?: { granted?: number[] } }).packet?.granted?.[0];
    if (refused === undefined) throw error;
    return refused;
  }
}

function nextMessage(client: MqttClient, timeoutMs = 3000): Promise<{ topic: string; payload: string } | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    client.once('message', (topic, payload) => {
      clearTimeout(timer);
      resolve({ topic, payload: payload.toString() });
    });
  });
}

describe.each(testEngines().slice(0, 1))('embedded broker ACL on %s', (engine) => {
  let db: Database;
  let app: FastifyInstance;
  let origin: string;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await app.close();
    await db.close();
  });
  const login = async (token?: string): Promise<Login> =>
    (token ? await callApi(app, chatConnector, { roomId: 1 }, { token, headers: { host: new URL(origin).host } }) : await callApi(app, chatConnectorAnonymous, { roomId: 1 }, { headers: { host: new URL(origin).host } })).body.data;
  const open = async (l: Login) => {
    const client = await connect(l.url, l);
    clients.push(client);
    return client;
  };

  it('delivers a member message to a visitor subscribed to the room', async () => {
    const visitor = await login();
    expect(visitor.url).toBe(`${origin.replace('http', 'ws')}/mqtt`);
    const client = await open(visitor);
    expect(await grantedQos(client, visitor.topics.room)).toBe(0);
    const { token } = await chatMember(db);
    const arriving = nextMessage(client);
    const sent = (await callApi(app, chatSendMessage, { roomId: 1, content: 'over the broker' }, { token })).body.data;
    const got = await arriving;
    expect(got?.topic).toBe(visitor.topics.room);
    expect(JSON.parse(got!.payload)).toMatchObject({ type: 'message', message: { id: sent.id, content: 'over the broker' } });
  });

  it('refuses other topics, wildcards and other inboxes; a publish ends the connection', async () => {
    const a = await chatMember(db);
    const b = await chatMember(db);
    const loginA = await login(a.token);
    const loginB = await login(b.token);
    const client = await open(loginA);
    expect(await grantedQos(client, loginA.topics.inbox!)).toBe(0);
    expect(await grantedQos(client, loginB.topics.inbox!)).toBe(128);
    expect(await grantedQos(client, 'lobby/#')).toBe(128);
    expect(await grantedQos(client, 'lobby/room/8/2')).toBe(128);
    const closed = new Promise((resolve) => client.once('close', () => resolve(true)));
    client.publish(loginA.topics.room, 'forged');
    expect(await closed).toBe(true);
  });

  it('refuses a wrong password and a missing login', async () => {
    const visitor = await login();
    await expect(connect(visitor.url, { ...visitor, password: 'wrong' })).rejects.toThrow(/Not authorized|Bad username/i);
    await expect(connect(visitor.url, {})).rejects.toThrow(/Not authorized|Bad username/i);
  });
});

const hasMosquitto = (() => {
  try {
    execFileSync('mosquitto', ['-h'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    return (error as { status?: number }).status === 3;
  }
})();

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// This machine's Mosquitto 2.0.11 is built without WebSocket support (a `protocol websockets`
// listener fails to start), so the ACL is checked over MQTT on TCP; the rules are the same.
describe.skipIf(!hasMosquitto)('Mosquitto with the documented ACL', () => {
  let broker: ChildProcess;
  let wsUrl: string;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lobby-mosq-'));
    const passwd = join(dir, 'passwd');
    writeFileSync(passwd, '');
    for (const [user, pass] of [['lobby-server', 'server-pass'], ['m-alice', 'alice-pass'], ['m-bob', 'bob-pass']]) {
      execFileSync('mosquitto_passwd', ['-b', passwd, user!, pass!]);
    }
    // Mosquitto started as root drops to its own user, which must read the files.
    chmodSync(dir, 0o755);
    chmodSync(passwd, 0o644);
    const port = await freePort();
    const acl = fileURLToPath(new URL('./mosquitto.acl', import.meta.url));
    const conf = join(dir, 'mosquitto.conf');
    writeFileSync(conf, `per_listener_settings false\nallow_anonymous false\npassword_file ${passwd}\nacl_file ${acl}\nlistener ${port} 127.0.0.1\n`);
    broker = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    broker.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    wsUrl = `mqtt://127.0.0.1:${port}`;
    for (let i = 0; i < 50; i += 1) {
      try {
        clients.push(await connect(wsUrl, { username: 'lobby-server', password: 'server-pass' }));
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`mosquitto did not start: ${log}`);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    broker?.kill('SIGTERM');
  });

  it('lets a login read rooms and its own inbox, never another inbox, and drops its publishes', async () => {
    const server = clients[0]!;
    const alice = await connect(wsUrl, { username: 'm-alice', password: 'alice-pass' }, 5);
    clients.push(alice);
    // Mosquitto grants the SUBSCRIBE and enforces read access on each delivery.
    await alice.subscribeAsync(['lobby/inbox/m-bob', 'lobby/inbox/#', 'lobby/inbox/m-alice']);
    const leaked = nextMessage(alice, 1000);
    await server.publishAsync('lobby/inbox/m-bob', 'for bob only');
    expect(await leaked).toBeNull();
    const own = nextMessage(alice);
    await server.publishAsync('lobby/inbox/m-alice', 'for alice');
    expect(await own).toEqual({ topic: 'lobby/inbox/m-alice', payload: 'for alice' });
    await alice.subscribeAsync('lobby/room/4/1');
    const got = nextMessage(alice);
    await server.publishAsync('lobby/room/4/1', 'from the server');
    expect((await got)?.payload).toBe('from the server');
    await server.subscribeAsync('lobby/room/#');
    const forged = nextMessage(server, 1000);
    await alice.publishAsync('lobby/room/4/1', 'forged', { qos: 1 }).catch(() => undefined);
    expect(await forged).toBeNull();
    await expect(connect(wsUrl, { username: 'm-alice', password: 'nope' })).rejects.toThrow();
  });
});

describe.skipIf(!hasMosquitto)('MQTT_URL: the server publishes to an external broker', () => {
  let broker: ChildProcess;
  let db: Database;
  let app: FastifyInstance;
  let alice: MqttClient | undefined;
  let port = 0;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lobby-mosq-ext-'));
    const passwd = join(dir, 'passwd');
    writeFileSync(passwd, '');
    for (const [user, pass] of [['lobby-server', 'server-pass'], ['m-alice', 'alice-pass']]) execFileSync('mosquitto_passwd', ['-b', passwd, user!, pass!]);
    chmodSync(dir, 0o755);
    chmodSync(passwd, 0o644);
    port = await freePort();
    const acl = fileURLToPath(new URL('./mosquitto.acl', import.meta.url));
    const conf = join(dir, 'mosquitto.conf');
    writeFileSync(conf, `per_listener_settings false\nallow_anonymous false\npassword_file ${passwd}\nacl_file ${acl}\nlistener ${port} 127.0.0.1\n`);
    broker = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
    for (let i = 0; i < 50 && !alice; i += 1) {
      alice = await connect(`mqtt://127.0.0.1:${port}`, { username: 'm-alice', password: 'alice-pass' }).catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return undefined;
      });
    }
    db = await testEngines()[0]!.open();
    app = await buildTestApp(db, { config: { mqttUrl: `mqtt://lobby-server:server-pass@127.0.0.1:${port}`, mqttPublicUrl: 'wss://chat.example/mqtt' } });
  });
  afterAll(async () => {
    await alice?.endAsync(true);
    await app?.close();
    await db?.close();
    broker?.kill('SIGTERM');
  });

  it('hands out the broker WebSocket address and publishes a member message there', async () => {
    const { token } = await chatMember(db);
    const login = (await callApi(app, chatConnector, { roomId: 1 }, { token })).body.data;
    expect(login.url).toBe('wss://chat.example/mqtt');
    await alice!.subscribeAsync(login.topics.room);
    const arriving = nextMessage(alice!);
    const sent = (await callApi(app, chatSendMessage, { roomId: 1, content: 'via mosquitto' }, { token })).body.data;
    const got = await arriving;
    expect(JSON.parse(got!.payload)).toMatchObject({ type: 'message', message: { id: sent.id, content: 'via mosquitto' } });
  });
});

describe('broker auth endpoints for an external broker', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await testEngines()[0]!.open();
    // No broker listens there: the endpoints need only the configured password.
    app = await buildTestApp(db, { config: { mqttUrl: 'mqtt://lobby-server:s3cret@127.0.0.1:1', mqttPublicUrl: 'wss://chat.example/mqtt' } });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });
  const ask = (path: string, body: unknown, secret = 's3cret') =>
    app.inject({ method: 'POST', url: `/chat/broker/${path}`, headers: { 'content-type': 'application/json', 'x-broker-secret': secret }, payload: JSON.stringify(body) });

  it("allows the connector's logins to their own topics only, and only reading", async () => {
    const { token } = await chatMember(db);
    const a = (await callApi(app, chatConnector, { roomId: 1 }, { token })).body.data;
    expect((await ask('auth', { username: a.username, password: a.password })).statusCode).toBe(200);
    expect((await ask('auth', { username: a.username, password: 'wrong' })).statusCode).toBe(403);
    expect((await ask('auth', { username: a.username, password: a.password }, 'not-the-secret')).statusCode).toBe(403);
    expect((await ask('acl', { username: a.username, topic: a.topics.room, acc: 4 })).statusCode).toBe(200);
    expect((await ask('acl', { username: a.username, topic: a.topics.inbox, acc: 1 })).statusCode).toBe(200);
    expect((await ask('acl', { username: a.username, topic: 'lobby/inbox/m-someone-else', acc: 4 })).statusCode).toBe(403);
    expect((await ask('acl', { username: a.username, topic: a.topics.room, acc: 2 })).statusCode).toBe(403);
  });
});
