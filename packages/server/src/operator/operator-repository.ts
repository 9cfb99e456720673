import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';

/**
 * The demo operator's token when LOBBY_OPERATOR_TOKEN is unset and the demo data is
 * seeded (public, like the demo password; real deployments set their own).
 */
export const DEMO_OPERATOR_TOKEN = 'lobby-demo-operator-token';
/** The seeded operator's name. */
export const DEMO_OPERATOR_NAME = 'ops';

/** An operator behind a valid token. */
export interface Operator {
  id: number;
  name: string;
}

/** Tokens: 16 to 200 visible ASCII characters (a generated one is 64 hex digits). */
const TOKEN_PATTERN = /^[\x21-\x7e]{16,200}$/;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random operator token (256 bits, hex). @example newOperatorToken() // 'c0ffee...' */
export function newOperatorToken(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Creates the operator, or gives an existing one this token (the old token stops working).
 *
 * @example await setOperatorToken(db, 'ops', process.env.LOBBY_OPERATOR_TOKEN!);
 */
export async function setOperatorToken(q: Queryable, name: string, token: string): Promise<Operator> {
  if (!TOKEN_PATTERN.test(token)) throw new Error('operator token: 16 to 200 visible ASCII characters');
  const { rows } = await q.query<Operator>(
    `INSERT INTO operators (name, token_hash) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET token_hash = EXCLUDED.token_hash, disabled_at = NULL
     RETURNING id::int AS id, name`,
    [name, tokenHash(token)],
  );
  return rows[0]!;
}

/** The enabled operator holding this token, or null. */
export async function findOperator(q: Queryable, token: string): Promise<Operator | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const { rows } = await q.query<Operator>(
    'SELECT id::int AS id, name FROM operators WHERE token_hash = $1 AND disabled_at IS NULL',
    [tokenHash(token)],
  );
  return rows[0] ?? null;
}
