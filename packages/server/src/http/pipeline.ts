import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import type { IdempotencyGuards } from './idempotency.js';

/** A clock the server reads instead of Date.now, so tests can move time. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** Where the static files come from; each defaults to its folder under the repo root. */
export interface StaticPaths {
  /** The repo root (the folder whose package.json is named "lobby"). */
  rootDir?: string;
  siteDist?: string;
  widgetsDist?: string;
  examplesDir?: string;
  /** The studio's game pages (packages/studio-ui/dist), served under /studio/play/ and /studio/assets/. */
  studioUiDist?: string;
}

/** The settings the request pipeline reads; the app's AppConfig (src/services.ts) adds the features' own. */
export interface PipelineConfig {
  /** The request sign key (LOBBY_SIGN_KEY). */
  signKey: string;
  /** Validate every response against its contract schema (tests: on; production: off). */
  checkResponses: boolean;
  /** Honour X-Forwarded-For for client IPs (behind a load balancer). */
  trustProxy: boolean;
  static: StaticPaths;
}

/** The member a session token belongs to: who calls a member call. */
export interface CallMember {
  /** Member id. */
  id: number;
  name: string;
  siteId: number;
  /** The session (token) id, e.g. to revoke exactly this session. */
  sessionId: number;
}

/** The sites x-site-id may name (the brand directory). */
export interface SiteDirectory {
  /** Whether the site is known, from memory; undefined when only the database can tell. */
  knows(siteId: number): boolean | undefined;
  has(siteId: number): Promise<boolean>;
}

/**
 * How the pipeline learns who calls, and whom it tells that a money call settled; the app
 * plugs in the sessions (members/) and the operators (operator/).
 */
export interface CallerLookup {
  /** The member of a live session token (any site), or null for an unknown, ended or revoked one. */
  memberOfToken(token: string): Promise<CallMember | null>;
  /** Checks an operator call's x-token; refuses with operatorOnly. */
  authenticateOperator(request: FastifyRequest): Promise<void>;
  /** A money call of this member settled (committed or failed) and its answer is about to go. */
  moneyCallSettled(memberId: number): void;
}

/** Deletes rows no request can need any more, as of `nowMs`; answers how many went. */
export type Sweep = (db: Database, nowMs: number) => Promise<number>;

/**
 * What the request pipeline reads of `app.lobby`. The app's LobbyServices (src/services.ts)
 * extends it with the features' services; http/ knows only this part.
 */
export interface PipelineServices {
  db: Database;
  config: PipelineConfig;
  providers: { clock: Clock };
  brands: SiteDirectory;
  callers: CallerLookup;
  /** What housekeeping deletes besides the pipeline's own nonces and rate counters. */
  sweeps: readonly Sweep[];
  /** The idempotency guards of money calls, by the kind each call declares. */
  idempotency: IdempotencyGuards;
}
