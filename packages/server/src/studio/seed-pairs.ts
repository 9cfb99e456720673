import { randomBytes } from 'node:crypto';
import { newServerSeed, serverSeedHash } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/**
 * Provably fair seed pairs (docs/STUDIO.md, "Sessions and seeds"): one active pair per
 * owner (a member, or a demo session) and venue. The server seed stays secret until the
 * pair is rotated; its SHA-256 is shown before any round is played with it. Each round
 * takes the pair's next nonce.
 */
export interface SeedPair {
  id: number;
  owner: string;
  venueCode: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
  revealedAt: Date | null;
}

/** A client seed: 1 to 64 letters, digits, `_` or `-`. */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

interface SeedRow {
  id: string | number;
  owner: string;
  venue_code: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  revealed_at: Date | null;
}

const COLUMNS = 'id, owner, venue_code, server_seed, server_seed_hash, client_seed, next_nonce, revealed_at';

function pairOf(row: SeedRow): SeedPair {
  return {
    id: Number(row.id), owner: row.owner, venueCode: row.venue_code, serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed, nextNonce: Number(row.next_nonce), revealedAt: row.revealed_at,
  };
}

/** The owner key of a member's seeds, or of a demo session's. */
export function seedOwnerOf(memberId: number | null, sessionHash: string): string {
  return memberId === null ? `demo:${sessionHash}` : `member:${memberId}`;
}

/** A fresh random client seed (the player may replace it). */
export function randomClientSeed(): string {
  return randomBytes(8).toString('hex');
}

async function insertPair(tx: Queryable, owner: string, venueCode: string, clientSeed: string, now: Date): Promise<void> {
  const serverSeed = newServerSeed();
  await tx.query(
    `INSERT INTO studio_seed_pairs (owner, venue_code, server_seed, server_seed_hash, client_seed, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [owner, venueCode, serverSeed, await serverSeedHash(serverSeed), clientSeed, now],
  );
}

/**
 * The owner's active pair of a venue, made on first use; `lock` takes its row lock, so
 * rounds of one owner take nonces one after another.
 */
export async function activePair(tx: Queryable, owner: string, venueCode: string, now: Date, lock = false): Promise<SeedPair> {
  const select = `SELECT ${COLUMNS} FROM studio_seed_pairs WHERE owner = $1 AND venue_code = $2 AND revealed_at IS NULL${lock ? ' FOR UPDATE' : ''}`;
  let { rows } = await tx.query<SeedRow>(select, [owner, venueCode]);
  if (!rows[0]) {
    await insertPair(tx, owner, venueCode, randomClientSeed(), now);
    ({ rows } = await tx.query<SeedRow>(select, [owner, venueCode]));
  }
  return pairOf(rows[0]!);
}

/** Takes the next nonce of the owner's active pair (row-locked until the transaction ends). */
export async function takeNonce(tx: Queryable, owner: string, venueCode: string, now: Date): Promise<{ pair: SeedPair; nonce: number }> {
  const pair = await activePair(tx, owner, venueCode, now, true);
  await tx.query('UPDATE studio_seed_pairs SET next_nonce = next_nonce + 1 WHERE id = $1', [pair.id]);
  return { pair, nonce: pair.nextNonce };
}

/** Sets the client seed of the active pair; its nonce count starts again at 0 with a fresh server seed. */
export async function setClientSeed(tx: Queryable, owner: string, venueCode: string, clientSeed: string, now: Date): Promise<{ revealed: SeedPair; next: SeedPair }> {
  return rotatePair(tx, owner, venueCode, now, clientSeed);
}

/**
 * Reveals the active pair (its server seed is shown from now on) and starts a new one
 * with a fresh server seed and the given (or the old) client seed.
 */
export async function rotatePair(tx: Queryable, owner: string, venueCode: string, now: Date, clientSeed?: string): Promise<{ revealed: SeedPair; next: SeedPair }> {
  const current = await activePair(tx, owner, venueCode, now, true);
  await tx.query('UPDATE studio_seed_pairs SET revealed_at = $2 WHERE id = $1', [current.id, now]);
  await insertPair(tx, owner, venueCode, clientSeed ?? current.clientSeed, now);
  const next = await activePair(tx, owner, venueCode, now);
  return { revealed: { ...current, revealedAt: now }, next };
}

/** A pair by id (any state). */
export async function pairById(db: Queryable, id: number): Promise<SeedPair | undefined> {
  const { rows } = await db.query<SeedRow>(`SELECT ${COLUMNS} FROM studio_seed_pairs WHERE id = $1`, [id]);
  return rows[0] && pairOf(rows[0]);
}
