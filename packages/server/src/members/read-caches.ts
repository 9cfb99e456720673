import type { Database, Listener } from '../db/database.js';

/**
 * Read path caches of one database (issue 3: walletBalance reads): sessions by token
 * hash and ledger balances by member. What they promise (docs/WALLET.md, "Read path
 * caches"):
 * - they serve only while this process LISTENs to the database (channels
 *   `lobby_sessions` and `lobby_ledger`, notified by triggers on commit, migrations 0106
 *   and 0108); before that, after a lost connection and after `stop`, every read goes to
 *   the database, and a lost connection drops everything held;
 * - a session change on any instance (logout, password change, purge, member renamed)
 *   drops every cached session when its notification arrives; a revocation on this
 *   instance (`suspendSessionCaches`) stops serving sessions from cache at once, until the
 *   notification of its commit arrives (or SESSION_SUSPEND_MS passes, for a rollback);
 * - a money move on any instance drops the moved members' balances when its
 *   notification arrives; a money call answered by this instance drops its member's
 *   balances before the answer is sent (`forgetBalances`), so a member sees its own new
 *   balance at once;
 * - a read that raced with a drop does not store what it read (it may be older than
 *   the drop), and no entry lives longer than its TTL, a bound in case a notification is
 *   lost without the connection noticing.
 * Keys are the caller's own: a session by the hash of the token it presented, balances by
 * the id of the member that session belongs to.
 */
export class ReadCaches {
  readonly sessions = new ExpiringCache<string, CachedSession>(SESSION_CACHE_TTL_MS, CACHE_MAX_ENTRIES);
  readonly balances = new ExpiringCache<number, ReadonlyMap<string, number>>(BALANCE_CACHE_TTL_MS, CACHE_MAX_ENTRIES);
  private users = 0;
  private listener: Promise<Listener | null> | null = null;
  private sessionsSuspendedUntil = 0;

  constructor(private readonly db: Database) {}

  /** Starts listening (once per database; counted, so each `start` needs its `stop`). */
  async start(): Promise<void> {
    this.users += 1;
    if (this.listener || !this.db.listen) return;
    const db = this.db;
    this.listener = db.listen!(
      [SESSION_CHANNEL, LEDGER_CHANNEL],
      (channel, payload) => this.notified(channel, payload),
      (live) => this.setLive(live),
    ).catch(() => null);
    await this.listener;
  }

  /** Stops listening when the last user stops; the caches then stop serving. */
  async stop(): Promise<void> {
    this.users = Math.max(0, this.users - 1);
    if (this.users > 0 || !this.listener) return;
    const listener = await this.listener;
    this.listener = null;
    this.setLive(false);
    await listener?.close();
  }

  /** A session revoked on this instance: sessions come from the database until its commit is heard of. */
  suspendSessions(): void {
    this.sessionsSuspendedUntil = performance.now() + SESSION_SUSPEND_MS;
    this.sessions.clear();
  }

  /** Whether sessions may be served from cache now (real time, not the injected clock). */
  sessionsServable(): boolean {
    return this.sessionsSuspendedUntil === 0 || performance.now() >= this.sessionsSuspendedUntil;
  }

  private setLive(live: boolean): void {
    this.sessions.setLive(live);
    this.balances.setLive(live);
  }

  private notified(channel: string, payload: string): void {
    if (channel === SESSION_CHANNEL) {
      this.sessionsSuspendedUntil = 0;
      this.sessions.clear();
      return;
    }
    if (channel !== LEDGER_CHANNEL) return;
    if (payload === '*') {
      this.balances.clear();
      return;
    }
    for (const id of payload.split(',')) this.balances.forget(Number(id));
  }
}

/** A session as the cache holds it: the member and when the session ends. */
export interface CachedSession {
  member: { id: number; name: string; siteId: number; sessionId: number };
  expiresAtMs: number;
}

export const SESSION_CHANNEL = 'lobby_sessions';
export const LEDGER_CHANNEL = 'lobby_ledger';
/** Longest a cached session is served without asking the database again. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Longest cached balances are served without asking the database again. */
export const BALANCE_CACHE_TTL_MS = 10_000;
/** Longest a local revocation keeps sessions out of the cache without hearing of its commit. */
export const SESSION_SUSPEND_MS = 5_000;
/** Entries per cache; the oldest go first. */
export const CACHE_MAX_ENTRIES = 50_000;

/**
 * A map whose entries expire after `ttlMs`, served only while live, and that refuses to
 * store a value read before a `forget` or `clear` of its key (see ReadCaches).
 */
export class ExpiringCache<K, V> {
  private readonly entries = new Map<K, { value: V; storedAtMs: number }>();
  private readonly reads = new Map<K, symbol>();
  private generation = 0;
  private live = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /**
   * The live cached value now, without a promise (the common warm read), or undefined
   * when `get` must ask: nothing cached, expired, or the cache not serving.
   */
  peek(key: K, nowMs: number, servable = true): V | undefined {
    if (!this.live || !servable) return undefined;
    const hit = this.entries.get(key);
    return hit && nowMs - hit.storedAtMs < this.ttlMs && nowMs >= hit.storedAtMs ? hit.value : undefined;
  }

  /** The cached value, or `load()`'s (stored when nothing dropped the key meanwhile). */
  async get(key: K, nowMs: number, load: () => Promise<V | null>, servable = true): Promise<V | null> {
    if (!this.live || !servable) return load();
    const hit = this.entries.get(key);
    if (hit && nowMs - hit.storedAtMs < this.ttlMs && nowMs >= hit.storedAtMs) return hit.value;
    const token = Symbol('read');
    const generation = this.generation;
    this.reads.set(key, token);
    const value = await load();
    if (this.reads.get(key) === token) {
      this.reads.delete(key);
      if (value !== null && this.live && generation === this.generation) this.store(key, value, nowMs);
    }
    return value;
  }

  forget(key: K): void {
    this.entries.delete(key);
    this.reads.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.reads.clear();
  }

  setLive(live: boolean): void {
    if (!live) this.clear();
    this.live = live;
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }

  /** Whether the cache serves (its database connection listens). */
  get isLive(): boolean {
    return this.live;
  }

  private store(key: K, value: V, nowMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAtMs: nowMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }
}

const cachesByDatabase = new WeakMap<Database, ReadCaches>();

/** The read caches of a database (one per open database in this process). */
export function readCachesOf(db: Database): ReadCaches {
  let caches = cachesByDatabase.get(db);
  if (!caches) {
    caches = new ReadCaches(db);
    cachesByDatabase.set(db, caches);
    allCaches.add(new WeakRef(caches));
  }
  return caches;
}

const allCaches = new Set<WeakRef<ReadCaches>>();

/**
 * A session was revoked in a transaction on this process: every read cache of the process
 * stops serving sessions until the commit's notification arrives (the transaction's
 * database is not known here; revocations are rare).
 */
export function suspendSessionCaches(): void {
  for (const ref of allCaches) {
    const caches = ref.deref();
    if (caches) caches.suspendSessions();
    else allCaches.delete(ref);
  }
}
