import {
  LIMIT_COOLING_OFF_MS, LIMIT_SESSION_MINUTES_MAX, type PlayLimit, type PlayLimitAuditEntry, type PlayLimitChange, type PlayLimitsView, type PlayWindow,
} from '@lobby/sdk';
import type { Database, Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { lockMember } from '../member-lock.js';
import { usedOf, utcMinute } from './limit-guard.js';
import {
  addAudit, auditOf, changeOfMember, closeChange, insertChange, limitsOf, limitValue, pendingChangeOf, pendingChangesOf, writeLimit,
  type Actor, type ChangeRow, type LimitKind, type LimitPeriod,
} from './limits-repository.js';
import { PERIODS, windowsOf, type Period } from './windows.js';

/**
 * The member's limits and their changes (issue 22; docs/RESPONSIBLE-PLAY.md "Limits"): a new
 * limit or a decrease applies at once; an increase or a removal waits 24 hours and then applies
 * only when the member confirms it; an operator may only lower. Every change is audited.
 * Each change takes the member's responsible-play lock first, like the money doors, so a
 * change and a deposit racing it are serialised.
 */

/** Refuses a kind and period that do not go together, and a session limit above 24 hours. */
export function checkLimit(kind: LimitKind, period: LimitPeriod, value: number | null): void {
  if ((kind === 'session') !== (period === 'session')) {
    throw new BusinessError('limitInvalid', kind === 'session' ? "period: the session limit's period is 'session'" : `period: a ${kind} limit is per day, week or month`);
  }
  if (kind === 'session' && value !== null && value > LIMIT_SESSION_MINUTES_MAX) {
    throw new BusinessError('limitInvalid', `value: a session limit is 1 to ${LIMIT_SESSION_MINUTES_MAX} minutes`);
  }
}

const changeView = (change: ChangeRow, at: Date): PlayLimitChange => ({
  id: change.id, kind: change.kind, period: change.period, fromValue: change.fromValue, toValue: change.toValue,
  requestedAt: change.requestedAt.toISOString(), effectiveAt: change.effectiveAt.toISOString(), due: at.getTime() >= change.effectiveAt.getTime(),
});

/** The member's limits page: limits with what their window used, pending changes, the three windows. */
export async function limitsView(q: Queryable, memberId: number, at: Date): Promise<PlayLimitsView> {
  const [limits, pending, windows] = await Promise.all([limitsOf(q, memberId), pendingChangesOf(q, memberId), windowsOf(q, memberId, at)]);
  const iso = (t: Date | null) => t?.toISOString() ?? null;
  return {
    serverTime: at.toISOString(),
    limits: limits.map((limit): PlayLimit => {
      if (limit.kind === 'stake' || limit.kind === 'session') {
        return { kind: limit.kind, period: limit.period, value: limit.value, setAt: limit.setAt.toISOString(), usedMinor: null, leftMinor: null, resetsAt: null };
      }
      const { usedMinor, resetsAt } = usedOf(limit.kind, windows[limit.period as Period]);
      return {
        kind: limit.kind, period: limit.period, value: limit.value, setAt: limit.setAt.toISOString(),
        usedMinor, leftMinor: Math.max(0, limit.value - usedMinor), resetsAt: iso(resetsAt),
      };
    }),
    pending: pending.map((change) => changeView(change, at)),
    windows: PERIODS.map((period): PlayWindow => {
      const w = windows[period];
      return {
        period, from: w.from.toISOString(), depositMinor: w.depositMinor, lossMinor: w.lossMinor, wagerMinor: w.wagerMinor,
        depositResetsAt: iso(w.depositResetsAt), lossResetsAt: iso(w.lossResetsAt), wagerResetsAt: iso(w.wagerResetsAt),
      };
    }),
  };
}

export interface SetOutcome {
  outcome: 'applied' | 'pending' | 'unchanged';
  change: PlayLimitChange | null;
}

/** Cancels the limit's open change (a new decision of the same limit replaces it), audited. */
async function cancelOpen(tx: Queryable, memberId: number, kind: LimitKind, period: LimitPeriod, actor: Actor, actorId: number | null, at: Date): Promise<void> {
  const open = await pendingChangeOf(tx, memberId, kind, period);
  if (!open) return;
  await closeChange(tx, open.id, 'cancelled', at);
  await addAudit(tx, { memberId, kind, period, action: 'cancelled', actor, actorId, fromValue: open.fromValue, toValue: open.toValue, at });
}

/** The member sets, lowers, raises or removes (value null) one limit. */
export async function setLimit(db: Database, memberId: number, kind: LimitKind, period: LimitPeriod, value: number | null, at: Date): Promise<SetOutcome> {
  checkLimit(kind, period, value);
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const current = await limitValue(tx, memberId, kind, period);
    if (current === value) {
      await cancelOpen(tx, memberId, kind, period, 'member', memberId, at);
      return { outcome: 'unchanged', change: null };
    }
    const lower = value !== null && (current === null || value < current);
    if (lower) {
      await cancelOpen(tx, memberId, kind, period, 'member', memberId, at);
      await writeLimit(tx, memberId, kind, period, value, at);
      await addAudit(tx, { memberId, kind, period, action: 'set', actor: 'member', actorId: memberId, fromValue: current, toValue: value, at });
      return { outcome: 'applied', change: null };
    }
    // An increase or a removal: pending 24 hours, then the member's confirmation.
    await cancelOpen(tx, memberId, kind, period, 'member', memberId, at);
    const change = await insertChange(tx, { memberId, kind, period, fromValue: current, toValue: value, requestedAt: at, effectiveAt: new Date(at.getTime() + LIMIT_COOLING_OFF_MS) });
    await addAudit(tx, { memberId, kind, period, action: 'requested', actor: 'member', actorId: memberId, fromValue: current, toValue: value, at });
    return { outcome: 'pending', change: changeView(change, at) };
  });
}

async function pendingOfMember(tx: Queryable, memberId: number, changeId: number): Promise<ChangeRow> {
  const change = await changeOfMember(tx, memberId, changeId);
  if (!change || change.state !== 'pending') throw new BusinessError('limitChangeNotFound', `changeId: no pending limit change ${changeId}`);
  return change;
}

/** The member confirms a pending increase or removal once its 24 hours passed; it applies then. */
export async function confirmChange(db: Database, memberId: number, changeId: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const change = await pendingOfMember(tx, memberId, changeId);
    if (at.getTime() < change.effectiveAt.getTime()) {
      throw new BusinessError('limitChangeNotDue', `This change can be confirmed from ${utcMinute(change.effectiveAt)}`, { effectiveAt: change.effectiveAt.toISOString() });
    }
    const current = await limitValue(tx, memberId, change.kind, change.period);
    await closeChange(tx, change.id, 'confirmed', at);
    await writeLimit(tx, memberId, change.kind, change.period, change.toValue, at);
    await addAudit(tx, { memberId, kind: change.kind, period: change.period, action: 'confirmed', actor: 'member', actorId: memberId, fromValue: current, toValue: change.toValue, at });
  });
}

/** The member withdraws a pending increase or removal; the limit stays. */
export async function cancelChange(db: Database, memberId: number, changeId: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const change = await pendingOfMember(tx, memberId, changeId);
    await closeChange(tx, change.id, 'cancelled', at);
    await addAudit(tx, { memberId, kind: change.kind, period: change.period, action: 'cancelled', actor: 'member', actorId: memberId, fromValue: change.fromValue, toValue: change.toValue, at });
  });
}

/** An operator lowers a member's limit (or sets one where none stands), at once; raising is refused. */
export async function operatorLower(
  db: Database,
  operatorId: number,
  memberId: number,
  kind: LimitKind,
  period: LimitPeriod,
  value: number,
  at: Date,
): Promise<{ fromValue: number | null }> {
  checkLimit(kind, period, value);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query('SELECT 1 FROM members WHERE id = $1', [memberId]);
    if (rows.length === 0) throw new BusinessError('limitMemberUnknown', `memberId: no member ${memberId}`);
    await lockMember(tx, memberId);
    const current = await limitValue(tx, memberId, kind, period);
    if (current !== null && value >= current) {
      throw new BusinessError('limitOnlyLower', `value: ${value} is not below the member's ${kind} limit per ${period} of ${current}; an operator can only lower it`);
    }
    // A pending increase would undo the operator's decision: it is cancelled.
    await cancelOpen(tx, memberId, kind, period, 'system', null, at);
    await writeLimit(tx, memberId, kind, period, value, at);
    await addAudit(tx, { memberId, kind, period, action: 'lowered', actor: 'operator', actorId: operatorId, fromValue: current, toValue: value, at });
    return { fromValue: current };
  });
}

/** The operator's read of a member's limits and audit trail (limitMemberUnknown for no such member). */
export async function operatorView(q: Queryable, memberId: number, at: Date): Promise<{ memberId: number; view: PlayLimitsView; audit: PlayLimitAuditEntry[] }> {
  const { rows } = await q.query('SELECT 1 FROM members WHERE id = $1', [memberId]);
  if (rows.length === 0) throw new BusinessError('limitMemberUnknown', `memberId: no member ${memberId}`);
  const [view, audit] = await Promise.all([limitsView(q, memberId, at), auditView(q, memberId)]);
  return { memberId, view, audit };
}

/** The member's audit trail as the page shows it (the operator's id stays on the desk). */
export async function auditView(q: Queryable, memberId: number): Promise<PlayLimitAuditEntry[]> {
  return (await auditOf(q, memberId)).map((e) => ({
    id: e.id, kind: e.kind, period: e.period, action: e.action, actor: e.actor, fromValue: e.fromValue, toValue: e.toValue, at: e.at.toISOString(),
  }));
}
