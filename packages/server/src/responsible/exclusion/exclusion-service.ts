import { EXCLUSION_COOLING_OFF_MS, type ExclusionState, type ExclusionStatus, type SelfExclusionPeriod } from '@lobby/sdk';
import type { Database, Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { lockMember } from '../member-lock.js';

/**
 * Time-outs and self-exclusion (issue 22 item 4; docs/RESPONSIBLE-PLAY.md "Time-out and
 * self-exclusion"). A break is one row of `rp_exclusions`: in force from the moment it is
 * taken until `ends_at` (never for a permanent self-exclusion), never lifted early, then a
 * 24-hour cooling-off, then closed only by the member's confirmation (`returned_at`).
 *
 * A break covers the account it was taken on; an operator-wide break (the default) also
 * covers every account of the same person on the operator's brands, recognised by the
 * identity keys stored with the break (docs/DECISIONS.md "Who is the same person across brands").
 */

export type ExclusionKind = 'timeOut' | 'selfExclusion';
export type ExclusionScope = 'operator' | 'brand';

export interface ExclusionRow {
  id: number;
  memberId: number;
  siteId: number;
  kind: ExclusionKind;
  period: string;
  scope: ExclusionScope;
  startedAt: Date;
  /** Null for a permanent self-exclusion. */
  endsAt: Date | null;
  returnedAt: Date | null;
}

interface Row {
  id: string | number; member_id: string | number; site_id: number; kind: ExclusionKind; period: string; scope: ExclusionScope;
  started_at: Date; ends_at: Date | null; returned_at: Date | null;
}

const COLUMNS = 'e.id, e.member_id, e.site_id, e.kind, e.period, e.scope, e.started_at, e.ends_at, e.returned_at';

const rowOf = (row: Row): ExclusionRow => ({
  id: Number(row.id), memberId: Number(row.member_id), siteId: row.site_id, kind: row.kind, period: row.period, scope: row.scope,
  startedAt: new Date(row.started_at), endsAt: row.ends_at === null ? null : new Date(row.ends_at), returnedAt: row.returned_at === null ? null : new Date(row.returned_at),
});

/**
 * The identity keys of a member as SQL over `$1` (the member id): the bound phone with its
 * area code, and each bank card's holder name with the card number (spaces dropped, name
 * trimmed and lower-cased).
 */
const KEYS_OF_MEMBER = `
  SELECT 'phone:' || area_code || ' ' || phone AS key FROM members WHERE id = $1 AND phone <> ''
  UNION
  SELECT 'namecard:' || lower(trim(real_name)) || '|' || replace(card_no, ' ', '') FROM member_bank_cards
   WHERE member_id = $1 AND replace(card_no, ' ', '') <> '' AND trim(real_name) <> ''`;

/** The member's identity keys now (what an operator-wide break stores). */
export async function identityKeysOf(q: Queryable, memberId: number): Promise<string[]> {
  const { rows } = await q.query<{ key: string }>(`${KEYS_OF_MEMBER} ORDER BY 1`, [memberId]);
  return rows.map((row) => row.key);
}

/** Every break not yet closed by a confirmation that covers the member: its own, and operator-wide ones of the same person. */
export async function openExclusionsOf(q: Queryable, memberId: number): Promise<ExclusionRow[]> {
  // The member's keys once, then the indexes: its own breaks (member_id) and operator-wide ones by key.
  const { rows } = await q.query<Row>(
    `WITH mine AS (${KEYS_OF_MEMBER})
     SELECT ${COLUMNS} FROM rp_exclusions e WHERE e.member_id = $1 AND e.returned_at IS NULL
     UNION
     SELECT ${COLUMNS} FROM rp_exclusions e JOIN rp_exclusion_keys k ON k.exclusion_id = e.id JOIN mine ON mine.key = k.key
      WHERE e.scope = 'operator' AND e.returned_at IS NULL
     ORDER BY id`,
    [memberId],
  );
  return rows.map(rowOf);
}

/** Where a break stands at `at`. */
export function stateAt(exclusion: Pick<ExclusionRow, 'endsAt' | 'returnedAt'>, at: Date): ExclusionState {
  if (exclusion.returnedAt) return 'open';
  if (exclusion.endsAt === null || at < exclusion.endsAt) return 'inForce';
  if (at.getTime() < exclusion.endsAt.getTime() + EXCLUSION_COOLING_OFF_MS) return 'coolingOff';
  return 'confirmationDue';
}

/** The break that governs: the one ending last (a permanent one first of all). */
function governing(exclusions: readonly ExclusionRow[]): ExclusionRow | null {
  let last: ExclusionRow | null = null;
  for (const exclusion of exclusions) {
    if (!last) last = exclusion;
    else if (last.endsAt !== null && (exclusion.endsAt === null || exclusion.endsAt >= last.endsAt)) last = exclusion;
  }
  return last;
}

/** The member's break as the status call answers it. */
export async function exclusionStatusOf(q: Queryable, memberId: number, at: Date): Promise<ExclusionStatus> {
  return statusOf(governing(await openExclusionsOf(q, memberId)), at);
}

function statusOf(exclusion: ExclusionRow | null, at: Date): ExclusionStatus {
  if (!exclusion) {
    return { state: 'open', kind: null, period: null, scope: null, siteId: null, startedAt: null, endsAt: null, permanent: false, coolingOffEndsAt: null, serverTime: at.toISOString() };
  }
  return {
    state: stateAt(exclusion, at), kind: exclusion.kind, period: exclusion.period, scope: exclusion.scope, siteId: exclusion.siteId,
    startedAt: exclusion.startedAt.toISOString(), endsAt: exclusion.endsAt?.toISOString() ?? null, permanent: exclusion.endsAt === null,
    coolingOffEndsAt: exclusion.endsAt ? new Date(exclusion.endsAt.getTime() + EXCLUSION_COOLING_OFF_MS).toISOString() : null,
    serverTime: at.toISOString(),
  };
}

/**
 * The refusal of a play door for a member under a break, or null: in force (exclusionTimeOut,
 * exclusionSelfExcluded), in the cooling-off (exclusionCoolingOff) or waiting for the
 * member's confirmation (exclusionReturnUnconfirmed). The message and `data.until` say until when.
 */
export async function breakRefusal(q: Queryable, memberId: number, at: Date): Promise<BusinessError | null> {
  const exclusion = governing(await openExclusionsOf(q, memberId));
  if (!exclusion) return null;
  const state = stateAt(exclusion, at);
  const coolingOffEnds = exclusion.endsAt ? new Date(exclusion.endsAt.getTime() + EXCLUSION_COOLING_OFF_MS) : null;
  const data = { state, kind: exclusion.kind, until: null as string | null };
  if (state === 'inForce') {
    data.until = exclusion.endsAt?.toISOString() ?? null;
    const until = exclusion.endsAt ? `until ${exclusion.endsAt.toISOString()}` : 'permanently';
    return exclusion.kind === 'timeOut'
      ? new BusinessError('exclusionTimeOut', `on a time-out ${until}: deposits, transfers in, bets, purchases and games are closed; withdrawals stay open`, data)
      : new BusinessError('exclusionSelfExcluded', `self-excluded ${until}: deposits, transfers in, bets, purchases and games are closed; withdrawals stay open`, data);
  }
  if (state === 'coolingOff') {
    data.until = coolingOffEnds!.toISOString();
    return new BusinessError('exclusionCoolingOff', `the break ended; play opens after the cooling-off, until ${data.until}, and the member's confirmation`, data);
  }
  return new BusinessError('exclusionReturnUnconfirmed', 'the cooling-off is over: confirm the return to play on the play break page first', data);
}

/** When a break taken at `at` ends (null: permanent). */
export function endOf(kind: ExclusionKind, at: Date, days: number | undefined, period: SelfExclusionPeriod | undefined): { endsAt: Date | null; period: string } {
  if (kind === 'timeOut') {
    if (days === undefined || period !== undefined || !Number.isInteger(days) || days < 1 || days > 42) {
      throw new BusinessError('exclusionPeriodInvalid', 'a time-out takes days (1 to 42) and no period');
    }
    return { endsAt: new Date(at.getTime() + days * 86_400_000), period: `${days}d` };
  }
  if (period === undefined || days !== undefined) throw new BusinessError('exclusionPeriodInvalid', 'a self-exclusion takes a period (6m, 1y, 5y, permanent) and no days');
  if (period === 'permanent') return { endsAt: null, period };
  const months = { '6m': 6, '1y': 12, '5y': 60 }[period];
  const end = new Date(at);
  end.setUTCMonth(end.getUTCMonth() + months);
  return { endsAt: end, period };
}

export interface BreakInput {
  memberId: number;
  siteId: number;
  kind: ExclusionKind;
  days?: number;
  period?: SelfExclusionPeriod;
  scope: ExclusionScope;
  /** One key is one break: a repeat answers the break it took. */
  requestKey: string;
  at: Date;
}

/**
 * Takes a break, effective at `at`, in one transaction under the member's responsible-play
 * lock (so no money door of the member passes beside it). A break that would end before
 * one already in force over the same accounts is refused (exclusionEndsEarlier): nothing
 * shortens a break. Answers the break and whether this call took it.
 */
export async function takeBreak(db: Database, input: BreakInput): Promise<{ exclusion: ExclusionRow; fresh: boolean }> {
  const { endsAt, period } = endOf(input.kind, input.at, input.days, input.period);
  return db.transaction(async (tx) => {
    await lockMember(tx, input.memberId);
    const earlier = await tx.query<Row>(`SELECT ${COLUMNS} FROM rp_exclusions e WHERE e.member_id = $1 AND e.request_key = $2`, [input.memberId, input.requestKey]);
    if (earlier.rows[0]) return { exclusion: rowOf(earlier.rows[0]), fresh: false };
    for (const current of await openExclusionsOf(tx, input.memberId)) {
      if (stateAt(current, input.at) !== 'inForce') continue;
      const lastsLonger = current.endsAt === null || (endsAt !== null && current.endsAt >= endsAt);
      const coversAsMuch = current.scope === 'operator' || input.scope === 'brand';
      if (lastsLonger && coversAsMuch) {
        throw new BusinessError('exclusionEndsEarlier', `a break in force already lasts ${current.endsAt ? `until ${current.endsAt.toISOString()}` : 'permanently'}; breaks are never shortened`, {
          until: current.endsAt?.toISOString() ?? null,
        });
      }
    }
    const { rows } = await tx.query<Row>(
      `INSERT INTO rp_exclusions AS e (member_id, site_id, kind, period, scope, started_at, ends_at, request_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [input.memberId, input.siteId, input.kind, period, input.scope, input.at, endsAt, input.requestKey],
    );
    const exclusion = rowOf(rows[0]!);
    if (input.scope === 'operator') {
      await tx.query(`INSERT INTO rp_exclusion_keys (exclusion_id, key) SELECT $2, key FROM (${KEYS_OF_MEMBER}) keys ON CONFLICT DO NOTHING`, [input.memberId, exclusion.id]);
    }
    return { exclusion, fresh: true };
  });
}

/** Every account a break covers: the one it was taken on and, operator-wide, every account sharing one of its identity keys. */
export async function accountsCovered(q: Queryable, exclusion: Pick<ExclusionRow, 'id' | 'memberId' | 'scope'>): Promise<{ memberId: number; siteId: number }[]> {
  const { rows } = await q.query<{ id: string | number; site_id: number }>(
    `SELECT m.id, m.site_id FROM members m WHERE m.id = $1
     UNION
     SELECT m.id, m.site_id FROM members m JOIN rp_exclusion_keys k ON k.exclusion_id = $2 AND $3 = 'operator'
      WHERE k.key = 'phone:' || m.area_code || ' ' || m.phone AND m.phone <> ''
     UNION
     SELECT m.id, m.site_id FROM members m JOIN member_bank_cards c ON c.member_id = m.id JOIN rp_exclusion_keys k ON k.exclusion_id = $2 AND $3 = 'operator'
      WHERE k.key = 'namecard:' || lower(trim(c.real_name)) || '|' || replace(c.card_no, ' ', '')
     ORDER BY 1`,
    [exclusion.memberId, exclusion.id, exclusion.scope],
  );
  return rows.map((row) => ({ memberId: Number(row.id), siteId: row.site_id }));
}

/**
 * Closes the member's breaks once the cooling-off is over (the member's confirmation);
 * refused with exclusionNothingToConfirm while a break is in force or cooling off, or when
 * there is none. Answers the status after it.
 */
export async function confirmReturn(db: Database, memberId: number, at: Date): Promise<ExclusionStatus> {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const open = await openExclusionsOf(tx, memberId);
    const last = governing(open);
    if (!last || stateAt(last, at) !== 'confirmationDue') {
      const state = last ? stateAt(last, at) : 'open';
      const until = last && state === 'coolingOff' ? ` (the cooling-off ends ${new Date(last.endsAt!.getTime() + EXCLUSION_COOLING_OFF_MS).toISOString()})` : '';
      throw new BusinessError('exclusionNothingToConfirm', `nothing to confirm: the break is ${state}${until}`, { state });
    }
    await tx.query('UPDATE rp_exclusions SET returned_at = $2 WHERE id = ANY($1::bigint[]) AND returned_at IS NULL', [open.map((e) => e.id), at]);
    return exclusionStatusOf(tx, memberId, at);
  });
}

/** The operator's list of breaks, newest first. */
export async function exclusionsForOps(q: Queryable, filter: { siteId?: number; memberName?: string; limit: number }, at: Date) {
  const { rows } = await q.query<Row & { name: string }>(
    `SELECT ${COLUMNS}, m.name FROM rp_exclusions e JOIN members m ON m.id = e.member_id
      WHERE ($1::int IS NULL OR e.site_id = $1) AND ($2::text IS NULL OR m.name = lower($2))
      ORDER BY e.id DESC LIMIT $3`,
    [filter.siteId ?? null, filter.memberName ?? null, filter.limit],
  );
  return rows.map((row) => {
    const e = rowOf(row);
    return {
      id: e.id, memberId: e.memberId, memberName: row.name, siteId: e.siteId, kind: e.kind, period: e.period, scope: e.scope,
      startedAt: e.startedAt.toISOString(), endsAt: e.endsAt?.toISOString() ?? null, returnedAt: e.returnedAt?.toISOString() ?? null, state: stateAt(e, at),
    };
  });
}
