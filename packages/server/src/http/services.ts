import type { Database } from '../db/database.js';
import type { CaptchaProvider } from '../captcha/captcha.js';
import type { BalanceReader } from '../members/balances.js';
import type { CodeSender } from '../members/code-sender.js';
import type { MailSender } from '../members/mail-sender.js';
import type { BrandDirectory } from '../site/brand-directory.js';
import type { IdempotencyGuard } from './idempotency.js';

/** A clock the server reads instead of Date.now, so tests can move time. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** Third parties and replaceable parts; buildApp fills in the sandbox defaults. */
export interface Providers {
  captcha: CaptchaProvider;
  /** Sends phone verification codes (SMS). */
  codes: CodeSender;
  /** Sends mail (the forgotten-password code by email). */
  mail: MailSender;
  /** Reads a member's balances for user info; the ledger replaces the zero reader. */
  balances: BalanceReader;
  clock: Clock;
}

/** Where the static files come from; each defaults to its folder under the repo root. */
export interface StaticPaths {
  /** The repo root (the folder whose package.json is named "lobby"). */
  rootDir?: string;
  siteDist?: string;
  widgetsDist?: string;
  examplesDir?: string;
}

/** The settings buildApp needs (startServer derives them from ServerConfig). */
export interface AppConfig {
  /** The request sign key (LOBBY_SIGN_KEY). */
  signKey: string;
  /** Sandbox test doors such as GET /sandbox/captcha/:id are served when true. */
  sandbox: boolean;
  /** Validate every response against its contract schema (tests: on; production: off). */
  checkResponses: boolean;
  /** Honour X-Forwarded-For for client IPs (behind a load balancer). */
  trustProxy: boolean;
  static: StaticPaths;
  /** MQTT_URL: the external chat broker the server publishes to; the embedded broker on /mqtt when unset. */
  mqttUrl?: string;
  /** MQTT_WS_URL: the external broker's WebSocket URL handed to browsers (MQTT_URL when unset). */
  mqttPublicUrl?: string;
  /** MQTT_DYNSEC: register each chat login with the external Mosquitto's dynamic security. */
  mqttDynsec?: boolean;
}

/**
 * What every route reaches through `app.lobby`: the database, the configuration, the
 * providers and the brand directory. Route groups may replace a provider before the app
 * is ready (the ledger replaces `providers.balances` and sets `idempotency`).
 */
export interface LobbyServices {
  db: Database;
  config: AppConfig;
  providers: Providers;
  brands: BrandDirectory;
  /** The idempotency store for calls with `movesMoney: true`; unset until the ledger sets it. */
  idempotency: IdempotencyGuard | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    lobby: LobbyServices;
  }
}
