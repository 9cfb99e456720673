import type { Database } from './db/database.js';
import type { CaptchaProvider } from './captcha/captcha.js';
import type { Clock, PipelineConfig, PipelineServices } from './http/pipeline.js';
import type { BalanceReader } from './members/balances.js';
import type { CodeSender } from './members/code-sender.js';
import type { MailSender } from './members/mail-sender.js';
import type { BrandDirectory } from './site/brand-directory.js';

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

/** The settings buildApp needs (startServer derives them from ServerConfig). */
export interface AppConfig extends PipelineConfig {
  /** Sandbox test doors such as GET /sandbox/captcha/:id are served when true. */
  sandbox: boolean;
  /** MQTT_URL: the external chat broker the server publishes to; the embedded broker on /mqtt when unset. */
  mqttUrl?: string;
  /** MQTT_WS_URL: the external broker's WebSocket URL handed to browsers (MQTT_URL when unset). */
  mqttPublicUrl?: string;
  /** MQTT_DYNSEC: register each chat login with the external Mosquitto's dynamic security. */
  mqttDynsec?: boolean;
  /** LOBBY_PARTNER_ORIGINS: origins that may make every brand's partner calls (partners/), parsed at start. */
  partnerOrigins?: readonly string[];
}

/**
 * What every route reaches through `app.lobby`: the database, the configuration, the
 * providers and the brand directory, besides what the request pipeline reads
 * (PipelineServices). Route groups may replace a provider before the app is ready (the
 * wallet replaces `providers.balances`); the idempotency guards are buildApp's alone.
 */
export interface LobbyServices extends PipelineServices {
  db: Database;
  config: AppConfig;
  providers: Providers;
  brands: BrandDirectory;
}

declare module 'fastify' {
  interface FastifyInstance {
    lobby: LobbyServices;
  }
}
