import { activityPagePath, type CampaignCard } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { statusAt, type ActivityState } from '../activities/engine/index.js';
import { guessFixtures } from './guesses.js';

/** The kinds whose activities are football campaigns, and the discount activities that fill a slot page. */
const CAMPAIGN_KINDS = ['football_guess', 'carnival', 'football_shot'];

/** The page of a campaign: a slot page when it fills one, the surviving page for a survivor guess, else its kind's page. */
function pathOf(kind: string, id: number, mode: string, slot: string): string {
  if (slot) return `/app/${slot}`;
  if (kind === 'football_guess' && mode === 'survivor') return `/app/surviving/${id}`;
  return activityPagePath(kind, id);
}

/**
 * The brand's football campaigns that are published or paused and not ended (the landing and
 * the slot pages read it), the latest first per slot, with the next football fixtures.
 */
export async function campaignOverviewOf(db: Database, siteId: number, now: Date) {
  const { rows } = await db.query<{ id: number; kind: string; title: string; state: ActivityState; starts_at: Date; ends_at: Date; mode: string | null; slot: string | null }>(
    `SELECT id, kind, title, state, starts_at, ends_at, config->>'mode' AS mode, config->>'campaignSlot' AS slot FROM promo_activities
      WHERE site_id = $1 AND state IN ('published', 'paused') AND ends_at > $2 AND (kind = ANY($3) OR (kind = 'discount' AND config ? 'campaignSlot'))
      ORDER BY sort, starts_at DESC, id DESC LIMIT 50`,
    [siteId, now, CAMPAIGN_KINDS],
  );
  const campaigns: CampaignCard[] = rows.map((row) => ({
    activityId: row.id, kind: row.kind, mode: row.mode ?? '', slot: row.slot ?? '', title: row.title,
    status: statusAt({ state: row.state, startsAt: row.starts_at, endsAt: row.ends_at }, now), endsAt: row.ends_at.toISOString(),
    path: pathOf(row.kind, row.id, row.mode ?? '', row.slot ?? ''),
  }));
  const fixtures = (await guessFixtures(db, null, now, 20)).filter((fixture) => fixture.status !== 'ended').slice(0, 8);
  return { campaigns, fixtures, serverTime: now.toISOString() };
}
