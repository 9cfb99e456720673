import type { Queryable } from '../../db/database.js';

/** The rows of migration 1000: limits, their pending changes, and the audit trail. */

export type LimitKind = 'deposit' | 'loss' | 'wager' | 'stake' | 'session';
export type MoneyKind = Exclude<LimitKind, 'session'>;
export type LimitPeriod = 'day' | 'week' | 'month' | 'session';
export type Actor = 'member' | 'operator' | 'system';
export type AuditAction = 'set' | 'requested' | 'confirmed' | 'cancelled' | 'lowered';

export interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  /** Fen; minutes for kind 'session'. */
  value: number;
  setAt: Date;
}

export interface ChangeRow {
  id: number;
  memberId: number;
  kind: LimitKind;
  period: LimitPeriod;
  fromValue: number | null;
  /** null: the limit is removed. */
  toValue: number | null;
  requestedAt: Date;
  effectiveAt: Date;
  state: 'pending' | 'confirmed' | 'cancelled';
}

export interface AuditRow {
  id: number;
  kind: LimitKind;
  period: LimitPeriod;
  action: AuditAction;
  actor: Actor;
  actorId: number | null;
  fromValue: number | null;
  toValue: number | null;
  at: Date;
}

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const KIND_ORDER = `array_position(ARRAY['deposit','loss','wager','stake','session'], kind), array_position(ARRAY['day','week','month','session'], period)`;

/** The member's limits in force, in a stable order (kind, then period). */
export async function limitsOf(q: Queryable, memberId: number): Promise<LimitRow[]> {
  const { rows } = await q.query<{ kind: LimitKind; period: LimitPeriod; value: string | number; set_at: Date | string }>(
    `SELECT kind, period, value, set_at FROM rp_limits WHERE member_id = $1 ORDER BY ${KIND_ORDER}`,
    [memberId],
  );
  return rows.map((r) => ({ kind: r.kind, period: r.period, value: Number(r.value), setAt: new Date(r.set_at) }));
}

/** One limit's value, or null when none stands. */
export async function limitValue(q: Queryable, memberId: number, kind: LimitKind, period: LimitPeriod): Promise<number | null> {
  const { rows } = await q.query<{ value: string | number }>('SELECT value FROM rp_limits WHERE member_id = $1 AND kind = $2 AND period = $3', [memberId, kind, period]);
  return nullableNumber(rows[0]?.value);
}

/** Puts the limit at `value` (null removes it). */
export async function writeLimit(q: Queryable, memberId: number, kind: LimitKind, period: LimitPeriod, value: number | null, at: Date): Promise<void> {
  if (value === null) {
    await q.query('DELETE FROM rp_limits WHERE member_id = $1 AND kind = $2 AND period = $3', [memberId, kind, period]);
    return;
  }
  await q.query(
    `INSERT INTO rp_limits (member_id, kind, period, value, set_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id, kind, period) DO UPDATE SET value = EXCLUDED.value, set_at = EXCLUDED.set_at`,
    [memberId, kind, period, value, at.toISOString()],
  );
}

interface RawChange {
  id: string | number;
  member_id: string | number;
  kind: LimitKind;
  period: LimitPeriod;
  from_value: string | number | null;
  to_value: string | number | null;
  requested_at: Date | string;
  effective_at: Date | string;
  state: ChangeRow['state'];
}
const CHANGE_COLUMNS = 'id, member_id, kind, period, from_value, to_value, requested_at, effective_at, state';
const changeOf = (r: RawChange): ChangeRow => ({
  id: Number(r.id),
  memberId: Number(r.member_id),
  kind: r.kind,
  period: r.period,
  fromValue: nullableNumber(r.from_value),
  toValue: nullableNumber(r.to_value),
  requestedAt: new Date(r.requested_at),
  effectiveAt: new Date(r.effective_at),
  state: r.state,
});

/** The member's pending changes, oldest first. */
export async function pendingChangesOf(q: Queryable, memberId: number): Promise<ChangeRow[]> {
  const { rows } = await q.query<RawChange>(`SELECT ${CHANGE_COLUMNS} FROM rp_limit_changes WHERE member_id = $1 AND state = 'pending' ORDER BY id`, [memberId]);
  return rows.map(changeOf);
}

/** The member's change by id (another member's is not found). */
export async function changeOfMember(q: Queryable, memberId: number, changeId: number): Promise<ChangeRow | undefined> {
  const { rows } = await q.query<RawChange>(`SELECT ${CHANGE_COLUMNS} FROM rp_limit_changes WHERE id = $1 AND member_id = $2`, [changeId, memberId]);
  return rows[0] ? changeOf(rows[0]) : undefined;
}

/** The pending change of one limit, if any. */
export async function pendingChangeOf(q: Queryable, memberId: number, kind: LimitKind, period: LimitPeriod): Promise<ChangeRow | undefined> {
  const { rows } = await q.query<RawChange>(
    `SELECT ${CHANGE_COLUMNS} FROM rp_limit_changes WHERE member_id = $1 AND kind = $2 AND period = $3 AND state = 'pending'`,
    [memberId, kind, period],
  );
  return rows[0] ? changeOf(rows[0]) : undefined;
}

export async function insertChange(
  q: Queryable,
  change: { memberId: number; kind: LimitKind; period: LimitPeriod; fromValue: number | null; toValue: number | null; requestedAt: Date; effectiveAt: Date },
): Promise<ChangeRow> {
  const { rows } = await q.query<RawChange>(
    `INSERT INTO rp_limit_changes (member_id, kind, period, from_value, to_value, requested_at, effective_at, state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending') RETURNING ${CHANGE_COLUMNS}`,
    [change.memberId, change.kind, change.period, change.fromValue, change.toValue, change.requestedAt.toISOString(), change.effectiveAt.toISOString()],
  );
  return changeOf(rows[0]!);
}

export async function closeChange(q: Queryable, changeId: number, state: 'confirmed' | 'cancelled', at: Date): Promise<void> {
  await q.query(`UPDATE rp_limit_changes SET state = $2, decided_at = $3 WHERE id = $1 AND state = 'pending'`, [changeId, state, at.toISOString()]);
}

export async function addAudit(
  q: Queryable,
  entry: { memberId: number; kind: LimitKind; period: LimitPeriod; action: AuditAction; actor: Actor; actorId: number | null; fromValue: number | null; toValue: number | null; at: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO rp_limit_audit (member_id, kind, period, action, actor, actor_id, from_value, to_value, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [entry.memberId, entry.kind, entry.period, entry.action, entry.actor, entry.actorId, entry.fromValue, entry.toValue, entry.at.toISOString()],
  );
}

/** The member's audit trail, newest first (at most `limit` entries). */
export async function auditOf(q: Queryable, memberId: number, limit = 200): Promise<AuditRow[]> {
  const { rows } = await q.query<{
    id: string | number; kind: LimitKind; period: LimitPeriod; action: AuditAction; actor: Actor; actor_id: string | number | null;
    from_value: string | number | null; to_value: string | number | null; at: Date | string;
  }>('SELECT id, kind, period, action, actor, actor_id, from_value, to_value, at FROM rp_limit_audit WHERE member_id = $1 ORDER BY id DESC LIMIT $2', [memberId, limit]);
  return rows.map((r) => ({
    id: Number(r.id), kind: r.kind, period: r.period, action: r.action, actor: r.actor, actorId: nullableNumber(r.actor_id),
    fromValue: nullableNumber(r.from_value), toValue: nullableNumber(r.to_value), at: new Date(r.at),
  }));
}
