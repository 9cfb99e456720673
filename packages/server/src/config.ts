import { DEMO_SIGN_KEY } from '@lobby/sdk';
import { parsePartnerOrigins } from './partners/partner-origin.js';

/**
 * The server's configuration, read once from the environment (README, "Configuration").
 *
 * @example const config = readConfig(process.env); // { port: 3000, dataDir: './data', ... }
 */
export interface ServerConfig {
  /** PORT: 0 picks a free port. */
  port: number;
  /** HOST: the interface to bind, 0.0.0.0 by default. */
  host: string;
  /** DATA_DIR: the embedded database's directory. */
  dataDir: string;
  /** DATABASE_URL: PostgreSQL instead of the embedded database. */
  databaseUrl: string | undefined;
  /** MQTT_URL: an external chat broker instead of the embedded one. */
  mqttUrl: string | undefined;
  /** MQTT_WS_URL: the external broker's WebSocket URL for browsers (MQTT_URL when unset). */
  mqttPublicUrl: string | undefined;
  /** MQTT_DYNSEC: 'on' when MQTT_URL is a Mosquitto with dynamic security that the server administers (docs/CHAT.md). */
  mqttDynsec: boolean;
  /** LOBBY_SEED: 'off' disables seeding the demo brands, members and messages. */
  seed: boolean;
  /** LOBBY_DEMO_PASSWORD: the seeded demo members' password. */
  demoPassword: string;
  /** LOBBY_SIGN_KEY: the request sign key; public client configuration. */
  signKey: string;
  /** LOBBY_SANDBOX: 'off' hides the sandbox providers' test doors (e.g. /sandbox/captcha/:id). */
  sandbox: boolean;
  /** LOG_LEVEL: pino level, info by default. */
  logLevel: string;
  /** TRUST_PROXY: 'true' behind a load balancer, so rate limits see the client IP from X-Forwarded-For. */
  trustProxy: boolean;
  /** LOBBY_OPERATOR_TOKEN: the token of the operator `ops` (operator API and `npm run ops`), set at each start. */
  operatorToken?: string | undefined;
  /** LOBBY_PARTNER_ORIGINS: comma-separated origins whose pages may make every brand's partner calls (CORS); an invalid one stops the start. */
  partnerOrigins: string[];
}

export const DEFAULT_PORT = 3000;
export const DEFAULT_DEMO_PASSWORD = 'demo1234';

/** Reads the configuration from environment variables, with the documented defaults. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    mqttUrl: env.MQTT_URL || undefined,
    mqttPublicUrl: env.MQTT_WS_URL || undefined,
    mqttDynsec: (env.MQTT_DYNSEC ?? '').toLowerCase() === 'on',
    seed: (env.LOBBY_SEED ?? '').toLowerCase() !== 'off',
    demoPassword: env.LOBBY_DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    signKey: env.LOBBY_SIGN_KEY || DEMO_SIGN_KEY,
    sandbox: (env.LOBBY_SANDBOX ?? '').toLowerCase() !== 'off',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: (env.TRUST_PROXY ?? '').toLowerCase() === 'true',
    operatorToken: env.LOBBY_OPERATOR_TOKEN || undefined,
    partnerOrigins: parsePartnerOrigins(env.LOBBY_PARTNER_ORIGINS),
  };
}

/**
 * What a start should warn about in this configuration. An external broker (MQTT_URL)
 * without MQTT_DYNSEC=on keeps no per-login rights of lobby's: unless its auth plugin asks
 * lobby (/chat/broker/auth and /acl), any client of that broker reads every room.
 *
 * @example configWarnings(readConfig({ MQTT_URL: 'mqtt://broker' })) // ['MQTT_URL is set without MQTT_DYNSEC=on: ...']
 */
export function configWarnings(config: Pick<ServerConfig, 'mqttUrl' | 'mqttDynsec'>): string[] {
  const warnings: string[] = [];
  if (config.mqttUrl && !config.mqttDynsec) {
    warnings.push(
      'MQTT_URL is set without MQTT_DYNSEC=on: every chat room is then open to any client of that broker, ' +
        "unless the broker's auth plugin checks logins and topics at /chat/broker/auth and /chat/broker/acl (docs/CHAT.md)",
    );
  }
  return warnings;
}

function parsePort(text: string | undefined): number {
  if (text === undefined || text === '') return DEFAULT_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer 0-65535, got ${text}`);
  return port;
}
