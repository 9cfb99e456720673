import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConnector, chatConnectorAnonymous, chatSendMessage, opsMemberStatus } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { chatMember } from './chat-test.fixture.js';

type Login = { url: string; username: string; password: string; clientId: string; topics: { room: string; inbox: string | null } };

function connect(url: string, login: Partial<Login>, protocolVersion: 4 | 5 = 4): Promise<MqttClient> {
  const options = { username: login.username, password: login.password, clientId: login.clientId, reconnectPeriod: 0, connectTimeout: 5000, protocolVersion };
  return mqtt.connectAsync(url, options);
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

/** Resolves true once the client's connection closes, false after `ms`. */
function closedWithin(client: MqttClient, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    client.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

describe.each(testEngines().slice(0, 1))('embedded broker ACL on %s', (engine) => {
  const suite = serverSuite(engine);
  let origin: string;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    origin = await suite.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  });
  const login = async (token?: string): Promise<Login> =>
    (token ? await suite.call(chatConnector, { roomId: 1 }, { token, headers: { host: new URL(origin).host } }) : await suite.call(chatConnectorAnonymous, { roomId: 1 }, { headers: { host: new URL(origin).host } })).body.data;
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
    const { token } = await chatMember(suite.db);
    const arriving = nextMessage(client);
    const sent = (await suite.call(chatSendMessage, { roomId: 1, content: 'over the broker' }, { token })).body.data;
    const got = await arriving;
    expect(got?.topic).toBe(visitor.topics.room);
    expect(JSON.parse(got!.payload)).toMatchObject({ type: 'message', message: { id: sent.id, content: 'over the broker' } });
  });

  it('refuses other topics, wildcards and other inboxes; a publish ends the connection', async () => {
    const a = await chatMember(suite.db);
    const b = await chatMember(suite.db);
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

  it("refuses a login connecting with another login's client id, and the other stays connected", async () => {
    const a = await login();
    const b = await login();
    expect(a.clientId).not.toBe(b.clientId);
    const clientA = await open(a);
    expect(await grantedQos(clientA, a.topics.room)).toBe(0);
    const closedA = new Promise((resolve) => clientA.once('close', () => resolve(true)));
    await expect(connect(b.url, { ...b, clientId: a.clientId })).rejects.toThrow(/Identifier rejected/i);
    await expect(connect(b.url, { ...b, clientId: `${b.clientId}-other` })).rejects.toThrow(/Identifier rejected/i);
    expect(await Promise.race([closedA, new Promise((resolve) => setTimeout(() => resolve(false), 300))])).toBe(false);
    const arriving = nextMessage(clientA);
    const { token } = await chatMember(suite.db);
    await suite.call(chatSendMessage, { roomId: 1, content: 'still here' }, { token });
    expect((await arriving)?.topic).toBe(a.topics.room);
    expect(clientA.connected).toBe(true);
  });

  it('refuses a wrong password and a missing login', async () => {
    const visitor = await login();
    await expect(connect(visitor.url, { ...visitor, password: 'wrong' })).rejects.toThrow(/Not authorized|Bad username/i);
    await expect(connect(visitor.url, {})).rejects.toThrow(/Not authorized|Bad username/i);
  });

  it("closes a disabled member's open connection at once; it cannot come back, a visitor stays", async () => {
    const member = await chatMember(suite.db);
    const memberLogin = await login(member.token);
    const client = await open(memberLogin);
    const visitor = await open(await login());
    const closing = closedWithin(client, 3000);
    const disabled = await suite.call(opsMemberStatus, { memberId: member.memberId, disabled: true, reason: 'chat abuse, case 12' }, { token: suite.opsToken });
    expect(disabled.body.data).toMatchObject({ status: 3, sessionsEnded: 1, chatLoginsEnded: 1 });
    expect(await closing).toBe(true);
    await expect(connect(memberLogin.url, memberLogin)).rejects.toThrow(/Not authorized|Bad username/i);
    expect(visitor.connected).toBe(true);
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

/** Starts `mosquitto -c <conf>` on a free port, waits until `login` can connect, and returns the process and a connected client. */
async function startMosquitto(confOf: (port: number) => string, dir: string, login: Partial<Login>) {
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, confOf(port));
  const broker = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  broker.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  for (let i = 0; i < 50; i += 1) {
    const client = await connect(`mqtt://127.0.0.1:${port}`, login).catch(() => undefined);
    if (client) return { broker, port, client };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  broker.kill('SIGTERM');
  throw new Error(`mosquitto did not start: ${log}`);
}

const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
const hasDynsec = hasMosquitto && existsSync(DYNSEC_PLUGIN);

// The tightened Mosquitto setup of docs/CHAT.md: dynamic security, administered by the
// server's login (MQTT_DYNSEC=on), set up exactly as documented there with mosquitto_ctrl.
describe.skipIf(!hasDynsec)('Mosquitto with dynamic security: each login reads only its room and inbox', () => {
  let broker: ChildProcess | undefined;
  let server: MqttClient;
  let url = '';
  let brokerPort = 0;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lobby-dynsec-'));
    const state = join(dir, 'dynamic-security.json');
    execFileSync('mosquitto_ctrl', ['dynsec', 'init', state, 'lobby-server', 'server-pass'], { stdio: 'ignore' });
    // Mosquitto started as root drops to its own user, which must read and rewrite the state.
    chmodSync(dir, 0o777);
    chmodSync(state, 0o666);
    const started = await startMosquitto(
      (port) => `per_listener_settings false\nlistener ${port} 127.0.0.1\nplugin ${DYNSEC_PLUGIN}\nplugin_opt_config_file ${state}\n`,
      dir,
      { username: 'lobby-server', password: 'server-pass' },
    );
    ({ broker, client: server } = started);
    url = `mqtt://127.0.0.1:${started.port}`;
    const ctrl = (...args: string[]) => execFileSync('mosquitto_ctrl', ['-h', '127.0.0.1', '-p', String(started.port), '-u', 'lobby-server', '-P', 'server-pass', 'dynsec', ...args], { stdio: 'ignore' });
    ctrl('createRole', 'lobby-publisher');
    ctrl('addRoleACL', 'lobby-publisher', 'publishClientSend', 'lobby/#', 'allow');
    ctrl('addClientRole', 'lobby-server', 'lobby-publisher');
    brokerPort = started.port;
  });
  afterAll(async () => {
    await Promise.all([server, ...clients].map((c) => c?.endAsync(true)));
    broker?.kill('SIGTERM');
  });
  // Registered after the broker's hooks: the suite.app starts once the broker listens, and closes before it stops.
  const suite = serverSuite(testEngines()[0]!, () => ({
    clock: true,
    config: { mqttUrl: `mqtt://lobby-server:server-pass@127.0.0.1:${brokerPort}`, mqttPublicUrl: 'wss://chat.example/mqtt', mqttDynsec: true },
  }));
  const open = async (l: Partial<Login>) => {
    const client = await connect(url, l);
    clients.push(client);
    return client;
  };

  it("admits the connector's logins with the embedded broker's rules", async () => {
    const a = await chatMember(suite.db);
    const b = await chatMember(suite.db);
    const loginA: Login = (await suite.call(chatConnector, { roomId: 1 }, { token: a.token })).body.data;
    const loginB: Login = (await suite.call(chatConnector, { roomId: 1 }, { token: b.token })).body.data;
    const visitor: Login = (await suite.call(chatConnectorAnonymous, { roomId: 1 })).body.data;
    expect(loginA.url).toBe('wss://chat.example/mqtt');
    const clientA = await open(loginA);
    expect(await grantedQos(clientA, loginA.topics.room)).toBe(0);
    expect(await grantedQos(clientA, loginA.topics.inbox!)).toBe(0);
    expect(await grantedQos(clientA, loginB.topics.inbox!)).toBe(128);
    expect(await grantedQos(clientA, 'lobby/inbox/#')).toBe(128);
    expect(await grantedQos(clientA, 'lobby/#')).toBe(128);
    expect(await grantedQos(clientA, 'lobby/room/4/+')).toBe(128);
    expect(await grantedQos(clientA, 'lobby/room/8/2')).toBe(128);
    const clientV = await open(visitor);
    expect(await grantedQos(clientV, visitor.topics.room)).toBe(0);
    expect(await grantedQos(clientV, loginA.topics.inbox!)).toBe(128);
    // The server publishes through Mosquitto; the member and the visitor both receive.
    const toA = nextMessage(clientA);
    const toV = nextMessage(clientV);
    const sent = (await suite.call(chatSendMessage, { roomId: 1, content: 'through dynsec' }, { token: b.token })).body.data;
    for (const got of [await toA, await toV]) expect(JSON.parse(got!.payload)).toMatchObject({ type: 'message', message: { id: sent.id } });
    // A browser login's publish is dropped: nobody subscribed to the room sees it.
    const forged = nextMessage(clientV, 1000);
    await clientA.publishAsync(loginA.topics.room, 'forged', { qos: 1 }).catch(() => undefined);
    expect(await forged).toBeNull();
    await expect(connect(url, { ...loginA, password: 'wrong' })).rejects.toThrow(/Not authorized|Bad username/i);
    // Each login is bound to its client id: B cannot connect as A's, and A stays connected.
    await expect(connect(url, { ...loginB, clientId: loginA.clientId })).rejects.toThrow(/Not authorized|Identifier rejected/i);
    expect(clientA.connected).toBe(true);
  });

  it('removes expired logins from Mosquitto on a later connector call', async () => {
    const old: Login = (await suite.call(chatConnectorAnonymous, { roomId: 1 })).body.data;
    expect(await suite.db.query('SELECT 1 FROM chat_credentials WHERE username = $1', [old.username]).then((r) => r.rows)).toHaveLength(1);
    await (await open(old)).endAsync(true);
    suite.clock.advance(13 * 3600 * 1000);
    expect((await suite.call(chatConnectorAnonymous, { roomId: 1 }, { timestamp: suite.clock.now() })).status).toBe(200);
    await expect(connect(url, old)).rejects.toThrow(/Not authorized|Bad username/i);
    const { rows } = await suite.db.query('SELECT 1 FROM chat_credentials WHERE username = $1', [old.username]);
    expect(rows).toEqual([]);
  });

  it("closes a disabled member's open connection through dynamic security; it cannot come back", async () => {
    const member = await chatMember(suite.db);
    const memberLogin: Login = (await suite.call(chatConnector, { roomId: 1 }, { token: member.token })).body.data;
    const client = await open(memberLogin);
    const visitor = await open((await suite.call(chatConnectorAnonymous, { roomId: 1 })).body.data);
    const closing = closedWithin(client, 5000);
    const disabled = await suite.call(opsMemberStatus, { memberId: member.memberId, disabled: true, reason: 'chat abuse, case 13' }, { token: suite.opsToken, timestamp: suite.clock.now() });
    expect(disabled.body.data).toMatchObject({ status: 3, chatLoginsEnded: 1 });
    expect(await closing).toBe(true);
    await expect(connect(url, memberLogin)).rejects.toThrow(/Not authorized|Bad username/i);
    // Mosquitto forgot the login, so its row is gone too.
    expect((await suite.db.query('SELECT 1 FROM chat_credentials WHERE username = $1', [memberLogin.username])).rows).toEqual([]);
    expect(visitor.connected).toBe(true);
  });
});

describe('broker auth endpoints for an external broker', () => {
  // No broker listens there: the endpoints need only the configured password.
  const suite = serverSuite(testEngines()[0]!, { config: { mqttUrl: 'mqtt://lobby-server:s3cret@127.0.0.1:1', mqttPublicUrl: 'wss://chat.example/mqtt' } });
  const ask = (path: string, body: unknown, secret = 's3cret') =>
    suite.app.inject({ method: 'POST', url: `/chat/broker/${path}`, headers: { 'content-type': 'application/json', 'x-broker-secret': secret }, payload: JSON.stringify(body) });

  it("allows the connector's logins to their own topics only, and only reading", async () => {
    const { token } = await chatMember(suite.db);
    const a = (await suite.call(chatConnector, { roomId: 1 }, { token })).body.data;
    const b = (await suite.call(chatConnectorAnonymous, { roomId: 1 })).body.data;
    expect((await ask('auth', { username: a.username, password: a.password, clientid: a.clientId })).statusCode).toBe(200);
    expect((await ask('auth', { username: a.username, password: 'wrong', clientid: a.clientId })).statusCode).toBe(403);
    expect((await ask('auth', { username: a.username, password: a.password, clientid: a.clientId }, 'not-the-secret')).statusCode).toBe(403);
    expect((await ask('auth', { username: b.username, password: b.password, clientid: a.clientId })).statusCode).toBe(403);
    expect((await ask('auth', { username: b.username, password: b.password })).statusCode).toBe(403);
    expect((await ask('acl', { username: a.username, topic: a.topics.room, acc: 4 })).statusCode).toBe(200);
    expect((await ask('acl', { username: a.username, topic: a.topics.inbox, acc: 1 })).statusCode).toBe(200);
    expect((await ask('acl', { username: a.username, topic: 'lobby/inbox/m-someone-else', acc: 4 })).statusCode).toBe(403);
    expect((await ask('acl', { username: a.username, topic: a.topics.room, acc: 2 })).statusCode).toBe(403);
  });
});
