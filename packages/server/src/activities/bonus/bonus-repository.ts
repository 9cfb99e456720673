import { BONUS_DEFAULT_MAX_MULTIPLE, VENUE_CATEGORIES, type BonusStatus, type VenueCategory } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { brandVenues } from '../../venues/index.js';
import type { SiteBaseConfig } from '@lobby/sdk';
import type { WageringBet } from './wagering.js';

/** A bonus grant as stored (docs/BONUS-WAGERING.md). */
export interface GrantRow {
  id: number;
  activityId: number;
  activityTitle: string;
  activityKind: string;
  activityState: string;
  memberId: number;
  amountMinor: number;
  multiple: number;
  requiredMinor: number;
  weights: Partial<Record<number, number>>;
  maxBetMinor: number;
  termsVersion: number;
  status: BonusStatus;
  grantedAt: Date;
  expiresAt: Date;
  resolvedAt: Date | null;
}

const GRANT_SELECT = `SELECT g.id, g.activity_id, a.title, a.kind, a.state, g.member_id, g.amount_minor, g.multiple, g.required_minor, g.weights,
  g.max_bet_minor, g.terms_version, g.status, g.granted_at, g.expires_at, g.resolved_at
  FROM promo_bonus_grants g JOIN promo_activities a ON a.id = g.activity_id`;

interface RawGrant {
  id: string | number; activity_id: number; title: string; kind: string; state: string; member_id: string | number; amount_minor: string | number;
  multiple: number; required_minor: string | number; weights: Record<string, number>; max_bet_minor: string | number; terms_version: number;
  status: BonusStatus; granted_at: Date; expires_at: Date; resolved_at: Date | null;
}

function grantOf(row: RawGrant): GrantRow {
  return {
    id: Number(row.id), activityId: row.activity_id, activityTitle: row.title, activityKind: row.kind, activityState: row.state, memberId: Number(row.member_id),
    amountMinor: Number(row.amount_minor), multiple: row.multiple, requiredMinor: Number(row.required_minor), weights: row.weights,
    maxBetMinor: Number(row.max_bet_minor), termsVersion: row.terms_version, status: row.status,
    grantedAt: new Date(row.granted_at), expiresAt: new Date(row.expires_at), resolvedAt: row.resolved_at ? new Date(row.resolved_at) : null,
  };
}

/** Every bonus of a member in FIFO order (paid time, then id). */
export async function grantsOfMember(q: Queryable, memberId: number): Promise<GrantRow[]> {
  const { rows } = await q.query<RawGrant>(`${GRANT_SELECT} WHERE g.member_id = $1 ORDER BY g.granted_at, g.id`, [memberId]);
  return rows.map(grantOf);
}

/** One grant by id, or undefined. */
export async function grantById(q: Queryable, id: number): Promise<GrantRow | undefined> {
  const { rows } = await q.query<RawGrant>(`${GRANT_SELECT} WHERE g.id = $1`, [id]);
  return rows[0] ? grantOf(rows[0]) : undefined;
}

/** The grant paid by one claim row, or undefined. */
export async function grantOfClaim(q: Queryable, claimId: number): Promise<GrantRow | undefined> {
  const { rows } = await q.query<RawGrant>(`${GRANT_SELECT} WHERE g.claim_id = $1`, [claimId]);
  return rows[0] ? grantOf(rows[0]) : undefined;
}

/** Locks the member's wagering grants (id order), so one settles them at a time; answers their ids. */
export async function lockWagering(q: Queryable, memberId: number): Promise<number[]> {
  const { rows } = await q.query<{ id: string | number }>(
    "SELECT id FROM promo_bonus_grants WHERE member_id = $1 AND status = 'wagering' ORDER BY id FOR UPDATE", [memberId]);
  return rows.map((row) => Number(row.id));
}

/** Ends a wagering grant once; false when it was no longer wagering. */
export async function resolveGrant(q: Queryable, id: number, status: Exclude<BonusStatus, 'wagering'>, now: Date): Promise<boolean> {
  const { rows } = await q.query("UPDATE promo_bonus_grants SET status = $2, resolved_at = $3 WHERE id = $1 AND status = 'wagering' RETURNING id", [id, status, now]);
  return rows.length === 1;
}

export interface NewGrant {
  activityId: number; memberId: number; claimId: number; amountMinor: number; multiple: number; weights: Record<number, number>;
  maxBetMinor: number; termsVersion: number; grantedAt: Date; expiresAt: Date;
}

export async function insertGrant(q: Queryable, grant: NewGrant): Promise<number> {
  const { rows } = await q.query<{ id: string | number }>(
    `INSERT INTO promo_bonus_grants (activity_id, member_id, claim_id, amount_minor, multiple, required_minor, weights, max_bet_minor, terms_version, granted_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [grant.activityId, grant.memberId, grant.claimId, grant.amountMinor, grant.multiple, grant.amountMinor * grant.multiple, JSON.stringify(grant.weights),
      grant.maxBetMinor, grant.termsVersion, grant.grantedAt, grant.expiresAt],
  );
  return Number(rows[0]!.id);
}

/** Members with a wagering bonus, oldest first (the timer settles them). */
export async function membersWagering(q: Queryable, limit: number): Promise<number[]> {
  const { rows } = await q.query<{ member_id: string | number }>(
    "SELECT member_id FROM promo_bonus_grants WHERE status = 'wagering' GROUP BY member_id ORDER BY min(granted_at) LIMIT $1", [limit]);
  return rows.map((row) => Number(row.member_id));
}

/** A brand's largest wagering multiple: its own cap, else BONUS_DEFAULT_MAX_MULTIPLE. */
export async function brandMaxMultiple(q: Queryable, siteId: number): Promise<number> {
  const { rows } = await q.query<{ max_multiple: number }>('SELECT max_multiple FROM promo_bonus_caps WHERE site_id = $1', [siteId]);
  return rows[0]?.max_multiple ?? BONUS_DEFAULT_MAX_MULTIPLE;
}

/** Sets a brand's largest wagering multiple (1 to BONUS_MULTIPLE_CEILING; the table's CHECK stands behind it). */
export async function setBrandMaxMultiple(q: Queryable, siteId: number, maxMultiple: number, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO promo_bonus_caps (site_id, max_multiple, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (site_id) DO UPDATE SET max_multiple = excluded.max_multiple, updated_at = excluded.updated_at`,
    [siteId, maxMultiple, now],
  );
}

/**
 * The member's settled bets placed at or after `since`, in settlement order, each with its
 * venue category: the game's own category in the catalogue, else its venue's type in the
 * member's brand config, else unknown (null: counts nothing).
 */
export async function betsSince(q: Queryable, memberId: number, since: Date): Promise<WageringBet[]> {
  const { rows } = await q.query<{ stake_minor: string | number; valid_bet_minor: string | number; placed_at: Date; settled_at: Date; venue_code: string; category: number | null }>(
    `SELECT b.stake_minor, b.valid_bet_minor, b.placed_at, b.settled_at, b.venue_code, g.category
       FROM game_bets b LEFT JOIN games g ON g.venue_code = b.venue_code AND g.game_code = b.game_code
      WHERE b.member_id = $1 AND b.status = 'settled' AND b.settled_at IS NOT NULL AND b.placed_at >= $2
      ORDER BY b.settled_at, b.id`,
    [memberId, since],
  );
  if (rows.length === 0) return [];
  const venueTypes = await venueTypesOfMember(q, memberId);
  const categoryOf = (value: number | null | undefined): VenueCategory | null =>
    value !== null && value !== undefined && VENUE_CATEGORIES.includes(value as VenueCategory) ? value as VenueCategory : null;
  return rows.map((row) => ({
    stakeMinor: Number(row.stake_minor), validBetMinor: Number(row.valid_bet_minor), placedAt: new Date(row.placed_at), settledAt: new Date(row.settled_at),
    category: categoryOf(row.category ?? venueTypes.get(row.venue_code)),
  }));
}

async function venueTypesOfMember(q: Queryable, memberId: number): Promise<Map<string, number>> {
  const { rows } = await q.query<{ venues: SiteBaseConfig['venues'] | null }>(
    "SELECT s.config -> 'venues' AS venues FROM sites s JOIN members m ON m.site_id = s.site_id WHERE m.id = $1", [memberId]);
  return new Map(brandVenues(rows[0]?.venues ?? undefined).map((venue) => [venue.code, venue.gameType]));
}
