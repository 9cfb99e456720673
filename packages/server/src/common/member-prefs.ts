import { DESIRE_VENUE_KINDS, PASSWORD_MAX_AGE_DAYS, type Desire } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { BANK_CARD_LIMIT } from '../banks/bank-cards.js';
import { VIRTUAL_ADDRESS_LIMIT } from '../banks/virtual-addresses.js';

const DAY_MS = 86_400_000;

/** The member's stored preferences, or none yet. */
export async function desireOf(db: Queryable, memberId: number): Promise<{ isSet: boolean; desire: Desire; updatedAt: number }> {
  const { rows } = await db.query<{ venueKinds: string; languages: string; updatedAt: number }>(
    `SELECT venue_kinds AS "venueKinds", languages, (extract(epoch FROM updated_at) * 1000)::bigint AS "updatedAt"
       FROM member_desires WHERE member_id = $1`,
    [memberId],
  );
  const row = rows[0];
  if (!row) return { isSet: false, desire: { venueKinds: [], languages: [] }, updatedAt: 0 };
  return { isSet: true, desire: JSON.parse(`{"venueKinds":${row.venueKinds},"languages":${row.languages}}`) as Desire, updatedAt: Number(row.updatedAt) };
}

/** Saves preferences: at least one venue kind, none twice; throws desireInvalid otherwise. */
export async function saveDesire(db: Queryable, memberId: number, desire: Desire, nowMs: number): Promise<{ isSet: boolean; desire: Desire; updatedAt: number }> {
  if (desire.venueKinds.length === 0) throw new BusinessError('desireInvalid', `venueKinds: choose 1 to ${DESIRE_VENUE_KINDS.length}`);
  if (new Set(desire.venueKinds).size !== desire.venueKinds.length || new Set(desire.languages).size !== desire.languages.length) {
    throw new BusinessError('desireInvalid', 'venueKinds and languages: each at most once');
  }
  await db.query(
    `INSERT INTO member_desires (member_id, venue_kinds, languages, updated_at) VALUES ($1, $2, $3, to_timestamp($4 / 1000.0))
     ON CONFLICT (member_id) DO UPDATE SET venue_kinds = EXCLUDED.venue_kinds, languages = EXCLUDED.languages, updated_at = EXCLUDED.updated_at`,
    [memberId, JSON.stringify(desire.venueKinds), JSON.stringify(desire.languages), nowMs],
  );
  return { isSet: true, desire: { venueKinds: [...desire.venueKinds], languages: [...desire.languages] }, updatedAt: nowMs };
}

/** Bindings of the member and their limits (bank cards and addresses by the banks feature's rules; one phone, one address). */
export async function bindingsOf(db: Queryable, memberId: number) {
  const { rows } = await db.query<{ cards: number; virtual: number; phone: number; address: number }>(
    `SELECT (SELECT count(*)::int FROM member_bank_cards WHERE member_id = $1) AS cards,
            (SELECT count(*)::int FROM member_virtual_addresses WHERE member_id = $1) AS virtual,
            (SELECT CASE WHEN phone <> '' THEN 1 ELSE 0 END FROM members WHERE id = $1) AS phone,
            (SELECT count(*)::int FROM member_addresses WHERE member_id = $1) AS address`,
    [memberId],
  );
  const row = rows[0]!;
  return {
    bankCards: { bound: row.cards, max: BANK_CARD_LIMIT },
    virtualAddresses: { bound: row.virtual, max: VIRTUAL_ADDRESS_LIMIT },
    phones: { bound: row.phone, max: 1 },
    addresses: { bound: row.address, max: 1 },
  };
}

/** Whether the member must change its password: flagged by the operator, or older than PASSWORD_MAX_AGE_DAYS (counted from registration when never changed). */
export async function passwordCheckOf(db: Queryable, memberId: number, nowMs: number) {
  const { rows } = await db.query<{ changedAtMs: number; mustChange: boolean }>(
    `SELECT (extract(epoch FROM coalesce(p.changed_at, m.created_at)) * 1000)::bigint AS "changedAtMs", coalesce(p.must_change, false) AS "mustChange"
       FROM members m LEFT JOIN member_password_state p ON p.member_id = m.id WHERE m.id = $1`,
    [memberId],
  );
  const row = rows[0]!;
  const passwordAgeDays = Math.max(0, Math.floor((nowMs - Number(row.changedAtMs)) / DAY_MS));
  const reason = row.mustChange ? ('operator' as const) : passwordAgeDays >= PASSWORD_MAX_AGE_DAYS ? ('expired' as const) : ('none' as const);
  return { mustChange: reason !== 'none', reason, passwordAgeDays, maxAgeDays: PASSWORD_MAX_AGE_DAYS };
}

/** The operator asks the member to change its password; the next change clears it. */
export async function flagPasswordChange(db: Queryable, memberId: number): Promise<void> {
  await db.query(
    `INSERT INTO member_password_state (member_id, must_change) VALUES ($1, true) ON CONFLICT (member_id) DO UPDATE SET must_change = true`,
    [memberId],
  );
}
