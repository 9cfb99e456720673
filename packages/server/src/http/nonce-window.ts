import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { SIGN_WINDOW_MS } from '@lobby/sdk';
import { BusinessError } from './errors.js';

/** How long a nonce is remembered after it was seen: a request signed at most one window away from then passes the timestamp check for at most one window more. */
export const NONCE_KEEP_MS = 2 * SIGN_WINDOW_MS;

/** Most nonces held at once; when full, requests are refused (429) rather than a nonce forgotten early. */
export const NONCE_WINDOW_MAX = 1_000_000;

/** How often claims sweep expired nonces out of the window. */
const EXPIRY_SWEEP_MS = 1000;

/** The journal file of an embedded database's nonce window, inside its data directory. */
export const NONCE_JOURNAL_FILE = 'lobby-nonces.log';

/**
 * The nonce window of a server that is the only one on its database (embedded PGlite:
 * one process owns the data directory), so a replay is refused without a database write
 * per request. A nonce is kept exactly as long as the database rows are (seen time plus
 * twice the signature window), in insertion order, so expired ones leave from the front.
 *
 * A restart must not forget: each accepted nonce is appended to a journal in the data
 * directory before the request goes on (`journalled()`: a write to the file, which a
 * SIGKILL does not lose; the same durability as the embedded database's own files), and a
 * new window reads the journal back. The nonces accepted in one turn of the event loop go
 * in one write after the turn's I/O callbacks (setImmediate): one system call per burst,
 * not one per request (the alternatives measured: docs/WALLET.md, "Benchmarks"). The journal is compacted to the live nonces when it grows.
 *
 * @example const window = new MemoryNonceWindow('./data'); if (window.claim('device-1', 'n0nce-123', Date.now())) await window.journalled();
 */
export class MemoryNonceWindow {
  /** `device \n nonce` to the time the nonce may be forgotten. */
  private readonly expiries = new Map<string, number>();
  private readonly journalPath: string | undefined;
  private journal: number | undefined;
  private appendedSinceCompaction = 0;
  /** Journal lines accepted and not yet written, with who waits for them. */
  private next: JournalBatch = { lines: [], waiters: [] };
  private writeScheduled = false;
  /** When expired nonces were last swept out (ms, the claims' clock). */
  private sweptAtMs = -Infinity;

  /** @param dataDir the embedded database's directory; none (in memory): no journal. */
  constructor(
    dataDir?: string,
    private readonly max = NONCE_WINDOW_MAX,
  ) {
    this.journalPath = dataDir ? join(dataDir, NONCE_JOURNAL_FILE) : undefined;
    if (this.journalPath) this.recover(this.journalPath, Date.now());
  }

  /**
   * True when the nonce is new for the device (and is now remembered); false for a replay.
   * A request may go on once `journalled()` has resolved.
   */
  claim(deviceId: string, nonce: string, nowMs: number): boolean {
    // The sweep walks from the oldest entry; once a second is enough, since an expired
    // entry still found below is treated as absent.
    if (nowMs - this.sweptAtMs >= EXPIRY_SWEEP_MS || nowMs < this.sweptAtMs) {
      this.sweptAtMs = nowMs;
      this.forgetExpired(nowMs);
    }
    const key = `${deviceId}\n${nonce}`;
    const expiry = this.expiries.get(key);
    if (expiry !== undefined && expiry > nowMs) return false;
    if (expiry !== undefined) this.expiries.delete(key);
    if (this.expiries.size >= this.max) this.forgetExpired(nowMs);
    if (this.expiries.size >= this.max) throw new BusinessError('tooManyRequests', 'the server is busy; try again shortly');
    const expiresAtMs = nowMs + NONCE_KEEP_MS;
    this.append(`${expiresAtMs} ${deviceId} ${nonce}\n`);
    this.expiries.set(key, expiresAtMs);
    return true;
  }

  /** How many nonces are held. */
  get size(): number {
    return this.expiries.size;
  }

  /**
   * Resolves once every nonce accepted so far is written to the journal (rejects if that
   * write fails). Claims of the same event-loop turn share one write.
   */
  journalled(): Promise<void> {
    if (this.next.lines.length === 0) return Promise.resolve();
    const batch = this.next;
    const done = new Promise<void>((resolve, reject) => batch.waiters.push({ resolve, reject }));
    if (!this.writeScheduled) {
      this.writeScheduled = true;
      setImmediate(() => {
        this.writeScheduled = false;
        this.writeNext();
      });
    }
    return done;
  }

  /** Writes what is not yet written and closes the journal (a later window on the same directory reads it back). */
  close(): void {
    this.writeNext();
    if (this.journal !== undefined) closeSync(this.journal);
    this.journal = undefined;
  }

  /** Writes the accepted lines in one system call (or a compaction, which holds them all), then answers their waiters. */
  private writeNext(): void {
    const batch = this.next;
    this.next = { lines: [], waiters: [] };
    if (!this.journalPath || batch.lines.length === 0) {
      batch.waiters.forEach((waiter) => waiter.resolve());
      return;
    }
    try {
      if (this.appendedSinceCompaction > 2 * this.expiries.size + 10_000) this.compact(this.journalPath);
      else {
        this.journal ??= openSync(this.journalPath, 'a');
        writeSync(this.journal, batch.lines.join(''));
      }
    } catch (error) {
      batch.waiters.forEach((waiter) => waiter.reject(error));
      if (batch.waiters.length === 0) throw error;
      return;
    }
    batch.waiters.forEach((waiter) => waiter.resolve());
  }

  private forgetExpired(nowMs: number): void {
    for (const [key, expiry] of this.expiries) {
      if (expiry > nowMs) break;
      this.expiries.delete(key);
    }
  }

  private append(line: string): void {
    if (!this.journalPath) return;
    this.next.lines.push(line);
    this.appendedSinceCompaction += 1;
  }

  private recover(path: string, nowMs: number): void {
    if (existsSync(path)) {
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        const [expiryText, deviceId, nonce] = line.split(' ');
        const expiresAtMs = Number(expiryText);
        if (!deviceId || !nonce || !(expiresAtMs > nowMs)) continue;
        const key = `${deviceId}\n${nonce}`;
        this.expiries.delete(key);
        this.expiries.set(key, expiresAtMs);
      }
    }
    this.compact(path);
  }

  /** Rewrites the journal with the live nonces only (a new file renamed over the old one). */
  private compact(path: string): void {
    if (this.journal !== undefined) closeSync(this.journal);
    this.journal = undefined;
    const lines = [...this.expiries].map(([key, expiry]) => `${expiry} ${key.replace('\n', ' ')}\n`);
    writeFileSync(`${path}.tmp`, lines.join(''));
    renameSync(`${path}.tmp`, path);
    this.appendedSinceCompaction = 0;
  }
}

/** Journal lines that go in one write, and the claims waiting for it. */
interface JournalBatch {
  lines: string[];
  waiters: Array<{ resolve(): void; reject(error: unknown): void }>;
}
