import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rawBodyOf } from '../http/input.js';
import { ownsClientId, verifyCredential } from './credentials.js';
import { maySubscribe } from './embedded-broker.js';

/** The header an external broker's auth plugin sends: the server's own broker password from MQTT_URL. */
export const BROKER_SECRET_HEADER = 'x-broker-secret';

/** MQTT access bits as auth plugins send them (mosquitto-go-auth `acc`): 1 read, 2 write, 4 subscribe. */
const WRITE = 2;

/** The plugin's fields, sent as JSON or as a form (the app keeps both bodies as text). */
function fieldsOf(request: FastifyRequest): Record<string, unknown> {
  const body = rawBodyOf(request);
  const contentType = request.headers['content-type'];
  if (contentType?.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * Login and topic checks for an external broker (mosquitto-go-auth HTTP backend, EMQX HTTP
 * auth and authz), so the connector's per-visitor logins work there too:
 * `POST /chat/broker/auth { username, password, clientid }` (the client id must be the
 * login's own, so one login cannot knock another off) and
 * `POST /chat/broker/acl { username, topic, acc }` answer 200 `{ result: 'allow' }` or
 * 403 `{ result: 'deny' }`. Served only when MQTT_URL names a broker with a password.
 *
 * @example curl -H 'x-broker-secret: s' -d '{"username":"v-x","password":"p","clientid":"v-x"}' http://host/chat/broker/auth
 */
export function brokerAuthRoutes(app: FastifyInstance): void {
  const url = app.lobby.config.mqttUrl;
  const secret = url ? decodeURIComponent(new URL(url).password) : '';
  if (!secret) return;
  const { db, providers } = app.lobby;
  const deny = { result: 'deny' } as const;
  app.post('/chat/broker/auth', async (request, reply) => {
    const body = fieldsOf(request);
    if (!sameSecret(request.headers[BROKER_SECRET_HEADER], secret)) return reply.code(403).send(deny);
    if (typeof body.username !== 'string' || typeof body.password !== 'string') return reply.code(403).send(deny);
    if (typeof body.clientid !== 'string' || !ownsClientId(body.username, body.clientid)) return reply.code(403).send(deny);
    const grant = await verifyCredential(db, body.username, body.password, providers.clock.now());
    return grant ? { result: 'allow' } : reply.code(403).send(deny);
  });
  app.post('/chat/broker/acl', async (request, reply) => {
    const body = fieldsOf(request);
    if (!sameSecret(request.headers[BROKER_SECRET_HEADER], secret)) return reply.code(403).send(deny);
    if (typeof body.username !== 'string' || typeof body.topic !== 'string' || Number(body.acc) & WRITE) return reply.code(403).send(deny);
    const { rows } = await db.query<{ roomTopic: string; inboxTopic: string | null; memberId: number | null }>(
      `SELECT room_topic AS "roomTopic", inbox_topic AS "inboxTopic", member_id::int AS "memberId"
         FROM chat_credentials WHERE username = $1 AND expires_at > to_timestamp($2 / 1000.0)`,
      [body.username, providers.clock.now()],
    );
    const row = rows[0];
    const grant = row ? { username: body.username, ...row } : undefined;
    return maySubscribe(grant, body.topic) ? { result: 'allow' } : reply.code(403).send(deny);
  });
}
