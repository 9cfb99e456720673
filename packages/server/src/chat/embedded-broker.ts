import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream, type WebSocket } from 'ws';
import type { Database } from '../db/database.js';
import type { Clock } from '../http/pipeline.js';
import { ownsClientId, verifyCredential, type BrokerGrant } from './credentials.js';
import type { ChatPublisher } from './publisher.js';

/** The path of the embedded broker's WebSocket on the server's own port. */
export const MQTT_PATH = '/mqtt';

const grants = new WeakMap<Client, BrokerGrant>();

/** Whether a login may subscribe to a topic: exactly its room or its own inbox, no wildcards. */
export function maySubscribe(grant: BrokerGrant | undefined, topic: string): boolean {
  if (!grant) return false;
  return topic === grant.roomTopic || (grant.inboxTopic !== null && topic === grant.inboxTopic);
}

/**
 * aedes writes each MQTT packet in several pieces (header, length, topic, payload) inside
 * cork/uncork; ws's stream has no `_writev`, so every piece became its own WebSocket frame
 * and socket write: about five frames per delivery, 1,000 times per room message. With
 * `_writev` the corked pieces leave as one frame (bench/chat.bench.mjs, docs/CHAT.md).
 */
export function oneFramePerPacket(stream: Duplex, socket: WebSocket): Duplex {
  (stream as Duplex & { _writev: (chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void) => void })._writev = (chunks, callback) => {
    const frame = chunks.length === 1 ? chunks[0]!.chunk : Buffer.concat(chunks.map(({ chunk }) => chunk));
    socket.send(frame, { binary: true }, callback);
  };
  return stream;
}

/**
 * The embedded aedes broker on `/mqtt` of the HTTP server: logins are the connector's
 * credentials, each connecting with its own client id only; a client may subscribe only to
 * its room and its inbox and publishes nothing (a publish disconnects it). The server
 * publishes in process.
 *
 * @example const broker = await embeddedBroker(app.server, db, clock); await broker.publish(topic, event);
 */
export async function embeddedBroker(server: Server, db: Database, clock: Clock): Promise<ChatPublisher> {
  const aedes = await Aedes.createBroker();
  aedes.authenticate = (client, username, password, done) => {
    if (!username || !password) return done(Object.assign(new Error('login required'), { returnCode: 4 }), false);
    // CONNACK 2 (identifier rejected) before the password is looked at: the id is the login's.
    if (!ownsClientId(username, client.id)) return done(Object.assign(new Error('not this login\'s client id'), { returnCode: 2 }), false);
    verifyCredential(db, username, password.toString(), clock.now()).then(
      (grant) => {
        if (!grant) return done(Object.assign(new Error('bad login'), { returnCode: 4 }), false);
        grants.set(client, grant);
        done(null, true);
      },
      (error: unknown) => done(Object.assign(new Error(String(error)), { returnCode: 3 as const }), false),
    );
  };
  aedes.authorizeSubscribe = (client, sub, done) => done(null, maySubscribe(grants.get(client), sub.topic) ? sub : null);
  aedes.authorizePublish = (_client, _packet, done) => done(new Error('clients may not publish'));
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  sockets.on('connection', (socket, request: IncomingMessage) => {
    const stream = oneFramePerPacket(createWebSocketStream(socket), socket);
    stream.on('error', () => socket.terminate());
    aedes.handle(stream as never, request);
  });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://x').pathname !== MQTT_PATH) return;
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
  };
  server.on('upgrade', onUpgrade);
  return {
    publish: (topic, event) =>
      new Promise((resolve, reject) => {
        const packet = { cmd: 'publish' as const, topic, payload: Buffer.from(JSON.stringify(event)), qos: 0 as const, retain: false, dup: false };
        aedes.publish(packet, (error) => (error ? reject(error) : resolve()));
      }),
    brokerUrl: (origin) => `${origin.replace(/^http/, 'ws')}${MQTT_PATH}`,
    async disconnect(usernames) {
      // A login's client id is its username (ownsClientId); aedes keeps its clients by id.
      const clients = (aedes as unknown as { clients: Record<string, Client | undefined> }).clients;
      await Promise.all(usernames.map((name) => new Promise<void>((resolve) => (clients[name] ? clients[name].close(() => resolve()) : resolve()))));
    },
    async close() {
      server.off('upgrade', onUpgrade);
      for (const socket of sockets.clients) socket.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}
